package io.github.skinmesh.vat.keys;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.internal.DecimalText;
import java.math.BigDecimal;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The key table writes {@link DecimalText}'s digits (the rule of the manifests and the glTF writer)
 * in a layout of its own: plain for decimal exponents -7..20, else {@code 1E-8} /
 * {@code 1.5E+30}, close to {@link BigDecimal#toString()}'s, in which {@code skinmesh keys --json}
 * prints the table it re-reads with big decimals; {@link DecimalText#of} switches to {@code E}
 * notation below 1e-3 and from 1e7 instead. So the same float (a rate or a duration,
 * which the table and a manifest both hold) is the same decimal in both and reads back to the same
 * bits, and the texts are equal from 1e-3 to below 1e7, the range of rates and durations.
 */
class KeyTableNumberTextTest {
    @Property(tries = 20000, seed = "20261202")
    void aFloatIsTheSameDecimalInTheKeyTableAndTheManifest(@ForAll int bits) {
        float f = Float.intBitsToFloat(bits);
        if (!Float.isFinite(f)) {
            return;
        }
        String table = KeyTableJson.number(f);
        String manifest = DecimalText.of(f);
        assertThat(Float.floatToRawIntBits(Float.parseFloat(table))).isEqualTo(Float.floatToRawIntBits(f));
        assertThat(new BigDecimal(table).compareTo(new BigDecimal(manifest))).as("%s vs %s", table, manifest)
                .isZero();
        float a = Math.abs(f);
        if (a >= 1e-3f && a < 1e7f) {
            assertThat(table).isEqualTo(manifest);
        }
    }

    @Property(tries = 5000, seed = "20261202")
    void aDoubleIsTheSameDecimalInTheKeyTableAndTheManifest(@ForAll long bits) {
        double d = Double.longBitsToDouble(bits);
        if (!Double.isFinite(d)) {
            return;
        }
        String table = KeyTableJson.number(d);
        String manifest = DecimalText.of(d);
        assertThat(Double.doubleToRawLongBits(Double.parseDouble(table))).isEqualTo(Double.doubleToRawLongBits(d));
        assertThat(new BigDecimal(table).compareTo(new BigDecimal(manifest))).isZero();
        double a = Math.abs(d);
        if (a >= 1e-3 && a < 1e7) {
            assertThat(table).isEqualTo(manifest);
        }
    }
}
