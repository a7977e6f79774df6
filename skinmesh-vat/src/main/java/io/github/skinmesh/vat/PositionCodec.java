package io.github.skinmesh.vat;

import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.skinning.HalfFloats;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.jspecify.annotations.Nullable;

/**
 * Encodes one frame of positions (or offsets from the bind pose) into its texels and gives back,
 * for each, the position a shader decodes from them: the stored float, the half widened again, or
 * {@code min + (q / (2^bits - 1)) * (max - min)} with the same float operations as
 * {@link VatDecoder} ({@link TexelCodec#normalized}, {@link TexelCodec#denormalize}), plus the
 * bind-pose position when the texture holds offsets.
 *
 * <p>Kernel note (VatBench, humanoid walk, 2 vCPU, JDK 17). Writing the whole texture and then
 * reading every texel back through {@link TexelCodec#fetch} measured 0.26x (half), 0.23x (unorm16),
 * 0.26x (unorm8) of posing the same frames alone; fusing both per frame with one loop per encoding
 * did not change that. A profile (JFR) then showed the byte-by-byte texel stores at 16% of the
 * bake and the per-vertex box update of the measuring loop at over 40%: its
 * {@code decoded < exact ? decoded : exact} selections follow the sign of the rounding error, a
 * coin toss, and compile to branches. Now a texel is one 64-bit (32-bit for unorm8) little-endian
 * store through a byte-array view, the rounding is a truncation corrected by one comparison (equal to
 * {@link Math#round(double)}), the normalized fetch
 * {@code q / (float) max} is {@code (float) (q * (1.0 / max))} (equal for every {@code q}: the
 * quotient's binary digits repeat with the period of the bit count, so it never lies near enough
 * to a float rounding boundary for the double product's error to matter; the test checks all
 * integers), and {@link ClipMeasure} keeps the boxes of the exact and the decoded positions
 * apart, see there. The figures are in the benchmark results.
 */
final class PositionCodec {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long FLOAT_ONE = Float.floatToRawIntBits(1f) & 0xffffffffL;
    private static final long HALF_ONE = HalfFloats.toHalf(1f) & 0xffffL;

    private final VatEncoding encoding;
    private final float minX;
    private final float minY;
    private final float minZ;
    private final float rangeX;
    private final float rangeY;
    private final float rangeZ;
    private final double scaleX;
    private final double scaleY;
    private final double scaleZ;
    /** {@code 1.0 / maxValue}: a normalized fetch is {@code (float) (q * inverse)}. */
    private final double inverse;

    /**
     * @param encoding the texel encoding
     * @param bounds what normalized values map to; ignored by the float encodings
     */
    PositionCodec(VatEncoding encoding, Bounds bounds) {
        this.encoding = encoding;
        minX = bounds.minX();
        minY = bounds.minY();
        minZ = bounds.minZ();
        rangeX = bounds.maxX() - bounds.minX();
        rangeY = bounds.maxY() - bounds.minY();
        rangeZ = bounds.maxZ() - bounds.minZ();
        int max = Math.max(1, encoding.maxValue());
        scaleX = TexelCodec.scale(rangeX, max);
        scaleY = TexelCodec.scale(rangeY, max);
        scaleZ = TexelCodec.scale(rangeZ, max);
        inverse = 1.0 / max;
    }

    /**
     * Encodes {@code count} positions from {@code exact[from..]} (minus {@code bind[0..3*count)}
     * when it is given: offsets) as texels from byte {@code dstByte}, and writes what the shader
     * decodes from each, the bind position added back, into {@code decoded[0..3*count)}.
     */
    void encodeFrame(float[] exact, int from, float @Nullable [] bind, int count, byte[] dst, int dstByte,
            float[] decoded) {
        switch (encoding) {
            case FLOAT -> floats(exact, from, bind, count, dst, dstByte, decoded);
            case HALF -> halves(exact, from, bind, count, dst, dstByte, decoded);
            case UNORM16 -> unorm16(exact, from, bind, count, dst, dstByte, decoded);
            case UNORM8 -> unorm8(exact, from, bind, count, dst, dstByte, decoded);
        }
    }

    private static void floats(float[] exact, int from, float @Nullable [] bind, int count, byte[] dst, int dstByte,
            float[] decoded) {
        int o = dstByte;
        for (int i = 0; i < 3 * count; i += 3, o += 16) {
            float x = exact[from + i];
            float y = exact[from + i + 1];
            float z = exact[from + i + 2];
            float bx = 0;
            float by = 0;
            float bz = 0;
            if (bind != null) {
                bx = bind[i];
                by = bind[i + 1];
                bz = bind[i + 2];
                x -= bx;
                y -= by;
                z -= bz;
            }
            LONGS.set(dst, o, Float.floatToRawIntBits(x) & 0xffffffffL | (long) Float.floatToRawIntBits(y) << 32);
            LONGS.set(dst, o + 8, Float.floatToRawIntBits(z) & 0xffffffffL | FLOAT_ONE << 32);
            if (bind != null) {
                x += bx;
                y += by;
                z += bz;
            }
            decoded[i] = x;
            decoded[i + 1] = y;
            decoded[i + 2] = z;
        }
    }

    private static void halves(float[] exact, int from, float @Nullable [] bind, int count, byte[] dst, int dstByte,
            float[] decoded) {
        int o = dstByte;
        for (int i = 0; i < 3 * count; i += 3, o += 8) {
            float x = exact[from + i];
            float y = exact[from + i + 1];
            float z = exact[from + i + 2];
            if (bind != null) {
                x -= bind[i];
                y -= bind[i + 1];
                z -= bind[i + 2];
            }
            short hx = HalfFloats.toHalf(x);
            short hy = HalfFloats.toHalf(y);
            short hz = HalfFloats.toHalf(z);
            LONGS.set(dst, o, hx & 0xffffL | (hy & 0xffffL) << 16 | (hz & 0xffffL) << 32 | HALF_ONE << 48);
            x = HalfFloats.toFloat(hx);
            y = HalfFloats.toFloat(hy);
            z = HalfFloats.toFloat(hz);
            if (bind != null) {
                x += bind[i];
                y += bind[i + 1];
                z += bind[i + 2];
            }
            decoded[i] = x;
            decoded[i + 1] = y;
            decoded[i + 2] = z;
        }
    }

    private void unorm16(float[] exact, int from, float @Nullable [] bind, int count, byte[] dst, int dstByte,
            float[] decoded) {
        int o = dstByte;
        for (int i = 0; i < 3 * count; i += 3, o += 8) {
            float x = exact[from + i];
            float y = exact[from + i + 1];
            float z = exact[from + i + 2];
            if (bind != null) {
                x -= bind[i];
                y -= bind[i + 1];
                z -= bind[i + 2];
            }
            int qx = quantize(x, minX, scaleX, 0xffff);
            int qy = quantize(y, minY, scaleY, 0xffff);
            int qz = quantize(z, minZ, scaleZ, 0xffff);
            LONGS.set(dst, o, qx | (long) qy << 16 | (long) qz << 32 | 0xffffL << 48);
            x = minX + (float) (qx * inverse) * rangeX;
            y = minY + (float) (qy * inverse) * rangeY;
            z = minZ + (float) (qz * inverse) * rangeZ;
            if (bind != null) {
                x += bind[i];
                y += bind[i + 1];
                z += bind[i + 2];
            }
            decoded[i] = x;
            decoded[i + 1] = y;
            decoded[i + 2] = z;
        }
    }

    private void unorm8(float[] exact, int from, float @Nullable [] bind, int count, byte[] dst, int dstByte,
            float[] decoded) {
        int o = dstByte;
        for (int i = 0; i < 3 * count; i += 3, o += 4) {
            float x = exact[from + i];
            float y = exact[from + i + 1];
            float z = exact[from + i + 2];
            if (bind != null) {
                x -= bind[i];
                y -= bind[i + 1];
                z -= bind[i + 2];
            }
            int qx = quantize(x, minX, scaleX, 0xff);
            int qy = quantize(y, minY, scaleY, 0xff);
            int qz = quantize(z, minZ, scaleZ, 0xff);
            INTS.set(dst, o, qx | qy << 8 | qz << 16 | 0xff << 24);
            x = minX + (float) (qx * inverse) * rangeX;
            y = minY + (float) (qy * inverse) * rangeY;
            z = minZ + (float) (qz * inverse) * rangeZ;
            if (bind != null) {
                x += bind[i];
                y += bind[i + 1];
                z += bind[i + 2];
            }
            decoded[i] = x;
            decoded[i + 1] = y;
            decoded[i + 2] = z;
        }
    }

    /**
     * {@link TexelCodec#quantize}, bit for bit: {@code Math.round(d)} is {@code floor(d + 0.5)}
     * taken exactly; {@code (int) (d + 0.5)} truncates instead of flooring below 0 and differs where
     * the sum rounds up to an integer (the largest double below 0.5 is the best-known case), and the
     * comparison {@code q - 0.5 > d} (exact) takes back the one too many in every such case.
     * Measured beside it (JDK 17, values of one frame): 2.0 ns a value, {@code Math.round} 2.3,
     * {@code Math.rint} with a tie correction 4.5.
     */
    static int quantize(float x, float min, double scale, int maxValue) {
        double d = (x - (double) min) * scale;
        int q = (int) (d + 0.5);
        q -= q - 0.5 > d ? 1 : 0;
        return Math.max(0, Math.min(maxValue, q));
    }
}
