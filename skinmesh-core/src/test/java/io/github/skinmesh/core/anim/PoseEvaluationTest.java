package io.github.skinmesh.core.anim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;

class PoseEvaluationTest {
    /** Relative to the largest element of the matrix: a few float ulps per level of a deep chain. */
    private static final float MATRIX_TOLERANCE = 2e-5f;

    @Property(tries = 200, seed = "20260301")
    void modelMatricesEqualComposedJomlMatrices(@ForAll long seed, @ForAll @IntRange(min = 1, max = 48) int bones) {
        SplittableRandom r = new SplittableRandom(seed);
        Skeleton skeleton = AnimFixtures.randomSkeleton(r, bones);
        Pose pose = AnimFixtures.randomPose(r, bones);
        float[] actual = PoseEvaluation.modelMatricesInto(skeleton, pose, new float[16 * bones]);
        assertMatricesClose(actual, 0, AnimFixtures.jomlModelMatrices(skeleton, pose, new Matrix4f()), bones);
    }

    @Property(tries = 200, seed = "20260302")
    void rootMatrixPremultipliesEveryRoot(@ForAll long seed, @ForAll @IntRange(min = 1, max = 48) int bones,
            @ForAll @IntRange(min = 0, max = 40) int offset) {
        SplittableRandom r = new SplittableRandom(seed);
        Skeleton skeleton = AnimFixtures.randomSkeleton(r, bones);
        Pose pose = AnimFixtures.randomPose(r, bones);
        float[] q = AnimFixtures.randomQuat(r);
        Matrix4f root = new Matrix4f().translationRotateScale(AnimFixtures.range(r, -5, 5),
                AnimFixtures.range(r, -5, 5), AnimFixtures.range(r, -5, 5), q[0], q[1], q[2], q[3],
                AnimFixtures.range(r, 0.5, 2), AnimFixtures.range(r, 0.5, 2), AnimFixtures.range(r, 0.5, 2));
        float[] dst = new float[offset + 16 * bones + 3];
        dst[offset + 16 * bones] = 42;
        PoseEvaluation.modelMatricesInto(skeleton, pose, root, dst, offset);
        assertMatricesClose(dst, offset, AnimFixtures.jomlModelMatrices(skeleton, pose, root), bones);
        assertThat(dst[offset + 16 * bones]).as("float after the output").isEqualTo(42);
        for (int i = 0; i < offset; i++) {
            assertThat(dst[i]).as("float before the output").isZero();
        }
    }

    @Property(tries = 100, seed = "20260303")
    void skinMatricesEqualJomlProducts(@ForAll long seed, @ForAll @IntRange(min = 1, max = 32) int bones) {
        SplittableRandom r = new SplittableRandom(seed);
        Skeleton skeleton = AnimFixtures.randomSkeleton(r, bones);
        int paletteSize = 1 + r.nextInt(bones);
        String[] names = new String[paletteSize];
        int[] order = shuffledBones(r, bones);
        float[] ibm = new float[16 * paletteSize];
        for (int e = 0; e < paletteSize; e++) {
            names[e] = skeleton.boneName(order[e]);
            for (int j = 0; j < 16; j++) {
                ibm[16 * e + j] = AnimFixtures.range(r, -2, 2); // general 4x4, not only affine
            }
        }
        Skin skin = Skin.of(names, ibm, BoneWeights.of(1, new int[] {0}, new float[] {1}));
        int[] paletteBones = skin.bind(skeleton);
        float[] model = PoseEvaluation.modelMatricesInto(skeleton, AnimFixtures.randomPose(r, bones),
                new float[16 * bones]);
        float[] actual = PoseEvaluation.skinMatricesInto(skin, paletteBones, model, new float[16 * paletteSize]);
        float[] expected = new float[16 * paletteSize];
        for (int e = 0; e < paletteSize; e++) {
            new Matrix4f().set(model, 16 * paletteBones[e]).mul(skin.inverseBindMatrix(e, new Matrix4f()))
                    .get(expected, 16 * e);
        }
        assertMatricesClose(actual, 0, expected, paletteSize);
    }

    private static int[] shuffledBones(SplittableRandom r, int n) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return order;
    }

    @Test
    void restPoseGivesTheSkeletonsRestModelMatrices() {
        Skeleton skeleton = AnimFixtures.randomSkeleton(new SplittableRandom(5), 20);
        float[] actual = PoseEvaluation.modelMatricesInto(skeleton, Pose.rest(skeleton), new float[16 * 20]);
        assertMatricesClose(actual, 0, skeleton.restModelMatricesInto(new float[16 * 20], 0), 20);
    }

    @Test
    void restPoseSkinMatricesAreIdentityWithRestInverseBindMatrices() {
        Skeleton skeleton = AnimFixtures.randomSkeleton(new SplittableRandom(6), 12);
        float[] rest = skeleton.restModelMatricesInto(new float[16 * 12], 0);
        String[] names = new String[12];
        float[] ibm = new float[16 * 12];
        for (int i = 0; i < 12; i++) {
            names[i] = skeleton.boneName(11 - i);
            new Matrix4f().set(rest, 16 * (11 - i)).invert().get(ibm, 16 * i);
        }
        Skin skin = Skin.of(names, ibm, BoneWeights.of(1, new int[] {0}, new float[] {1}));
        float[] model = PoseEvaluation.modelMatricesInto(skeleton, Pose.rest(skeleton), new float[16 * 12]);
        float[] palette = PoseEvaluation.skinMatricesInto(skin, skin.bind(skeleton), model, new float[16 * 12]);
        float[] identity = new float[16 * 12];
        for (int i = 0; i < 12; i++) {
            new Matrix4f().get(identity, 16 * i);
        }
        assertMatricesClose(palette, 0, identity, 12);
    }

    private static void assertMatricesClose(float[] actual, int offset, float[] expected, int count) {
        for (int m = 0; m < count; m++) {
            float scale = 1;
            for (int j = 0; j < 16; j++) {
                scale = Math.max(scale, Math.abs(expected[16 * m + j]));
            }
            for (int j = 0; j < 16; j++) {
                assertThat(actual[offset + 16 * m + j]).as("matrix %d element %d", m, j)
                        .isCloseTo(expected[16 * m + j], org.assertj.core.data.Offset.offset(MATRIX_TOLERANCE * scale));
            }
        }
    }

    // ---- invalid input, one case each ----

    private static final Skeleton SKELETON = AnimFixtures.randomSkeleton(new SplittableRandom(1), 4);

    private static Skin skin(String... bones) {
        float[] ibm = new float[16 * bones.length];
        for (int i = 0; i < bones.length; i++) {
            new Matrix4f().get(ibm, 16 * i);
        }
        return Skin.of(bones, ibm, BoneWeights.of(1, new int[] {0}, new float[] {1}));
    }

    @Test
    void rejectsPoseOfAnotherBoneCount() {
        assertThatThrownBy(() -> PoseEvaluation.modelMatricesInto(SKELETON, new Pose(3), new float[64]))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("modelMatricesInto").hasMessageContaining("pose boneCount 3")
                .hasMessageContaining("boneCount 4");
    }

    @Test
    void rejectsShortModelDestination() {
        assertThatThrownBy(() -> PoseEvaluation.modelMatricesInto(SKELETON, new Pose(4), new float[63]))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("modelMatricesInto").hasMessageContaining("dst length 63")
                .hasMessageContaining("16*boneCount = 64");
    }

    @Test
    void rejectsShortModelDestinationAfterOffset() {
        assertThatThrownBy(() -> PoseEvaluation.modelMatricesInto(SKELETON, new Pose(4), null, new float[70], 10))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("dst length 70").hasMessageContaining("dstOffset + 16*boneCount = 74");
    }

    @Test
    void rejectsNegativeModelOffset() {
        assertThatThrownBy(() -> PoseEvaluation.modelMatricesInto(SKELETON, new Pose(4), null, new float[70], -1))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("modelMatricesInto").hasMessageContaining("dstOffset -1")
                .hasMessageContaining(">= 0");
    }

    @Test
    void rejectsProjectiveRoot() {
        Matrix4f root = new Matrix4f().perspective(1, 1, 0.1f, 10);
        float[] dst = new float[64];
        assertThatThrownBy(() -> PoseEvaluation.modelMatricesInto(SKELETON, new Pose(4), root, dst, 0))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("modelMatricesInto").hasMessageContaining("root matrix last row is (0.0, 0.0, -1.0, 0.0)")
                .hasMessageContaining("expected (0, 0, 0, 1)");
        assertThat(dst).containsOnly(0f);
    }

    @Test
    void rejectsNonFiniteRoot() {
        Matrix4f root = new Matrix4f().m30(Float.NaN);
        assertThatThrownBy(() -> PoseEvaluation.modelMatricesInto(SKELETON, new Pose(4), root, new float[64], 0))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("modelMatricesInto").hasMessageContaining("root matrix column 3 row 0 is NaN")
                .hasMessageContaining("expected finite values");
    }

    @Test
    void rejectsPaletteBonesOfWrongLength() {
        Skin skin = skin("b0", "b1");
        assertThatThrownBy(() -> PoseEvaluation.skinMatricesInto(skin, new int[] {0}, new float[64], new float[32]))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("skinMatricesInto").hasMessageContaining("paletteBones length 1")
                .hasMessageContaining("paletteSize = 2");
    }

    @Test
    void rejectsPaletteBoneBeyondModelMatrices() {
        Skin skin = skin("b0", "b1");
        assertThatThrownBy(() -> PoseEvaluation.skinMatricesInto(skin, new int[] {0, 4}, new float[64], new float[32]))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("skinMatricesInto").hasMessageContaining("paletteBones[1] (bone 'b1') is 4")
                .hasMessageContaining("expected 0..3");
    }

    @Test
    void rejectsNegativePaletteBone() {
        Skin skin = skin("b0", "b1");
        assertThatThrownBy(() -> PoseEvaluation.skinMatricesInto(skin, new int[] {-1, 0}, new float[64], new float[32]))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("paletteBones[0] (bone 'b0') is -1").hasMessageContaining("expected 0..3");
    }

    @Test
    void rejectsShortSkinDestination() {
        Skin skin = skin("b0", "b1");
        float[] dst = new float[31];
        assertThatThrownBy(() -> PoseEvaluation.skinMatricesInto(skin, new int[] {0, 1}, new float[64], dst))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("skinMatricesInto").hasMessageContaining("dst length 31")
                .hasMessageContaining("dstOffset + 16*paletteSize = 32");
        assertThat(dst).containsOnly(0f);
    }

    @Test
    void rejectsNegativeSkinOffsets() {
        Skin skin = skin("b0");
        assertThatThrownBy(() -> PoseEvaluation.skinMatricesInto(skin, new int[] {0}, new float[64], -16,
                new float[16], 0))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("skinMatricesInto").hasMessageContaining("modelOffset -16")
                .hasMessageContaining(">= 0");
        assertThatThrownBy(() -> PoseEvaluation.skinMatricesInto(skin, new int[] {0}, new float[64], 0,
                new float[16], -2))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("skinMatricesInto").hasMessageContaining("dstOffset -2")
                .hasMessageContaining(">= 0");
    }

    @Test
    void rejectsSkinDestinationAliasingModelMatrices() {
        Skin skin = skin("b0");
        float[] model = new float[64];
        assertThatThrownBy(() -> PoseEvaluation.skinMatricesInto(skin, new int[] {0}, model, model))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("skinMatricesInto").hasMessageContaining("dst is the modelMatrices array")
                .hasMessageContaining("expected a separate array");
    }
}
