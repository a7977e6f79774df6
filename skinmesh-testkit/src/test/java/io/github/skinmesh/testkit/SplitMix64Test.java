package io.github.skinmesh.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class SplitMix64Test {
    @Test
    void firstOutputsOfSeedZeroMatchTheReferenceSequence() {
        // published first outputs of SplitMix64 seeded with 0
        SplitMix64 r = new SplitMix64(0);
        assertThat(r.next()).isEqualTo(0xE220A8397B1DCDAFL);
        assertThat(r.next()).isEqualTo(0x6E789E6AA1B965F4L);
        assertThat(r.next()).isEqualTo(0x06C45D188009454FL);
    }

    @Test
    void mixIsTheOutputFunctionOfNext() {
        assertThat(SplitMix64.mix(0x9E3779B97F4A7C15L)).isEqualTo(0xE220A8397B1DCDAFL);
        SplitMix64 r = new SplitMix64(-123);
        assertThat(r.next()).isEqualTo(SplitMix64.mix(-123 + 0x9E3779B97F4A7C15L));
        assertThat(r.next()).isEqualTo(SplitMix64.mix(-123 + 2 * 0x9E3779B97F4A7C15L));
    }

    @Test
    void nextIntCoversSpansWiderThanAnInt() {
        SplitMix64 r = new SplitMix64(11);
        boolean high = false;
        boolean negative = false;
        for (int i = 0; i < 1000; i++) {
            int big = r.nextInt(0, Integer.MAX_VALUE);
            assertThat(big).isNotNegative();
            high |= big > Integer.MAX_VALUE / 2;
            negative |= r.nextInt(Integer.MIN_VALUE, Integer.MAX_VALUE) < 0;
        }
        assertThat(high).isTrue();
        assertThat(negative).isTrue();
    }

    @Property(tries = 200, seed = "42")
    void nfStaysInUnitIntervalAndIntsInRange(@ForAll long seed, @ForAll @IntRange(min = -50, max = 50) int lo,
            @ForAll @IntRange(min = 0, max = 100) int span) {
        SplitMix64 r = new SplitMix64(seed);
        for (int i = 0; i < 100; i++) {
            float f = r.nf();
            assertThat(f).isGreaterThanOrEqualTo(0f).isLessThan(1f);
            assertThat(r.nextInt(lo, lo + span)).isBetween(lo, lo + span);
        }
    }
}
