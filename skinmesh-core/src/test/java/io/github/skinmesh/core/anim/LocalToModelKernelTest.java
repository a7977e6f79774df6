package io.github.skinmesh.core.anim;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.model.Skeleton;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.joml.Matrix4f;

/**
 * The vector local-to-model pass against the scalar one, bit for bit: random skeletons and poses
 * (some scales 0 or negative, so that products of 0 and negative values give -0), with and without
 * a root matrix, at an offset into the destination.
 */
class LocalToModelKernelTest {
    @Property(tries = 200, seed = "7171")
    void vectorPassGivesTheScalarBits(@ForAll long seed, @ForAll @IntRange(min = 1, max = 80) int bones,
            @ForAll boolean withRoot, @ForAll @IntRange(min = 0, max = 20) int offset) {
        AnimKernel kernel = AnimKernels.VECTOR;
        SplittableRandom r = new SplittableRandom(seed);
        Skeleton skeleton = AnimFixtures.randomSkeleton(r, bones);
        Pose pose = AnimFixtures.randomPose(r, bones);
        for (int i = 0; i < bones; i++) {
            int kind = r.nextInt(6);
            if (kind == 0) {
                pose.setScale(i, 0, -0f, 1);
            } else if (kind == 1) {
                pose.setScale(i, -1, 1, -0.5f);
                pose.setTranslation(i, -0f, 0, -0f);
            } else if (kind == 2) {
                pose.setRotation(i, 0, 0, 0, 1);
            }
        }
        int[] parents = skeleton.parentsInto(new int[bones], 0);
        Matrix4f root = withRoot ? new Matrix4f().translationRotateScale(AnimFixtures.range(r, -5, 5), 1, -2,
                0.1f, -0.3f, 0.2f, 0.927f, 1.5f, -0.5f, 2f) : null;
        float[] scalar = new float[offset + 16 * bones + 3];
        float[] vector = new float[scalar.length];
        LocalToModel.scalar(parents, pose.translations, pose.rotations, pose.scales, bones, root, scalar, offset);
        LocalToModel.run(parents, pose.translations, pose.rotations, pose.scales, bones, root, vector, offset);
        if (kernel != null) {
            float[] direct = new float[scalar.length];
            kernel.localToModel(parents, pose.translations, pose.rotations, pose.scales, bones, root, direct, offset);
            assertSameBits(direct, scalar);
        }
        assertSameBits(vector, scalar);
        float[] loop = new float[scalar.length];
        AnimKernels.LOOP.localToModel(parents, pose.translations, pose.rotations, pose.scales, bones, root, loop,
                offset);
        assertSameBits(loop, scalar);
    }

    private static void assertSameBits(float[] actual, float[] expected) {
        for (int i = 0; i < expected.length; i++) {
            assertThat(Float.floatToRawIntBits(actual[i])).as("float %d: %s vs %s", i, actual[i], expected[i])
                    .isEqualTo(Float.floatToRawIntBits(expected[i]));
        }
    }
}
