package io.github.skinmesh.testkit.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class LbsWorkloadTest {
    /** Weights are normalized in float. */
    private static final float SUM_TOLERANCE = 1e-6f;
    /** Normals are normalized in float. */
    private static final float UNIT_TOLERANCE = 1e-6f;

    private final LbsWorkload w = new LbsWorkload();

    @Test
    void hasTheDefinedShape() {
        assertThat(w.palette()).hasSize(16 * 64);
        assertThat(w.positions()).hasSize(3 * 50_000);
        assertThat(w.normals()).hasSize(3 * 50_000);
        assertThat(w.joints()).hasSize(4 * 50_000);
        assertThat(Arrays.stream(w.joints()).allMatch(j -> j >= 0 && j < 64)).isTrue();
        for (int v = 0; v < LbsWorkload.VERTICES; v++) {
            float sum = 0;
            for (int k = 0; k < 4; k++) {
                sum += w.weights()[4 * v + k];
            }
            assertThat(sum).isCloseTo(1f, Offset.offset(SUM_TOLERANCE));
            float x = w.normals()[3 * v], y = w.normals()[3 * v + 1], z = w.normals()[3 * v + 2];
            assertThat(x * x + y * y + z * z).isCloseTo(1f, Offset.offset(UNIT_TOLERANCE));
        }
    }

    @Test
    void isDeterministic() {
        LbsWorkload again = new LbsWorkload();
        assertThat(again.palette()).containsExactly(w.palette());
        assertThat(again.weights()).containsExactly(w.weights());
        assertThat(again.joints()).containsExactly(w.joints());
    }

    @Test
    void aNaiveSkinningLoopReproducesThePublishedChecksums() {
        float[] pal = w.palette(), p = w.positions(), n = w.normals(), wt = w.weights();
        int[] j = w.joints();
        float[] outP = new float[p.length], outN = new float[n.length];
        for (int v = 0; v < LbsWorkload.VERTICES; v++) {
            for (int k = 0; k < 4; k++) {
                int m = 16 * j[4 * v + k];
                float weight = wt[4 * v + k];
                for (int r = 0; r < 3; r++) {
                    outP[3 * v + r] += weight * (pal[m + r] * p[3 * v] + pal[m + 4 + r] * p[3 * v + 1]
                            + pal[m + 8 + r] * p[3 * v + 2] + pal[m + 12 + r]);
                    outN[3 * v + r] += weight * (pal[m + r] * n[3 * v] + pal[m + 4 + r] * n[3 * v + 1]
                            + pal[m + 8 + r] * n[3 * v + 2]);
                }
            }
        }
        assertThat(Checksums.weighted(outP, outP.length)).isCloseTo(LbsWorkload.POSITIONS_CHECKSUM,
                Offset.offset(Math.abs(LbsWorkload.POSITIONS_CHECKSUM) * LbsWorkload.POSITIONS_TOLERANCE));
        assertThat(Checksums.weighted(outN, outN.length)).isCloseTo(LbsWorkload.NORMALS_CHECKSUM,
                Offset.offset(Math.abs(LbsWorkload.NORMALS_CHECKSUM) * LbsWorkload.NORMALS_TOLERANCE));
    }
}
