package io.github.skinmesh.vat.crowd;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PoserOptions;
import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.skinning.PalettePacking;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import io.github.skinmesh.vat.BoneTextureOptions;
import io.github.skinmesh.vat.Vat;
import io.github.skinmesh.vat.VatResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.joml.Matrix4f;

/** Characters the crowd tests play, and the direct evaluation their palettes are checked against. */
final class CrowdModels {
    private static Character humanoid;
    private static final Map<BoneTextureOptions, VatResult> HUMANOID_BAKES = new HashMap<>();

    private CrowdModels() {
    }

    /** The testkit humanoid (seed 1) combined into one skinned part on one palette, without morph targets. */
    static synchronized Character humanoid() {
        if (humanoid == null) {
            Character c = Combine.combineCharacters(List.of(Humanoids.generate(1).character()), CombineOptions.DEFAULTS)
                    .character();
            Part p = c.parts().get(0);
            List<AnimationClip> clips = new ArrayList<>();
            for (AnimationClip clip : c.clips()) {
                clips.add(AnimationClip.of(clip.name(), clip.channels()));
            }
            humanoid = Character.of(c.name(), c.skeleton(),
                    List.of(p.withMesh(p.mesh().toBuilder().clearMorphTargets().build())), clips);
        }
        return humanoid;
    }

    /** The humanoid's clips (walk, idle) baked into a bone texture, cached per options. */
    static synchronized VatResult humanoidBake(BoneTextureOptions options) {
        return HUMANOID_BAKES.computeIfAbsent(options,
                o -> Vat.bakeBoneTexture(humanoid(), humanoid().clips(), o, Progress.NONE));
    }

    /**
     * One bone {@code "spin"} at the origin turning about +z at {@code omega} radians per second
     * for one second (keys every 1/30 s, linear, so the rate is constant), and a one-vertex mesh at
     * {@code (radius, 0, 0)} skinned to it.
     */
    static Character turner(double omega, float radius) {
        Skeleton sk = Skeleton.of("turner", new String[] {"spin"}, new int[] {Skeleton.NO_PARENT}, new float[3],
                new float[] {0, 0, 0, 1}, new float[] {1, 1, 1});
        float[] identity = new Matrix4f().get(new float[16]);
        Mesh mesh = Mesh.builder("dot").positions(new float[] {radius, 0, 0}).indices(new int[0])
                .skin(Skin.of(new String[] {"spin"}, identity, BoneWeights.of(1, new int[] {0}, new float[] {1})))
                .build();
        int keys = 31;
        float[] times = new float[keys];
        float[] rotations = new float[4 * keys];
        for (int k = 0; k < keys; k++) {
            times[k] = k / 30f;
            double half = omega * k / 30.0 / 2;
            rotations[4 * k + 2] = (float) Math.sin(half);
            rotations[4 * k + 3] = (float) Math.cos(half);
        }
        times[keys - 1] = 1;
        AnimationClip spin = AnimationClip.of("spin", List.of(BoneChannel.of("spin", ChannelPath.ROTATION,
                Interpolation.LINEAR, times, rotations)));
        return Character.of("turner", sk, List.of(Part.of("dot", mesh)), List.of(spin));
    }

    /** Evaluates palettes directly: clip sampling, pose and skin matrices through the poser, packed as 3x4 rows. */
    static final class Direct {
        private final List<CharacterPoser> posers = new ArrayList<>();
        private final float[] matrices;

        Direct(Character character, List<AnimationClip> clips) {
            for (AnimationClip clip : clips) {
                posers.add(CharacterPoser.bind(character.skeleton(), character.parts(), clip, PoserOptions.DEFAULTS));
            }
            matrices = new float[16 * posers.get(0).paletteSize(0)];
        }

        /** @return the packed palette of clip {@code c} at clip time {@code t}: 12 floats per palette entry */
        float[] palette(int c, float t) {
            CharacterPoser poser = posers.get(c);
            poser.evaluate(t);
            poser.skinMatricesInto(0, matrices, 0);
            int bones = matrices.length / 16;
            float[] rows = new float[12 * bones];
            PalettePacking.packFloat3x4Into(matrices, 0, bones, rows, 0);
            return rows;
        }
    }
}
