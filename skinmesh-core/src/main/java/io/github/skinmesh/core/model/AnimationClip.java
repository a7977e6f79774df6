package io.github.skinmesh.core.model;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A named animation: bone channels (translation, rotation, scale per bone, by bone name) and
 * morph-weight channels.
 *
 * <p>The clip's {@linkplain #duration() duration} is the last key time over all channels (glTF);
 * channels may start after 0. A bone property has at most one channel, and so does a morph target.
 *
 * <p>Immutable and thread-safe.
 */
public final class AnimationClip {
    private final String name;
    private final List<BoneChannel> channels;
    private final List<MorphChannel> morphChannels;
    private final float duration;
    private final float startTime;

    private AnimationClip(String name, List<BoneChannel> channels, List<MorphChannel> morphChannels) {
        this.name = Objects.requireNonNull(name, "name");
        this.channels = List.copyOf(channels);
        this.morphChannels = List.copyOf(morphChannels);
        String where = "clip " + Checks.quote(name);
        Set<String> seen = new HashSet<>();
        float end = 0;
        float start = Float.POSITIVE_INFINITY;
        for (BoneChannel c : this.channels) {
            if (!seen.add(c.path() + "\u0000" + c.bone())) {
                throw new ValidationException(where + ": bone " + Checks.quote(c.bone()) + " has two "
                        + c.path().name().toLowerCase(java.util.Locale.ROOT) + " channels, expected at most one");
            }
            end = Math.max(end, c.endTime());
            start = Math.min(start, c.startTime());
        }
        for (MorphChannel c : this.morphChannels) {
            if (!seen.add("weights\u0000" + c.target())) {
                throw new ValidationException(where + ": target " + Checks.quote(c.target())
                        + " has two morph weight channels, expected at most one");
            }
            end = Math.max(end, c.endTime());
            start = Math.min(start, c.startTime());
        }
        this.duration = end;
        this.startTime = start == Float.POSITIVE_INFINITY ? 0 : start;
    }

    /**
     * Creates a clip.
     *
     * @param name the clip's name (may be empty)
     * @param channels bone channels
     * @param morphChannels morph-weight channels
     * @return the clip
     * @throws ValidationException when a bone property or morph target has two channels
     */
    public static AnimationClip of(String name, List<BoneChannel> channels, List<MorphChannel> morphChannels) {
        return new AnimationClip(name, channels, morphChannels);
    }

    /**
     * Creates a clip without morph channels.
     *
     * @param name the clip's name
     * @param channels bone channels
     * @return the clip
     */
    public static AnimationClip of(String name, List<BoneChannel> channels) {
        return new AnimationClip(name, channels, List.of());
    }

    /** @return the name (may be empty) */
    public String name() {
        return name;
    }

    /** @return the bone channels, read-only */
    public List<BoneChannel> channels() {
        return channels;
    }

    /** @return the morph-weight channels, read-only */
    public List<MorphChannel> morphChannels() {
        return morphChannels;
    }

    /** @return the last key time in seconds (0 for a clip without channels) */
    public float duration() {
        return duration;
    }

    /** @return the earliest key time in seconds (0 for a clip without channels) */
    public float startTime() {
        return startTime;
    }

    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof AnimationClip && ((AnimationClip) o).name.equals(name)
                && ((AnimationClip) o).channels.equals(channels) && ((AnimationClip) o).morphChannels.equals(morphChannels));
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, channels, morphChannels);
    }

    @Override
    public String toString() {
        return "AnimationClip[" + Checks.quote(name) + ", " + channels.size() + " channels, " + morphChannels.size()
                + " morph channels, " + duration + " s]";
    }
}
