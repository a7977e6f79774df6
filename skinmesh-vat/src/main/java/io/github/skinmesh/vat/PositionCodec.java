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
     * Encodes {@code count} positions from {@code exact[from..]} (minus
     * {@code bind[bindFrom..bindFrom+3*count)} when it is given: offsets) as texels from byte
     * {@code dstByte}, decodes each texel again as the shader does (the bind position added back)
     * and adds the decoded position against the exact one to {@code measure}: all in one pass over
     * the vertices, without storing the decoded positions. Allocates nothing.
     */
    void encodeMeasure(float[] exact, int from, float @Nullable [] bind, int bindFrom, int count, byte[] dst,
            int dstByte, ClipMeasure measure) {
        boolean normalized = encoding.isNormalized();
        boolean half = encoding == VatEncoding.HALF;
        boolean eight = encoding == VatEncoding.UNORM8;
        int maxValue = encoding.maxValue();
        int shift = eight ? 8 : 16;
        long opaque = maxValue;
        int step = encoding.bytesPerTexel();
        float minX = this.minX;
        float minY = this.minY;
        float minZ = this.minZ;
        float rangeX = this.rangeX;
        float rangeY = this.rangeY;
        float rangeZ = this.rangeZ;
        double scaleX = this.scaleX;
        double scaleY = this.scaleY;
        double scaleZ = this.scaleZ;
        double inverse = this.inverse;
        double sum = measure.sumSquares;
        double max = measure.maxSquare;
        float[] eBox = measure.exactBox;
        float[] dBox = measure.decodedBox;
        float eMinX = eBox[0];
        float eMinY = eBox[1];
        float eMinZ = eBox[2];
        float eMaxX = eBox[3];
        float eMaxY = eBox[4];
        float eMaxZ = eBox[5];
        float dMinX = dBox[0];
        float dMinY = dBox[1];
        float dMinZ = dBox[2];
        float dMaxX = dBox[3];
        float dMaxY = dBox[4];
        float dMaxZ = dBox[5];
        int o = dstByte;
        for (int i = 0; i < 3 * count; i += 3, o += step) {
            float ex = exact[from + i];
            float ey = exact[from + i + 1];
            float ez = exact[from + i + 2];
            float x = ex;
            float y = ey;
            float z = ez;
            if (bind != null) {
                x -= bind[bindFrom + i];
                y -= bind[bindFrom + i + 1];
                z -= bind[bindFrom + i + 2];
            }
            // the texel, and what the shader decodes from it
            if (normalized) {
                int qx = quantize(x, minX, scaleX, maxValue);
                int qy = quantize(y, minY, scaleY, maxValue);
                int qz = quantize(z, minZ, scaleZ, maxValue);
                long texel = qx | (long) qy << shift | (long) qz << 2 * shift | opaque << 3 * shift;
                if (eight) {
                    INTS.set(dst, o, (int) texel);
                } else {
                    LONGS.set(dst, o, texel);
                }
                x = minX + (float) (qx * inverse) * rangeX;
                y = minY + (float) (qy * inverse) * rangeY;
                z = minZ + (float) (qz * inverse) * rangeZ;
            } else if (half) {
                short hx = HalfFloats.toHalf(x);
                short hy = HalfFloats.toHalf(y);
                short hz = HalfFloats.toHalf(z);
                LONGS.set(dst, o, hx & 0xffffL | (hy & 0xffffL) << 16 | (hz & 0xffffL) << 32 | HALF_ONE << 48);
                x = HalfFloats.toFloat(hx);
                y = HalfFloats.toFloat(hy);
                z = HalfFloats.toFloat(hz);
            } else {
                LONGS.set(dst, o, Float.floatToRawIntBits(x) & 0xffffffffL | (long) Float.floatToRawIntBits(y) << 32);
                LONGS.set(dst, o + 8, Float.floatToRawIntBits(z) & 0xffffffffL | FLOAT_ONE << 32);
            }
            if (bind != null) {
                x += bind[bindFrom + i];
                y += bind[bindFrom + i + 1];
                z += bind[bindFrom + i + 2];
            }
            // the error and the boxes, as ClipMeasure defines them
            double dx = (double) x - ex;
            double dy = (double) y - ey;
            double dz = (double) z - ez;
            double d2 = dx * dx + dy * dy + dz * dz;
            sum += d2;
            max = d2 > max ? d2 : max;
            eMinX = ex < eMinX ? ex : eMinX;
            eMaxX = ex > eMaxX ? ex : eMaxX;
            eMinY = ey < eMinY ? ey : eMinY;
            eMaxY = ey > eMaxY ? ey : eMaxY;
            eMinZ = ez < eMinZ ? ez : eMinZ;
            eMaxZ = ez > eMaxZ ? ez : eMaxZ;
            dMinX = x < dMinX ? x : dMinX;
            dMaxX = x > dMaxX ? x : dMaxX;
            dMinY = y < dMinY ? y : dMinY;
            dMaxY = y > dMaxY ? y : dMaxY;
            dMinZ = z < dMinZ ? z : dMinZ;
            dMaxZ = z > dMaxZ ? z : dMaxZ;
            if (x == 0 | ex == 0 | y == 0 | ey == 0 | z == 0 | ez == 0) {
                measure.zeros(x, ex, 0);
                measure.zeros(y, ey, 1);
                measure.zeros(z, ez, 2);
            }
        }
        measure.sumSquares = sum;
        measure.maxSquare = max;
        eBox[0] = eMinX;
        eBox[1] = eMinY;
        eBox[2] = eMinZ;
        eBox[3] = eMaxX;
        eBox[4] = eMaxY;
        eBox[5] = eMaxZ;
        dBox[0] = dMinX;
        dBox[1] = dMinY;
        dBox[2] = dMinZ;
        dBox[3] = dMaxX;
        dBox[4] = dMaxY;
        dBox[5] = dMaxZ;
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
