package io.github.skinmesh.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;

class SkeletonRestModelMatricesTest {
    /** Float products of a few rotations and translations of order 1. */
    private static final float TOLERANCE = 1e-6f;

    private static Skeleton chain() {
        float s = (float) Math.sqrt(0.5);
        return Skeleton.of("chain", new String[] {"root", "mid", "tip"}, new int[] {Skeleton.NO_PARENT, 0, 1},
                new float[] {1, 0, 0, 0, 2, 0, 0, 0, 3}, new float[] {0, 0, s, s, s, 0, 0, s, 0, 0, 0, 1},
                new float[] {1, 1, 1, 2, 2, 2, 1, 1, 1});
    }

    @Test
    void composesParentThenLocalAtTheOffset() {
        Skeleton k = chain();
        float[] dst = k.restModelMatricesInto(new float[5 + 48], 5);
        Matrix4f expected = new Matrix4f();
        Matrix4f local = new Matrix4f();
        for (int b = 0; b < 3; b++) {
            k.restLocalMatrix(b, local);
            expected = b == 0 ? new Matrix4f(local) : new Matrix4f(expected).mul(local);
            float[] e = expected.get(new float[16]);
            for (int i = 0; i < 16; i++) {
                assertThat(dst[5 + 16 * b + i]).isCloseTo(e[i], org.assertj.core.data.Offset.offset(TOLERANCE));
            }
        }
        assertThat(Arrays.copyOf(dst, 5)).containsOnly(0f);
    }

    @Test
    void rejectsAShortDestinationBeforeWritingAnything() {
        float[] dst = new float[47];
        Arrays.fill(dst, 7f);
        assertThatThrownBy(() -> chain().restModelMatricesInto(dst, 0)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessageContaining("48").hasMessageContaining("47");
        assertThat(dst).containsOnly(7f);
    }

    @Test
    void rejectsANegativeOffset() {
        assertThatThrownBy(() -> chain().restModelMatricesInto(new float[64], -1))
                .isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("-1");
    }
}
