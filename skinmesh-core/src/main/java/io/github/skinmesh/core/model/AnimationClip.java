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
 * <p>The clip's {@linkplain #duration() duration} is the last key time over all channels (glTF),
 * unless a longer one is declared with {@link #withDuration}: a glTF animation lasts until the last
 * key of all its channels, including channels the import drops (a node outside the skeleton, a
 * path it does not read), so its clip keeps that length. After a channel's last key its property
 * holds the last value, to the clip's end. Channels may start after 0. A bone property has at most
 * one channel, and so does a morph target.
 *
 * <p>Immutable and thread-safe.
 */
public final class AnimationClip {
    private final String name;
    private final List<BoneChannel> channels;
    private final List<MorphChannel> morphChannels;
    private final float duration;
    private final float lastKeyTime;
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
        this.lastKeyTime = end;
        this.startTime = start == Float.POSITIVE_INFINITY ? 0 : start;
    }

    /** A copy of {@code clip} lasting {@code duration} seconds, checked by {@link #withDuration}. */
    private AnimationClip(AnimationClip clip, float duration) {
        this.name = clip.name;
        this.channels = clip.channels;
        this.morphChannels = clip.morphChannels;
        this.duration = duration;
        this.lastKeyTime = clip.lastKeyTime;
        this.startTime = clip.startTime;
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

    /**
     * @return how long the clip lasts, in seconds: its declared duration ({@link #withDuration}),
     *     else its {@linkplain #lastKeyTime() last key time} (0 for a clip without channels)
     */
    public float duration() {
        return duration;
    }

    /** @return the last key time over all channels in seconds (0 for a clip without channels), at most the duration */
    public float lastKeyTime() {
        return lastKeyTime;
    }

    /**
     * This clip with another duration: the same channels, lasting until {@code seconds} (their
     * properties hold their last values after their last keys). A duration equal to the last key
     * time gives a clip equal to {@link #of} of the same channels.
     *
     * @param seconds the duration, finite and at least {@link #lastKeyTime()}
     * @return the clip
     * @throws ValidationException when {@code seconds} is not finite or ends before the last key
     *     (naming the clip, the value and the last key time)
     */
    public AnimationClip withDuration(float seconds) {
        if (!(seconds >= lastKeyTime) || seconds == Float.POSITIVE_INFINITY) {
            throw new ValidationException("clip " + Checks.quote(name) + ": duration " + seconds
                    + " s, expected a finite number of seconds >= its last key time " + lastKeyTime + " s");
        }
        float d = seconds + 0f; // -0 becomes 0, as of() counts a clip whose keys all lie at 0
        return Float.floatToIntBits(d) == Float.floatToIntBits(duration) ? this : new AnimationClip(this, d);
    }

    /** @return the earliest key time in seconds (0 for a clip without channels) */
    public float startTime() {
        return startTime;
    }

    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof AnimationClip && ((AnimationClip) o).name.equals(name)
                && ((AnimationClip) o).channels.equals(channels) && ((AnimationClip) o).morphChannels.equals(morphChannels)
                && Float.floatToIntBits(((AnimationClip) o).duration) == Float.floatToIntBits(duration));
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, channels, morphChannels, duration);
    }

    @Override
    public String toString() {
        return "AnimationClip[" + Checks.quote(name) + ", " + channels.size() + " channels, " + morphChannels.size()
                + " morph channels, " + duration + " s]";
    }
}
