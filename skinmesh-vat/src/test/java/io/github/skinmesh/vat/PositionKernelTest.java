package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Which kernel the vertex bakes use, and the rounding of the vector kernel against
 * {@link Math#round(double)}. The build runs this class with {@code --add-modules
 * jdk.incubator.vector}, where the kernel must load, and again without it (with the golden
 * bakes), where the codec keeps its scalar loops. {@link VectorPositionKernelTest} compares the
 * kernel with the scalar loops.
 */
class PositionKernelTest {
    @Test
    void theVectorKernelLoadsExactlyWhenTheModuleIsPresent() {
        boolean module = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
        assertThat(PositionKernels.VECTOR != null).as("vector kernel loaded").isEqualTo(module);
        String expected = System.getProperty("skinmesh.test.vectorModule", "");
        if (expected.equals("present") || expected.equals("absent")) {
            assertThat(module).as("jdk.incubator.vector in the boot layer").isEqualTo(expected.equals("present"));
        }
    }

    @Test
    void roundingByMagicEqualsMathRoundAtTheEdges() {
        double[] edges = {0, -0.0, Double.MIN_VALUE, 0.5, Math.nextDown(0.5), Math.nextUp(0.5), Math.nextDown(0.25),
            0.25, 1, Math.nextDown(1), Math.nextUp(1), 1.5, Math.nextDown(1.5), Math.nextUp(1.5), 2, Math.nextDown(2),
            2.5, Math.nextDown(2.5), 3.5, Math.nextDown(3.5), 254.5, Math.nextDown(254.5), 255, 255.5, 65534.5,
            Math.nextDown(65534.5), 65535, 65535.5, 1e9, 0x1p50 + 0.5, Math.nextDown(0x1p50 + 0.5), -0.5,
            Math.nextDown(-0.5), Math.nextUp(-0.5), -1, -1.5, -2.5, -1e9};
        for (double d : edges) {
            assertRounding(d);
        }
        // every double next to a tie below 5000 whose neighbours lie in different binades of the sum
        for (int n = 1; n < 5000; n++) {
            double tie = n - 0.5;
            double d = tie;
            for (int i = 0; i < 4; i++) {
                assertRounding(d);
                d = Math.nextDown(d);
            }
            d = tie;
            for (int i = 0; i < 4; i++) {
                assertRounding(d);
                d = Math.nextUp(d);
            }
        }
    }

    @Property(tries = 5000)
    void roundingByMagicEqualsMathRound(@ForAll @DoubleRange(min = -4, max = 70000) double value,
            @ForAll @IntRange(min = 0, max = 4) int shape, @ForAll @IntRange(min = 1, max = 40) int ulps) {
        double tie = Math.floor(value) + 0.5;
        double d = switch (shape) {
            case 0 -> tie;
            case 1 -> tie - ulps * Math.ulp(tie);
            case 2 -> tie + ulps * Math.ulp(tie);
            case 3 -> value / 65536;
            default -> value;
        };
        assertRounding(d);
    }

    private static void assertRounding(double d) {
        for (int max : new int[] {0xff, 0xffff}) {
            long expected = Math.max(0, Math.min(max, Math.round(d)));
            assertThat((long) roundedByMagic(d, max))
                    .as("d=%s (%s) max=%d", d, Double.toHexString(d), max)
                    .isEqualTo(expected);
        }
    }

    /**
     * The normalized integer of {@code d} as the vector kernel rounds it, lane by lane (the kernel
     * itself is compared with the scalar loop at ties in VectorPositionKernelTest), equal to
     * {@code Math.round(d)} clamped to {@code 0..maxValue} for every {@code |d| < 2^51}:
     * {@code (d + 1.5 * 2^52) - 1.5 * 2^52} is {@code d} rounded to an integer, ties to even (the
     * sum lies in {@code [2^52, 2^53)}, where the doubles are the integers, and the subtraction is
     * exact); it differs from {@code Math.round} (ties up) only at a tie {@code k + 0.5} rounded
     * down to {@code k}, where {@code d - q} (exact) is 0.5 and 1 is added. Then clamped, in
     * double ({@code -0} from a negative tie clamps to {@code +0} as {@link Math#max} orders them).
     */
    private static double roundedByMagic(double d, int maxValue) {
        double q = d + PositionCodec.ROUNDING - PositionCodec.ROUNDING;
        q = d - q == 0.5 ? q + 1 : q;
        return Math.min(Math.max(q, 0.0), maxValue);
    }
}
