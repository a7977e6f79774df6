package io.github.skinmesh.vat;

import io.github.skinmesh.core.internal.HalfRounding;
import io.github.skinmesh.core.internal.HardwareHalf;
import java.lang.invoke.VarHandle;
import org.jspecify.annotations.Nullable;

/**
 * {@link PositionCodec#encodeMeasure} of half positions (absolute, or offsets from the bind pose)
 * on runtimes with the half conversions ({@code Float.floatToFloat16}, {@code Float.float16ToFloat}:
 * Java 20 and later, {@link HardwareHalf}), in two plain loops per chunk of
 * {@link PositionCodec#CHUNK} vertices. The first, over the chunk's coordinates, rounds each one to
 * its half, widens the half again (plus the bind position for offsets) and squares the decoding
 * error in double: the JIT turns it into the processor's conversion instructions, many coordinates
 * per instruction. The second, over the chunk's vertices, packs the texels and adds the errors per
 * vertex in vertex order (the sum the manifest's RMS error pins stays one chain of dependent
 * additions), and grows the boxes as {@link PositionCodec}'s scalar loop does, whose results these
 * are, bit for bit: the halves are {@link HalfRounding}'s (and {@code HalfFloats.toHalf}'s) for
 * every finite value below {@code 65520}, their widening is exact, and the errors, sums, boxes and
 * zero records come from the same values in the same order. Beyond {@code 65520} the texels are
 * unspecified, as the scalar loop's are; the bake rejects such positions once the bounds are known.
 *
 * <p>Kernel note (the loop timed alone, thread CPU time, 9,555 vertices a frame, best of 400 frames,
 * JDK 25 on a 2-vCPU AMD EPYC with AVX-512, shared machine). The scalar loop with the branch-free
 * bit arithmetic ({@link HalfRounding#halfAndWidened}) took 9.6-12 ns a vertex; these two loops 3.9.
 * The first loop alone takes 1.2 ns a vertex; the second is bound by its loads, the box's
 * comparisons and the chain of additions. Tried in the same harness: the first loop storing the
 * error as a float difference (exact for absolute positions: a value and its nearest half lie
 * within a factor of two) and the second squaring it: 4.0-5.7; the widening by bit arithmetic
 * ({@code intBitsToFloat(magnitude << 13) * 2^112}, exact) instead of the runtime's: 5.2-6.7; the
 * rounding and the widening in two loops: 3.9-5.9. JDK 17 has no conversions and keeps the scalar
 * loop; on 20-24 the same loops run, measured only on 25.
 *
 * <p>Mutable scratch (about 23 KB, allocated with the object); one per codec. Not thread-safe.
 */
final class HardwareHalfPositions {
    private static final VarHandle LONGS = PositionCodec.LONGS;
    private static final long HALF_ONE = PositionCodec.HALF_ONE;
    private static final int CHUNK = PositionCodec.CHUNK;

    /** Whether this runtime has the conversions ({@link HardwareHalf#available()}). */
    static final boolean AVAILABLE = HardwareHalf.available();

    /** Per chunk: each coordinate's half. */
    private final short[] halves = new short[3 * CHUNK];
    /** Per chunk: each coordinate's {@code ((double) decoded - exact)^2}. */
    private final double[] squares = new double[3 * CHUNK];
    /** Per chunk: each decoded coordinate (offsets only: widened half plus bind position). */
    private final float[] decoded = new float[3 * CHUNK];

    /**
     * @throws IllegalStateException if the runtime has no half conversions
     */
    HardwareHalfPositions() {
        if (!AVAILABLE) {
            throw new IllegalStateException("HardwareHalfPositions: Float.floatToFloat16 and Float.float16ToFloat need "
                    + "Java 20 or later, this is " + Runtime.version());
        }
    }

    /**
     * {@link PositionCodec#encodeMeasure} of the half encoding: {@code count} positions from
     * {@code exact[from..]} (minus {@code bind[bindFrom..bindFrom+3*count)} when it is given) as
     * 8-byte texels from byte {@code dstByte}, measured into {@code measure}. Allocates nothing.
     */
    void encodeMeasure(float[] exact, int from, float @Nullable [] bind, int bindFrom, int count, byte[] dst,
            int dstByte, ClipMeasure measure) {
        if (bind == null) {
            encodeAbsolute(exact, from, count, dst, dstByte, measure);
        } else {
            encodeOffsets(exact, from, bind, bindFrom, count, dst, dstByte, measure);
        }
    }

    /** The first loop of absolute positions: halves and squared errors of {@code exact[start..start+coords)}. */
    private static void roundAbsolute(float[] exact, int start, int coords, short[] halves, double[] squares) {
        for (int k = 0; k < coords; k++) {
            float x = exact[start + k];
            short h = HardwareHalf.toHalf(x);
            halves[k] = h;
            double d = (double) HardwareHalf.toFloat(h) - x;
            squares[k] = d * d;
        }
    }

    /** The first loop of offsets: halves, decoded coordinates and squared errors. */
    private static void roundOffsets(float[] exact, int start, float[] bind, int bindStart, int coords,
            short[] halves, float[] decoded, double[] squares) {
        for (int k = 0; k < coords; k++) {
            float e = exact[start + k];
            float b = bind[bindStart + k];
            short h = HardwareHalf.toHalf(e - b);
            halves[k] = h;
            float p = HardwareHalf.toFloat(h) + b;
            decoded[k] = p;
            double d = (double) p - e;
            squares[k] = d * d;
        }
    }

    /**
     * Absolute positions. As in {@link PositionCodec}'s scalar loop, the decoded box follows from
     * the exact box after the loop (the decoding is monotone); a decoded coordinate is zero exactly
     * where its half is {@code +-0}, which is where the zero records are taken.
     */
    private void encodeAbsolute(float[] exact, int from, int count, byte[] dst, int dstByte, ClipMeasure measure) {
        short[] hs = halves;
        double[] sq = squares;
        double sum = measure.sumSquares;
        double max = measure.maxSquare;
        float[] eBox = measure.exactBox;
        float eMinX = eBox[0];
        float eMinY = eBox[1];
        float eMinZ = eBox[2];
        float eMaxX = eBox[3];
        float eMaxY = eBox[4];
        float eMaxZ = eBox[5];
        int o = dstByte;
        for (int first = 0; first < count; first += CHUNK) {
            int n = Math.min(CHUNK, count - first);
            int start = from + 3 * first;
            roundAbsolute(exact, start, 3 * n, hs, sq);
            for (int k = 0; k < 3 * n; k += 3, o += 8) {
                int hx = hs[k] & 0xffff;
                int hy = hs[k + 1] & 0xffff;
                int hz = hs[k + 2] & 0xffff;
                LONGS.set(dst, o, hx | (long) hy << 16 | (long) hz << 32 | HALF_ONE << 48);
                double d2 = sq[k] + sq[k + 1] + sq[k + 2];
                sum += d2;
                max = d2 > max ? d2 : max;
                float ex = exact[start + k];
                float ey = exact[start + k + 1];
                float ez = exact[start + k + 2];
                eMinX = ex < eMinX ? ex : eMinX;
                eMaxX = ex > eMaxX ? ex : eMaxX;
                eMinY = ey < eMinY ? ey : eMinY;
                eMaxY = ey > eMaxY ? ey : eMaxY;
                eMinZ = ez < eMinZ ? ez : eMinZ;
                eMaxZ = ez > eMaxZ ? ez : eMaxZ;
                // an exact zero rounds to a zero half, so this sees every exact and decoded zero
                if ((hx & 0x7fff) == 0 | (hy & 0x7fff) == 0 | (hz & 0x7fff) == 0) {
                    measure.zeros(HardwareHalf.toFloat((short) hx), ex, 0);
                    measure.zeros(HardwareHalf.toFloat((short) hy), ey, 1);
                    measure.zeros(HardwareHalf.toFloat((short) hz), ez, 2);
                }
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
        if (count > 0) {
            float[] dBox = measure.decodedBox;
            for (int c = 0; c < 6; c++) {
                float d = HalfRounding.widened(eBox[c]);
                dBox[c] = c < 3 ? (d < dBox[c] ? d : dBox[c]) : (d > dBox[c] ? d : dBox[c]);
            }
        }
    }

    /** Offsets: both boxes per vertex, as {@link PositionCodec}'s scalar loop grows them. */
    private void encodeOffsets(float[] exact, int from, float[] bind, int bindFrom, int count, byte[] dst,
            int dstByte, ClipMeasure measure) {
        short[] hs = halves;
        double[] sq = squares;
        float[] dec = decoded;
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
        for (int first = 0; first < count; first += CHUNK) {
            int n = Math.min(CHUNK, count - first);
            int start = from + 3 * first;
            roundOffsets(exact, start, bind, bindFrom + 3 * first, 3 * n, hs, dec, sq);
            for (int k = 0; k < 3 * n; k += 3, o += 8) {
                LONGS.set(dst, o, hs[k] & 0xffffL | (hs[k + 1] & 0xffffL) << 16 | (hs[k + 2] & 0xffffL) << 32
                        | HALF_ONE << 48);
                double d2 = sq[k] + sq[k + 1] + sq[k + 2];
                sum += d2;
                max = d2 > max ? d2 : max;
                float ex = exact[start + k];
                float ey = exact[start + k + 1];
                float ez = exact[start + k + 2];
                float x = dec[k];
                float y = dec[k + 1];
                float z = dec[k + 2];
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
}
