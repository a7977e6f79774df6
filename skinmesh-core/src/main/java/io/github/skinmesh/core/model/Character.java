package io.github.skinmesh.core.model;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A whole character: a {@link Skeleton}, the {@link Part}s placed on it and the
 * {@link AnimationClip}s that animate it. File formats read into and write from characters;
 * combine takes parts and gives a character with one part.
 *
 * <p>Invariants, checked at construction: part names are unique; every attach bone, every
 * skinned part's palette bone and every clip's bone channel names a bone of the skeleton; every
 * clip's morph-weight channel targets a part (by the part's name) and has one weight per morph
 * target of that part's mesh. Clip names need not be unique; {@link #clip(String)} finds the first.
 *
 * <p>Immutable and thread-safe. Equality compares the name, the skeleton, the parts and the clips,
 * in order.
 *
 * <pre>{@code
 * Character hero = Character.builder("hero", skeleton)
 *         .addPart(Part.of("body", body))
 *         .addPart(Part.of("sword", sword, "hand_R", swordGrip))
 *         .addClip(walk)
 *         .build();
 * }</pre>
 */
public final class Character {
    private final String name;
    private final Skeleton skeleton;
    private final List<Part> parts;
    private final List<AnimationClip> clips;

    private Character(String name, Skeleton skeleton, List<Part> parts, List<AnimationClip> clips) {
        this.name = Objects.requireNonNull(name, "name");
        this.skeleton = Objects.requireNonNull(skeleton, "skeleton");
        this.parts = List.copyOf(parts);
        this.clips = List.copyOf(clips);
        validate();
    }

    /**
     * Creates a character.
     *
     * @param name the character's name (may be empty)
     * @param skeleton the skeleton every part and clip refers to
     * @param parts the parts, names unique
     * @param clips the clips
     * @return the character
     * @throws ValidationException as {@link Builder#build()}
     */
    public static Character of(String name, Skeleton skeleton, List<Part> parts, List<AnimationClip> clips) {
        return new Character(name, skeleton, parts, clips);
    }

    /**
     * Starts a character.
     *
     * @param name the character's name (may be empty)
     * @param skeleton the skeleton every part and clip refers to
     * @return a builder
     */
    public static Builder builder(String name, Skeleton skeleton) {
        return new Builder(name, skeleton);
    }

    /** @return the name (may be empty) */
    public String name() {
        return name;
    }

    /** @return the skeleton */
    public Skeleton skeleton() {
        return skeleton;
    }

    /** @return the parts, read-only, in order */
    public List<Part> parts() {
        return parts;
    }

    /** @return the clips, read-only, in order */
    public List<AnimationClip> clips() {
        return clips;
    }

    /**
     * @param partName a part name
     * @return the part of that name, or {@code null}
     */
    public @Nullable Part part(String partName) {
        int i = partIndex(partName);
        return i < 0 ? null : parts.get(i);
    }

    /**
     * @param partName a part name
     * @return the index of the part of that name, or {@link Index#NONE} when there is none
     */
    public int partIndex(String partName) {
        for (int i = 0; i < parts.size(); i++) {
            if (parts.get(i).name().equals(partName)) {
                return i;
            }
        }
        return Index.NONE;
    }

    /**
     * @param clipName a clip name
     * @return the first clip of that name, or {@code null}
     */
    public @Nullable AnimationClip clip(String clipName) {
        for (AnimationClip c : clips) {
            if (c.name().equals(clipName)) {
                return c;
            }
        }
        return null;
    }

    /** @return the skinned parts, in order (a fresh list) */
    public List<Part> skinnedParts() {
        List<Part> out = new ArrayList<>();
        for (Part p : parts) {
            if (p.isSkinned()) {
                out.add(p);
            }
        }
        return out;
    }

    /** @return the vertices of all parts */
    public long vertexCount() {
        long n = 0;
        for (Part p : parts) {
            n += p.mesh().vertexCount();
        }
        return n;
    }

    /** @return the distinct materials of all parts, in order of first use (a fresh list) */
    public List<Material> materials() {
        LinkedHashSet<Material> set = new LinkedHashSet<>();
        for (Part p : parts) {
            set.addAll(p.mesh().materials());
        }
        return new ArrayList<>(set);
    }

    /** @return the distinct images of all materials, in order of first use (a fresh list) */
    public List<Image> images() {
        LinkedHashSet<Image> set = new LinkedHashSet<>();
        for (Material m : materials()) {
            for (TextureRef t : m.textures().values()) {
                set.add(t.image());
            }
        }
        return new ArrayList<>(set);
    }

    /**
     * Returns this character with other parts.
     *
     * @param newParts the parts
     * @return a new character with the same name, skeleton and clips
     * @throws ValidationException as {@link Builder#build()}
     */
    public Character withParts(List<Part> newParts) {
        return new Character(name, skeleton, newParts, clips);
    }

    /**
     * Returns this character with other clips.
     *
     * @param newClips the clips
     * @return a new character with the same name, skeleton and parts
     * @throws ValidationException as {@link Builder#build()}
     */
    public Character withClips(List<AnimationClip> newClips) {
        return new Character(name, skeleton, parts, newClips);
    }

    private void validate() {
        String owner = "character " + Checks.quote(name);
        Map<String, Part> byName = new HashMap<>();
        for (int i = 0; i < parts.size(); i++) {
            Part part = parts.get(i);
            String where = owner + ": part " + i + " " + Checks.quote(part.name());
            Part previous = byName.put(part.name(), part);
            if (previous != null) {
                throw new ValidationException(where + ": name used by part " + parts.indexOf(previous)
                        + ", expected unique part names");
            }
            String bone = part.attachBone();
            if (bone != null && skeleton.indexOf(bone) < 0) {
                throw new ValidationException(where + ": attach bone " + Checks.quote(bone) + " is not in skeleton "
                        + Checks.quote(skeleton.name()));
            }
            Skin skin = part.mesh().skin();
            if (skin != null) {
                for (int e = 0; e < skin.paletteSize(); e++) {
                    if (skeleton.indexOf(skin.boneName(e)) < 0) {
                        throw new ValidationException(where + ": palette entry " + e + " bone "
                                + Checks.quote(skin.boneName(e)) + " is not in skeleton " + Checks.quote(skeleton.name()));
                    }
                }
            }
        }
        for (AnimationClip clip : clips) {
            String where = owner + ": clip " + Checks.quote(clip.name());
            for (BoneChannel c : clip.channels()) {
                if (skeleton.indexOf(c.bone()) < 0) {
                    throw new ValidationException(where + ": channel bone " + Checks.quote(c.bone())
                            + " is not in skeleton " + Checks.quote(skeleton.name()));
                }
            }
            for (MorphChannel c : clip.morphChannels()) {
                Part target = byName.get(c.target());
                if (target == null) {
                    throw new ValidationException(where + ": morph channel target " + Checks.quote(c.target())
                            + " is not a part of the character");
                }
                int targets = target.mesh().morphTargets().size();
                if (c.weightCount() != targets) {
                    throw new ValidationException(where + ": morph channel " + Checks.quote(c.target())
                            + " weightCount " + c.weightCount() + ", expected the part's morph target count " + targets);
                }
            }
        }
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof Character)) {
            return false;
        }
        Character c = (Character) o;
        return name.equals(c.name) && skeleton.equals(c.skeleton) && parts.equals(c.parts) && clips.equals(c.clips);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, skeleton, parts, clips);
    }

    @Override
    public String toString() {
        return "Character[" + Checks.quote(name) + ", " + skeleton.boneCount() + " bones, " + parts.size() + " parts, "
                + clips.size() + " clips]";
    }

    /**
     * Assembles a {@link Character}. Adders check their argument for null; {@link #build()}
     * checks the cross references and is repeatable. Not thread-safe.
     */
    public static final class Builder {
        private final String name;
        private final Skeleton skeleton;
        private final List<Part> parts = new ArrayList<>();
        private final List<AnimationClip> clips = new ArrayList<>();

        Builder(String name, Skeleton skeleton) {
            this.name = Objects.requireNonNull(name, "name");
            this.skeleton = Objects.requireNonNull(skeleton, "skeleton");
        }

        /**
         * Appends a part.
         *
         * @param part the part
         * @return this builder
         */
        public Builder addPart(Part part) {
            parts.add(Objects.requireNonNull(part, "part"));
            return this;
        }

        /**
         * Appends a clip.
         *
         * @param clip the clip
         * @return this builder
         */
        public Builder addClip(AnimationClip clip) {
            clips.add(Objects.requireNonNull(clip, "clip"));
            return this;
        }

        /**
         * @return the character
         * @throws ValidationException when two parts share a name, an attach bone, a palette bone
         *     or a channel bone is not in the skeleton, or a morph channel targets no part or has
         *     another weight count than that part's mesh has morph targets
         */
        public Character build() {
            return new Character(name, skeleton, parts, clips);
        }
    }
}
