package io.github.skinmesh.testkit.humanoid;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import java.util.List;
import java.util.Objects;

/**
 * A generated character: one skeleton, six skinned outfit parts and two looping clips; the result
 * of {@link Humanoids#generate(long, HumanoidOptions)}.
 *
 * <p>Every part's mesh is in model space at the bind pose, which is the skeleton's rest pose: for
 * each palette entry {@code restModel(bone) * inverseBind = identity}. Parts share no bone
 * palette; combine them by bone name.
 *
 * <p>Immutable and thread-safe; equal seeds and options give equal humanoids.
 *
 * @param seed the seed it was generated from
 * @param options the options it was generated with
 * @param height standing height in meters (crown at {@code y = height}, soles at {@code y = 0})
 * @param skeleton the skeleton, rest pose = bind pose
 * @param parts one mesh per {@link HumanoidPart}, in that enum's order
 * @param clips the clips: {@value #WALK} first, then {@value #IDLE}
 */
public record Humanoid(long seed, HumanoidOptions options, float height, Skeleton skeleton, List<Mesh> parts,
        List<AnimationClip> clips) {
    /** Name of the walk cycle clip. */
    public static final String WALK = "walk";
    /** Name of the idle clip. */
    public static final String IDLE = "idle";

    /**
     * Checks the shape of a humanoid and makes the lists immutable copies.
     *
     * @param seed the seed
     * @param options the options
     * @param height the height in meters
     * @param skeleton the skeleton
     * @param parts one mesh per part, named as {@link HumanoidPart#meshName()}, in enum order
     * @param clips clips, the first named {@value #WALK}, the second {@value #IDLE}
     * @throws ValidationException when a part is missing, misnamed or out of order, or a clip is missing
     */
    public Humanoid {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(skeleton, "skeleton");
        parts = List.copyOf(parts);
        clips = List.copyOf(clips);
        HumanoidPart[] expected = HumanoidPart.values();
        if (parts.size() != expected.length) {
            throw new ValidationException("Humanoid: " + parts.size() + " parts, expected " + expected.length);
        }
        for (HumanoidPart part : expected) {
            String name = parts.get(part.ordinal()).name();
            if (!name.equals(part.meshName())) {
                throw new ValidationException("Humanoid: part " + part.ordinal() + " is named '" + name
                        + "', expected '" + part.meshName() + "'");
            }
        }
        if (clips.size() < 2 || !clips.get(0).name().equals(WALK) || !clips.get(1).name().equals(IDLE)) {
            throw new ValidationException("Humanoid: clips " + clips.stream().map(AnimationClip::name).toList()
                    + ", expected '" + WALK + "' and '" + IDLE + "' first");
        }
    }

    /**
     * @param part which part
     * @return that part's mesh
     */
    public Mesh part(HumanoidPart part) {
        return parts.get(part.ordinal());
    }

    /** @return the looping walk cycle (about one second, first and last keys equal) */
    public AnimationClip walk() {
        return clips.get(0);
    }

    /** @return the looping idle (2.4 to 2.8 seconds, first and last keys equal) */
    public AnimationClip idle() {
        return clips.get(1);
    }

    /**
     * The humanoid as a core {@link Character} named {@code "humanoid"}: one skinned {@link Part}
     * per mesh, named as the mesh (the name the idle clip's face morph channel targets), identity
     * transforms, and the clips.
     *
     * @return the character
     */
    public Character character() {
        Character.Builder b = Character.builder("humanoid", skeleton);
        for (Mesh m : parts) {
            b.addPart(Part.of(m.name(), m));
        }
        clips.forEach(b::addClip);
        return b.build();
    }

    /** @return the sum of the parts' vertex counts */
    public int vertexCount() {
        int n = 0;
        for (Mesh m : parts) {
            n += m.vertexCount();
        }
        return n;
    }

    /** @return the sum of the parts' triangle counts */
    public int triangleCount() {
        int n = 0;
        for (Mesh m : parts) {
            n += m.triangleCount();
        }
        return n;
    }
}
