package io.github.skinmesh.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.FormatException;
import org.junit.jupiter.api.Test;

class ByteBudgetTest {
    @Test
    void chargesUpToTheLimitExactly() {
        ByteBudget b = new ByteBudget(10, 4, 2);
        b.charge("a", 30);
        b.charge("b", 12);
        assertThat(b.used()).isEqualTo(42);
        b.charge("c", 0);
        assertThatThrownBy(() -> b.charge("accessors[3]", 1)).isInstanceOf(FormatException.class)
                .hasMessage("accessors[3]: decoding needs 1 bytes, more than the file's 10 bytes can describe "
                        + "(budget 4 x input size, 0 bytes left)");
        assertThat(b.used()).isEqualTo(42);
    }

    @Test
    void aFailedChargeCostsNothing() {
        ByteBudget b = new ByteBudget(100, 1, 0);
        assertThatThrownBy(() -> b.charge("big", 101)).isInstanceOf(FormatException.class)
                .hasMessage("big: decoding needs 101 bytes, more than the file's 100 bytes can describe "
                        + "(budget 1 x input size, 100 bytes left)");
        b.charge("all", 100);
        assertThat(b.used()).isEqualTo(100);
    }

    @Test
    void aChargeCanSayWhatItIsFor() {
        ByteBudget b = new ByteBudget(100, 2, 10);
        b.charge("nodes[0]", "posing meshes[0]", 150);
        assertThatThrownBy(() -> b.charge("nodes[1]", "posing meshes[0] again", 61)).isInstanceOf(FormatException.class)
                .hasMessage("nodes[1]: posing meshes[0] again needs 61 bytes, more than the file's 100 bytes can "
                        + "describe (budget 2 x input size, 60 bytes left)");
        assertThat(b.used()).isEqualTo(150);
    }

    @Test
    void negativeSizesFromOverflowAreRefused() {
        ByteBudget b = new ByteBudget(1L << 40, 1024, 1 << 20);
        assertThatThrownBy(() -> b.charge("overflow", (long) Integer.MAX_VALUE * Integer.MAX_VALUE * 4))
                .isInstanceOf(FormatException.class).hasMessageStartingWith("overflow: decoding needs -");
        assertThat(b.used()).isZero();
    }
}
