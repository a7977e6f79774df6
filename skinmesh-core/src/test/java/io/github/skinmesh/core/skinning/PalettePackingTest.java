package io.github.skinmesh.core.skinning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class PalettePackingTest {
    /** Relative precision of a half (11 significant bits, rounding to nearest). */
    private static final double HALF_RELATIVE = 0x1p-11;

    private static float[] randomMatrices(long seed, int count) {
        SplittableRandom r = new SplittableRandom(seed);
        float[] m = new float[16 * count];
        for (int i = 0; i < count; i++) {
            SkinningFixtures.matrix(SkinningFixtures.randomQuaternion(r), (float) r.nextDouble(0.1, 3),
                    (float) r.nextDouble(0.1, 3), (float) r.nextDouble(0.1, 3), (float) r.nextDouble(-50, 50),
                    (float) r.nextDouble(-50, 50), (float) r.nextDouble(-50, 50), m, 16 * i);
        }
        return m;
    }

    @Test
    void rowsHoldTheAffinePartRowByRow() {
        float[] m = new float[16];
        for (int i = 0; i < 16; i++) {
            m[i] = i; // m[c*4 + r]
        }
        float[] rows = new float[12];
        assertThat(PalettePacking.packFloat3x4Into(m, 0, 1, rows, 0)).isEqualTo(12);
        assertThat(rows).containsExactly(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14);
    }

    @Property(tries = 50, seed = "48")
    void floatRowsRoundTrip(@ForAll long seed, @ForAll @IntRange(min = 0, max = 20) int count,
            @ForAll @IntRange(min = 0, max = 5) int first, @ForAll @IntRange(min = 0, max = 7) int offset) {
        float[] m = randomMatrices(seed, first + count);
        float[] rows = new float[offset + 12 * count];
        assertThat(PalettePacking.packFloat3x4Into(m, first, count, rows, offset)).isEqualTo(offset + 12 * count);
        float[] back = new float[16 * (first + count)];
        assertThat(PalettePacking.unpackFloat3x4Into(rows, offset, count, back, first)).isEqualTo(first + count);
        for (int i = 16 * first; i < back.length; i++) {
            assertThat(back[i]).isEqualTo(m[i]); // row 3 of an affine matrix is (0, 0, 0, 1) on both sides
        }
    }

    @Property(tries = 50, seed = "24")
    void halfRowsRoundTripWithinHalfPrecision(@ForAll long seed, @ForAll @IntRange(min = 0, max = 20) int count) {
        float[] m = randomMatrices(seed, count);
        short[] rows = new short[12 * count];
        PalettePacking.packHalf3x4Into(m, 0, count, rows, 0, PackingOptions.DEFAULTS);
        float[] back = new float[16 * count];
        PalettePacking.unpackHalf3x4Into(rows, 0, count, back, 0);
        for (int i = 0; i < back.length; i++) {
            assertThat((double) Math.abs(back[i] - m[i])).isLessThanOrEqualTo(HALF_RELATIVE * Math.abs(m[i]) + 0x1p-25);
            int c = (i % 16) / 4, r = i % 4;
            if (r < 3) {
                assertThat(rows[12 * (i / 16) + 4 * r + c]).isEqualTo(HalfFloats.toHalf(m[i]));
            }
        }
    }

    @Test
    void byteBuffersAreLittleEndianWhateverTheirOrder() {
        float[] m = randomMatrices(3, 2);
        float[] rows = new float[24];
        PalettePacking.packFloat3x4Into(m, 0, 2, rows, 0);
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            ByteBuffer buf = ByteBuffer.allocate(4 + 96).order(order);
            buf.position(4);
            PalettePacking.packFloat3x4Into(m, 0, 2, buf);
            assertThat(buf.position()).isEqualTo(100);
            assertThat(buf.order()).isEqualTo(order);
            ByteBuffer le = buf.duplicate().order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < 24; i++) {
                assertThat(le.getFloat(4 + 4 * i)).isEqualTo(rows[i]);
            }
        }
        short[] halves = new short[24];
        PalettePacking.packHalf3x4Into(m, 0, 2, halves, 0, PackingOptions.DEFAULTS);
        ByteBuffer buf = ByteBuffer.allocateDirect(48).order(ByteOrder.BIG_ENDIAN);
        PalettePacking.packHalf3x4Into(m, 0, 2, buf, PackingOptions.DEFAULTS);
        assertThat(buf.position()).isEqualTo(48);
        for (int i = 0; i < 24; i++) {
            int lo = buf.get(2 * i) & 0xff, hi = buf.get(2 * i + 1) & 0xff;
            assertThat((short) (lo | hi << 8)).isEqualTo(halves[i]);
        }
    }

    @Test
    void saturationKeepsFarTranslationsFinite() {
        float[] m = new float[16];
        SkinningFixtures.matrix(new float[] {0, 0, 0, 1}, 1, 1, 1, 1e5f, -70000f, 3, m, 0);
        short[] ieee = new short[12];
        short[] saturated = new short[12];
        PalettePacking.packHalf3x4Into(m, 0, 1, ieee, 0, PackingOptions.DEFAULTS);
        PalettePacking.packHalf3x4Into(m, 0, 1, saturated, 0,
                PackingOptions.DEFAULTS.withHalfOverflow(HalfOverflow.SATURATE));
        assertThat(ieee[3]).isEqualTo((short) 0x7c00);
        assertThat(ieee[7]).isEqualTo((short) 0xfc00);
        assertThat(saturated[3]).isEqualTo((short) 0x7bff);
        assertThat(saturated[7]).isEqualTo((short) 0xfbff);
        assertThat(saturated[11]).isEqualTo(HalfFloats.toHalf(3));
    }

    @Test
    void rejectsAShortFloatDestination() {
        assertThatThrownBy(() -> PalettePacking.packFloat3x4Into(new float[32], 0, 2, new float[30], 7))
                .isInstanceOf(ValidationException.class)
                .hasMessage("packFloat3x4Into: dst length 30, needs at least dstOffset+12*matrixCount = 31");
    }

    @Test
    void rejectsTooFewMatrices() {
        assertThatThrownBy(() -> PalettePacking.packHalf3x4Into(new float[32], 1, 2, new short[24], 0,
                PackingOptions.DEFAULTS)).isInstanceOf(ValidationException.class)
                .hasMessage("packHalf3x4Into: matrices length 32, needs at least 16*(firstMatrix+matrixCount) = 48");
    }

    @Test
    void rejectsANegativeMatrixCount() {
        assertThatThrownBy(() -> PalettePacking.packFloat3x4Into(new float[32], 0, -1, new float[12], 0))
                .isInstanceOf(ValidationException.class)
                .hasMessage("packFloat3x4Into: matrixCount=-1, expected >= 0");
    }

    @Test
    void rejectsABufferWithTooFewBytesRemainingAndWritesNothing() {
        ByteBuffer buf = ByteBuffer.allocate(60);
        buf.position(20);
        assertThatThrownBy(() -> PalettePacking.packFloat3x4Into(new float[16], 0, 1, buf))
                .isInstanceOf(ValidationException.class)
                .hasMessage("packFloat3x4Into: dst remaining 40 bytes, needs at least 48*matrixCount = 48");
        assertThat(buf.position()).isEqualTo(20);
    }

    @Test
    void rejectsAReadOnlyBuffer() {
        ByteBuffer buf = ByteBuffer.allocate(48).asReadOnlyBuffer();
        assertThatThrownBy(() -> PalettePacking.packHalf3x4Into(new float[16], 0, 1, buf, PackingOptions.DEFAULTS))
                .isInstanceOf(ValidationException.class)
                .hasMessage("packHalf3x4Into: dst buffer is read-only, expected a writable buffer");
    }

    @Test
    void rejectsUnpackingIntoItsOwnSource() {
        float[] same = new float[16];
        assertThatThrownBy(() -> PalettePacking.unpackFloat3x4Into(same, 0, 1, same, 0))
                .isInstanceOf(ValidationException.class)
                .hasMessage("unpackFloat3x4Into: dstMatrices is the same array as rows, expected distinct arrays");
    }

    @Test
    void rejectsAShortUnpackDestination() {
        assertThatThrownBy(() -> PalettePacking.unpackHalf3x4Into(new short[24], 0, 2, new float[40], 1))
                .isInstanceOf(ValidationException.class).hasMessage(
                "unpackHalf3x4Into: dstMatrices length 40, needs at least 16*(firstMatrix+matrixCount) = 48");
    }
}
