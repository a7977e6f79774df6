package io.github.skinmesh.vat.crowd;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Scale;

/** The crowd's remainder against Java's {@code %}: the same bits for every finite time and positive duration. */
class CrowdRemainderTest {
    private static void same(double t, double d) {
        assertThat(Double.doubleToRawLongBits(Crowd.remainder(t, d)))
                .as("%s %% %s: %s, expected %s", t, d, Crowd.remainder(t, d), t % d)
                .isEqualTo(Double.doubleToRawLongBits(t % d));
    }

    @Property(tries = 20000, seed = "20261202")
    void anyFiniteTimeAndPositiveDuration(@ForAll long timeBits, @ForAll @LongRange(min = 1, max = 0x7FEFFFFFFFFFFFFFL)
            long durationBits) {
        double t = Double.longBitsToDouble(timeBits);
        if (Double.isFinite(t)) {
            same(t, Double.longBitsToDouble(durationBits));
        }
    }

    /**
     * Times within a few units in the last place of a whole number of durations, where the quotient
     * rounds across it; durations of float precision (a clip's), which take the fast path.
     */
    @Property(tries = 20000, seed = "20261202")
    void timesNextToAWholeNumberOfDurations(@ForAll @DoubleRange(min = 1e-3, max = 100) @Scale(9) double duration,
            @ForAll @LongRange(min = -100_000_000L, max = 100_000_000L) long periods,
            @ForAll @IntRange(min = -4, max = 4) int steps) {
        for (double d : new double[] {(float) duration, duration}) {
            double t = periods * d;
            for (int s = 0; s < Math.abs(steps); s++) {
                t = steps > 0 ? Math.nextUp(t) : Math.nextDown(t);
            }
            same(t, d);
        }
    }

    @Example
    void edgeCases() {
        double[] times = {0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 0x1p52, -0x1p52, 0x1p53 + 2, 1e300, -1e300, Double.MIN_VALUE,
            -Double.MIN_VALUE, Math.nextDown(1.0), Math.nextUp(3.0), 0.1 * 3, -0.1 * 3, Double.MAX_VALUE};
        double[] durations = {1.0, 0.1, 0.5, 1.0 / 3, 2.0 / 3, 1.7999999523162842, Double.MIN_VALUE, 1e-300, 1e300,
            Double.MAX_VALUE, 0x1p-52};
        for (double t : times) {
            for (double d : durations) {
                same(t, d);
            }
        }
    }
}
