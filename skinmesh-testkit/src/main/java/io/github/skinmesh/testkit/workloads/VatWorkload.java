package io.github.skinmesh.testkit.workloads;

import io.github.skinmesh.core.anim.Pose;
import io.github.skinmesh.core.anim.PoseEvaluation;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import java.util.List;
import org.joml.Matrix4f;

/**
 * Workload {@code vat}: vertex animation texture bakes of the testkit humanoid's walk cycle (see
 * {@link io.github.skinmesh.testkit.humanoid.Humanoids}) and of the {@code lbs} mesh with a 2 s clip,
 * both at {@value #FPS} frames per second.
 *
 * <p>The {@code lbs} character: the {@link LbsWorkload} mesh (50,000 vertices, positions, normals,
 * 4 influences over 64 joints) skinned to the {@link SampleWorkload} skeleton (64 joints, palette
 * entry {@code j} is joint {@code j}) and animated by its 2 s clip; the inverse bind matrices are the
 * inverses of the skeleton's rest model matrices, so the rest pose gives the mesh as built. The
 * clip at 30 fps has 61 frames: 3,050,000 vertex-frames.
 *
 * <p>Deterministic: equal on every call and machine. Immutable.
 */
public final class VatWorkload {
    /** Frames per second of every bake of the workload. */
    public static final float FPS = 30;
    /** Frames of the {@code lbs} clip at {@value #FPS} fps: {@code 2 s * 30 + 1}. */
    public static final int LBS_FRAMES = 61;

    private final Character lbs;

    private VatWorkload(Character lbs) {
        this.lbs = lbs;
    }

    /**
     * Builds the workload's {@code lbs} character (about 4 MB).
     *
     * @return the workload
     */
    public static VatWorkload create() {
        LbsWorkload mesh = new LbsWorkload();
        SampleWorkload sample = SampleWorkload.create();
        Skeleton skeleton = sample.skeleton();
        int n = skeleton.boneCount();
        float[] model = PoseEvaluation.modelMatricesInto(skeleton, Pose.rest(skeleton), new float[16 * n]);
        float[] inverseBinds = new float[16 * n];
        String[] names = new String[n];
        Matrix4f m = new Matrix4f();
        for (int j = 0; j < n; j++) {
            names[j] = skeleton.boneName(j);
            m.set(model, 16 * j).invertAffine().get(inverseBinds, 16 * j);
        }
        Skin skin = Skin.of(names, inverseBinds, BoneWeights.of(LbsWorkload.INFLUENCES, mesh.joints(),
                mesh.weights()));
        Mesh lbsMesh = Mesh.builder("lbs").positions(mesh.positions()).normals(mesh.normals()).indices(new int[0])
                .skin(skin).build();
        return new VatWorkload(Character.of("lbs", skeleton, List.of(Part.of("lbs", lbsMesh)),
                List.of(sample.clip())));
    }

    /** @return the {@code lbs} mesh on the {@code sample} skeleton, with the {@code sample} clip as its one clip */
    public Character lbsCharacter() {
        return lbs;
    }

    /** @return the {@code sample} workload's 2 s clip */
    public AnimationClip lbsClip() {
        return lbs.clips().get(0);
    }
}
