package io.github.skinmesh.testkit.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class PackWorkloadTest {
    /** The anchor fills are quoted to three decimals. */
    private static final double QUOTED = 5e-4;

    @Test
    void setsHaveTheDefinedCountsAreasAndRanges() {
        assertThat(PackWorkload.all()).extracting(PackWorkload::name).containsExactly("A1", "A2", "B", "C");
        PackWorkload a1 = PackWorkload.a1();
        assertThat(a1.count()).isEqualTo(9);
        assertThat(a1.area()).isEqualTo(2_621_440);
        assertThat(new int[] {a1.width(0), a1.height(0), a1.width(1), a1.height(1), a1.width(8), a1.height(8)})
                .containsExactly(1024, 1024, 1024, 512, 256, 256);
        assertThat(PackWorkload.a2().count()).isEqualTo(14);
        assertThat(PackWorkload.a2().area()).isEqualTo(7_864_320);
        PackWorkload b = PackWorkload.b();
        assertThat(b.count()).isEqualTo(200);
        assertThat(b.area()).isEqualTo(3_668_668);
        assertThat(Arrays.stream(b.widths()).allMatch(v -> v >= 16 && v <= 256)).isTrue();
        assertThat(Arrays.stream(b.heights()).allMatch(v -> v >= 16 && v <= 256)).isTrue();
        PackWorkload c = PackWorkload.c();
        assertThat(c.count()).isEqualTo(2000);
        assertThat(c.area()).isEqualTo(2_322_338);
        assertThat(Arrays.stream(c.widths()).allMatch(v -> v >= 4 && v <= 64)).isTrue();
        assertThat(Arrays.stream(c.heights()).allMatch(v -> v >= 4 && v <= 64)).isTrue();
    }

    @Test
    void anchorFillsAreTheQuotedOnes() {
        double[] quoted = {0.952, 1.000, 0.926, 0.974};
        for (int s = 0; s < 4; s++) {
            assertThat(PackWorkload.all().get(s).anchorFill()).isCloseTo(quoted[s], Offset.offset(QUOTED));
        }
    }

    @Test
    void accessorsCopy() {
        PackWorkload b = PackWorkload.b();
        b.widths()[0] = -1;
        assertThat(b.width(0)).isPositive();
    }
}
