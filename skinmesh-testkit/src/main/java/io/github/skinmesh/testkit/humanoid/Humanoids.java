package io.github.skinmesh.testkit.humanoid;

import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Mesh;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Generates procedural humanoid characters: a realistic test subject for every skinmesh operation
 * (combining parts with different palettes, palette partitioning, atlasing textures of different
 * sizes and render states, baking clips, writing files), deterministic from a seed.
 *
 * <p>What a {@link Humanoid} holds:
 * <ul>
 *   <li>a 53-bone skeleton with Mixamo-style names (Hips, Spine, Spine1, Spine2, Neck, Head,
 *       HeadTop; per side Shoulder, Arm, ForeArm, Hand, three phalanges of five fingers, UpLeg,
 *       Leg, Foot, ToeBase), parents first, rest pose = bind pose (A- or T-pose), each bone's
 *       +Y axis pointing at its child, so inverse bind matrices are far from identity;</li>
 *   <li>six parts ({@link HumanoidPart}): hair cap, head, torso with sleeves, legs, gloves with
 *       fingers, shoes; closed surfaces (the hair cap is open at its hairline) built around the
 *       bones, about 10,000 vertices in all at detail 1; positions, unit normals, tangents (xyzw,
 *       consistent with UV channel 0; the right sleeve, glove and shoe reuse the left one's texels
 *       mirrored, so their tangents have {@code w = -1}),
 *       one UV channel, counter-clockwise front faces (glTF: right-handed, +Y up, facing +Z);</li>
 *   <li>smooth skin weights, at most {@link HumanoidOptions#influencesPerVertex()} per vertex,
 *       summing to 1, only on bones near each surface; each part's palette lists just the bones it
 *       is weighted to, shuffled per part by default;</li>
 *   <li>a material per part with a generated PNG base color texture of a size of its own, all on
 *       the same PBR template and factors except the hair, which is alpha-masked and double-sided;</li>
 *   <li>two looping clips at 30 Hz by default: {@code walk} (about one second) and {@code idle}
 *       (2.4 to 2.8 s, with a cubic spline head channel, a scale channel and face morph weights).</li>
 * </ul>
 *
 * <p>The seed varies height (1.55 to 1.95 m), head size, girth, limb, hand and foot lengths,
 * shoulder and hip widths, finger spread, the A-pose angle, clip periods and all colors. Equal
 * seeds and options give equal humanoids ({@code equals}) with identical texture bytes, on every
 * Java runtime and machine.
 *
 * <p>Example:
 * <pre>{@code
 * Humanoid h = Humanoids.generate(42);
 * Mesh gloves = h.part(HumanoidPart.HANDS);
 * AnimationClip walk = h.walk();
 * Humanoid dense = Humanoids.generate(42, HumanoidOptions.DEFAULTS.withDetail(2).withRestPose(RestPose.T_POSE));
 * }</pre>
 *
 * <p>Thread-safe (no shared state). Takes a few tens of milliseconds at detail 1 once warm.
 */
public final class Humanoids {
    private Humanoids() {
    }

    /**
     * Generates a humanoid with {@link HumanoidOptions#DEFAULTS}.
     *
     * @param seed any value; equal seeds give equal humanoids
     * @return the humanoid
     */
    public static Humanoid generate(long seed) {
        return generate(seed, HumanoidOptions.DEFAULTS);
    }

    /**
     * Generates a humanoid.
     *
     * <p>Allocates the whole character (about 1 MB at detail 1, growing with the square of the
     * detail); nothing is cached or shared between calls.
     *
     * @param seed any value; equal seeds and options give equal humanoids
     * @param options rest pose, detail, influences, key rate, palette order, head interpolation,
     *     face morphs and texture compression
     * @return the humanoid
     */
    public static Humanoid generate(long seed, HumanoidOptions options) {
        Objects.requireNonNull(options, "options");
        Proportions proportions = new Proportions(seed);
        Look look = new Look(seed);
        Rig rig = new Rig(proportions, options.restPose());
        PartShapes shapes = new PartShapes(rig, proportions, options.detail());
        List<Mesh> parts = new ArrayList<>();
        for (HumanoidPart part : HumanoidPart.values()) {
            parts.add(PartMesh.build(part, shapes.grids(part), rig, proportions,
                    Textures.material(part, look, seed, options.textureCompression()), seed, options));
        }
        List<AnimationClip> clips = List.of(WalkCycle.build(rig, proportions, options),
                IdleCycle.build(rig, proportions, options));
        return new Humanoid(seed, options, (float) proportions.height, rig.skeleton, parts, clips);
    }
}
