package io.github.skinmesh.vat;

import io.github.skinmesh.core.internal.HalfRounding;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.skinning.HalfFloats;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.jspecify.annotations.Nullable;

/**
 * Encodes one frame of positions (or offsets from the bind pose) into its texels, decodes each
 * texel again as a shader does (the stored float, the half widened again, or
 * {@code min + (q / (2^bits - 1)) * (max - min)} with the same float operations as
 * {@link VatDecoder}: {@link TexelCodec#normalized}, {@link TexelCodec#denormalize}; plus the
 * bind-pose position when the texture holds offsets) and measures the decoded position against
 * the exact one into a {@link ClipMeasure}: one loop, for every encoding.
 *
 * <p>Kernel note (VatBench, humanoid walk, 2 vCPU, JDK 17). Writing the whole texture and then
 * reading every texel back through {@link TexelCodec#fetch} measured 0.26x (half), 0.23x (unorm16),
 * 0.26x (unorm8) of posing the same frames alone; fusing both per frame with one loop per encoding
 * did not change that. A profile (JFR) then showed the byte-by-byte texel stores at 16% of the
 * bake and the per-vertex box update of the measuring loop at over 40%: its
 * {@code decoded < exact ? decoded : exact} selections follow the sign of the rounding error, a
 * coin toss, and compile to branches. So a texel is one 64-bit (32-bit for unorm8) little-endian
 * store through a byte-array view, the normalized fetch {@code q / (float) max} is
 * {@code (float) (q * (1.0 / max))} (equal for every {@code q}: the quotient's binary digits
 * repeat with the period of the bit count, so it never lies near enough to a float rounding
 * boundary for the double product's error to matter; the test checks all integers), and
 * {@link ClipMeasure} keeps the boxes of the exact and the decoded positions apart, see there.
 *
 * <p>Second round (thread CPU time of this loop alone, 50,000 vertices, JDK 17, shared machine):
 * with the encoding, the decoding and the measure in one loop, without a decoded array, a vertex
 * cost 3.5 ns (float), 10.7 (half), 17 (unorm16 and unorm8); a stack profile of the bake put this
 * loop at about half of it, above the skinning. The rounding then was a truncation to int
 * corrected by one comparison, and the fetch converted the int back: two int-to-double
 * conversions per coordinate on the critical path. Rounding with {@link Math#floor} (one
 * instruction) and keeping the integer in a double ({@link #rounded}) brought the normalized
 * encodings to 9 ns; computing the widened half from the rounded float bits instead of calling
 * {@link HalfFloats#toHalf} and {@link HalfFloats#toFloat} brought half
 * to 9.3. The four per-encoding loops of the first round are folded into this one; the
 * encoding's branches are loop-invariant and always predicted (a variant with one loop per
 * encoding was not measured against it). The bake's figures are in the benchmark results.
 *
 * <p>Third round (the same loop timed alone per frame of the {@code lbs} mesh, 50,000 vertices,
 * thread CPU time, JDK 17 with the incubating Vector API, a machine at load 9-15). Absolute float
 * positions now skip the distances and the decoded box, which they do not need
 * ({@link #encodeMeasure}): 7.2 ns a vertex before, 2.8-3.0 after, the texel stores and the exact
 * box. Half and the normalized encodings of absolute positions take the decoded box from the exact
 * box (the decoding is monotone) and half rounds without a branch ({@link HalfRounding}): 8.2-10
 * ns a vertex before and after, within the noise, so the loop is bound by its arithmetic, not by
 * those comparisons or the rounding's branch (moving the exact box into a loop of its own did not
 * help either). What it must still do per vertex is the rounding, the decoding, three distances in
 * double and their sum in vertex order, which the manifest's RMS error pins: that sum alone, a
 * chain of dependent additions, takes 0.7 ns a vertex. For comparison, posing a frame (sampling,
 * skin matrices, core's vector LBS of the positions) takes 3.3 ns a vertex, and keeping the exact
 * frames of a normalized bake for its second pass 1.8 ns.
 *
 * <p>Fourth round: absolute float and normalized positions through {@link PositionKernel}, a vector
 * at a time, where the JVM has {@code jdk.incubator.vector} (the benchmarks' forks do). Per chunk
 * of {@link #CHUNK} vertices the kernel writes each coordinate's normalized integer and squared
 * error to scratch arrays and grows the exact box; one scalar loop then packs the texels and adds
 * the errors per vertex in vertex order (the sum the RMS error pins stays one chain of dependent
 * additions, beside which the packing runs). The same loop timed alone (thread CPU time, 50,000
 * vertices, JDK 17, load about 6 on the 2 vCPUs): float 2.7 ns a vertex before, 1.7-1.8 after (the
 * kernel's box and plain texel stores); unorm16 8.0-8.5 before, 4.7-6.5 after, of which the kernel
 * 3.2 (its rounding and decoding are in double, half the lanes); unorm8 8.5 before, 5.0 after. Half
 * positions keep the loop above: a kernel of their bit arithmetic took 2.5-3.6 ns (its vector part
 * 1.5) but made the crowd blend kernel allocate in the same process, see {@link
 * VectorPositionKernel}. Two shapes did not work on JDK 17: three kernel calls in one loop body
 * stopped C2's inlining of the Vector API (its node count limit) and every vector was allocated,
 * 150 bytes a vector, slower than the scalar loop; and the conversion of doubles to ints is not
 * compiled to vector instructions there, so the kernel rounds by the addition and subtraction of
 * {@link #ROUNDING} and keeps the integers in doubles. The normalized bake's first pass keeps each frame with {@link
 * System#arraycopy} and boxes it with the kernel. The bake's figures are in the benchmark results.
 *
 * <p>Fifth round: on Java 20 and later half positions, absolute and offsets, go through the
 * runtime's half conversions in plain loops the JIT vectorizes ({@link HardwareHalfPositions}, the
 * same bits): the loop timed alone on JDK 25 took 3.9 ns a vertex against 9.6-12 for the loop
 * above. JDK 17 keeps the loop above.
 */
final class PositionCodec {
    static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long FLOAT_ONE = Float.floatToRawIntBits(1f) & 0xffffffffL;
    static final long HALF_ONE = HalfFloats.toHalf(1f) & 0xffffL;

    /**
     * {@code 1.5 * 2^52}: {@code (d + ROUNDING) - ROUNDING} is {@code d} rounded to an integer, ties
     * to even, for {@code |d| < 2^51} (the sum lies where the doubles are the integers, and the
     * subtraction is exact); the vector kernel adds 1 where {@code d} minus that is exactly 0.5, so
     * that ties round up as {@link Math#round} does.
     */
    static final double ROUNDING = 0x1.8p52;
    /** Vertices per chunk of the vector kernel's two passes; their scratch arrays stay in the first-level cache. */
    static final int CHUNK = 512;

    // package-private for the vector kernel, which mirrors the arithmetic
    final VatEncoding encoding;
    final float minX;
    final float minY;
    final float minZ;
    final float rangeX;
    final float rangeY;
    final float rangeZ;
    final double scaleX;
    final double scaleY;
    final double scaleZ;
    /** {@code 1.0 / maxValue}: a normalized fetch is {@code (float) (q * inverse)}. */
    final double inverse;
    /** The kernel of absolute positions, or {@code null}: the scalar loops. */
    private final @Nullable PositionKernel kernel;
    /** Half positions through the runtime's conversions, or {@code null}: the scalar loops. */
    private final @Nullable HardwareHalfPositions hardwareHalves;
    /** The per-axis constants of the kernel's lanes, made on first use. */
    private @Nullable Patterns patterns;
    /** The kernel's output per chunk of {@code 3 * CHUNK} coordinates: normalized integers, squared errors. */
    private double @Nullable [] integers;
    private double @Nullable [] squares;

    /**
     * @param encoding the texel encoding
     * @param bounds what normalized values map to; ignored by the float encodings
     */
    PositionCodec(VatEncoding encoding, Bounds bounds) {
        this(encoding, bounds, PositionKernels.VECTOR);
    }

    /**
     * Half positions go through the runtime's conversions where it has them ({@link HardwareHalfPositions}).
     *
     * @param encoding the texel encoding
     * @param bounds what normalized values map to; ignored by the float encodings
     * @param kernel the vector kernel for absolute positions, or {@code null} for the scalar loops
     */
    PositionCodec(VatEncoding encoding, Bounds bounds, @Nullable PositionKernel kernel) {
        this(encoding, bounds, kernel, HardwareHalfPositions.AVAILABLE);
    }

    /**
     * @param encoding the texel encoding
     * @param bounds what normalized values map to; ignored by the float encodings
     * @param kernel the vector kernel for absolute positions, or {@code null} for the scalar loops
     * @param hardwareHalves whether half positions go through {@link HardwareHalfPositions}
     *     (requires {@link HardwareHalfPositions#AVAILABLE}), else through the scalar loops
     */
    PositionCodec(VatEncoding encoding, Bounds bounds, @Nullable PositionKernel kernel, boolean hardwareHalves) {
        this.encoding = encoding;
        // half positions keep the scalar loop or the runtime's conversions, no vector kernel (see VectorPositionKernel)
        this.kernel = encoding == VatEncoding.HALF ? null : kernel;
        this.hardwareHalves = encoding == VatEncoding.HALF && hardwareHalves ? new HardwareHalfPositions() : null;
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
     * the vertices, without storing the decoded positions. Through the vector kernel, allocates its
     * scratch arrays on the first call and a few hundred bytes per 512 vertices (the kernel's box
     * lanes); otherwise nothing.
     */
    void encodeMeasure(float[] exact, int from, float @Nullable [] bind, int bindFrom, int count, byte[] dst,
            int dstByte, ClipMeasure measure) {
        if (hardwareHalves != null) {
            hardwareHalves.encodeMeasure(exact, from, bind, bindFrom, count, dst, dstByte, measure);
            return;
        }
        if (bind == null) {
            if (encoding == VatEncoding.FLOAT && kernel != null) {
                encodeExactChunks(kernel, exact, from, count, dst, dstByte, measure);
            } else if (encoding == VatEncoding.FLOAT) {
                encodeExact(exact, from, count, dst, dstByte, measure);
            } else if (kernel != null) {
                encodeMeasureChunks(kernel, exact, from, count, dst, dstByte, measure);
            } else {
                encodeMeasureAbsolute(exact, from, count, dst, dstByte, measure);
            }
            return;
        }
        // offsets from here on: the loop subtracts the bind position and adds it back to every vertex
        boolean normalized = encoding.isNormalized();
        boolean half = encoding == VatEncoding.HALF;
        boolean eight = encoding == VatEncoding.UNORM8;
        int maxValue = encoding.maxValue();
        int shift = eight ? 8 : 16;
        long opaque = maxValue;
        double top = maxValue;
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
            float x = ex - bind[bindFrom + i];
            float y = ey - bind[bindFrom + i + 1];
            float z = ez - bind[bindFrom + i + 2];
            // the texel, and what the shader decodes from it
            if (normalized) {
                double qx = rounded(x, minX, scaleX, top);
                double qy = rounded(y, minY, scaleY, top);
                double qz = rounded(z, minZ, scaleZ, top);
                long texel = (long) qx | (long) qy << shift | (long) qz << 2 * shift | opaque << 3 * shift;
                if (eight) {
                    INTS.set(dst, o, (int) texel);
                } else {
                    LONGS.set(dst, o, texel);
                }
                x = minX + (float) (qx * inverse) * rangeX;
                y = minY + (float) (qy * inverse) * rangeY;
                z = minZ + (float) (qz * inverse) * rangeZ;
            } else if (half) {
                long hx = HalfRounding.halfAndWidened(x);
                long hy = HalfRounding.halfAndWidened(y);
                long hz = HalfRounding.halfAndWidened(z);
                LONGS.set(dst, o, hx >>> 32 | (hy >>> 32) << 16 | (hz >>> 32) << 32 | HALF_ONE << 48);
                x = Float.intBitsToFloat((int) hx);
                y = Float.intBitsToFloat((int) hy);
                z = Float.intBitsToFloat((int) hz);
            } else {
                LONGS.set(dst, o, Float.floatToRawIntBits(x) & 0xffffffffL | (long) Float.floatToRawIntBits(y) << 32);
                LONGS.set(dst, o + 8, Float.floatToRawIntBits(z) & 0xffffffffL | FLOAT_ONE << 32);
            }
            x += bind[bindFrom + i];
            y += bind[bindFrom + i + 1];
            z += bind[bindFrom + i + 2];
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
     * {@link #encodeMeasure} of absolute float positions: the texel holds the exact value, which is
     * what the shader decodes, so every distance is 0 (the sums stay as they are) and the decoded
     * box is the exact one. Stores the texels and grows the exact box (and the zero records).
     */
    private static void encodeExact(float[] exact, int from, int count, byte[] dst, int dstByte,
            ClipMeasure measure) {
        float[] eBox = measure.exactBox;
        float eMinX = eBox[0];
        float eMinY = eBox[1];
        float eMinZ = eBox[2];
        float eMaxX = eBox[3];
        float eMaxY = eBox[4];
        float eMaxZ = eBox[5];
        int o = dstByte;
        for (int i = 0; i < 3 * count; i += 3, o += 16) {
            float ex = exact[from + i];
            float ey = exact[from + i + 1];
            float ez = exact[from + i + 2];
            putFloatTexel(dst, o, ex, ey, ez);
            eMinX = ex < eMinX ? ex : eMinX;
            eMaxX = ex > eMaxX ? ex : eMaxX;
            eMinY = ey < eMinY ? ey : eMinY;
            eMaxY = ey > eMaxY ? ey : eMaxY;
            eMinZ = ez < eMinZ ? ez : eMinZ;
            eMaxZ = ez > eMaxZ ? ez : eMaxZ;
            if (ex == 0 | ey == 0 | ez == 0) {
                measure.zeros(ex, ex, 0);
                measure.zeros(ey, ey, 1);
                measure.zeros(ez, ez, 2);
            }
        }
        eBox[0] = eMinX;
        eBox[1] = eMinY;
        eBox[2] = eMinZ;
        eBox[3] = eMaxX;
        eBox[4] = eMaxY;
        eBox[5] = eMaxZ;
        System.arraycopy(eBox, 0, measure.decodedBox, 0, 6);
    }

    /**
     * {@link #encodeMeasure} of absolute positions in half or a normalized encoding. What the
     * shader decodes is a non-decreasing function of the exact coordinate (rounding to half, or
     * quantizing and scaling back, each step monotone), so the smallest decoded value is the one
     * decoded from the smallest exact value, and the largest likewise: the decoded box is computed
     * from the exact box once, after the loop, instead of per vertex. The bounds compare values
     * only; where a bound is zero its sign comes from the zero records, which still see every
     * vertex in order. Half: {@link HalfRounding}, the same bits as {@link HalfFloats} below
     * 65520; beyond, the texels are unspecified, and the bake rejects such positions once the
     * bounds are known.
     */
    private void encodeMeasureAbsolute(float[] exact, int from, int count, byte[] dst, int dstByte,
            ClipMeasure measure) {
        boolean half = encoding == VatEncoding.HALF;
        boolean eight = encoding == VatEncoding.UNORM8;
        int shift = eight ? 8 : 16;
        long opaque = encoding.maxValue();
        double top = encoding.maxValue();
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
        float eMinX = eBox[0];
        float eMinY = eBox[1];
        float eMinZ = eBox[2];
        float eMaxX = eBox[3];
        float eMaxY = eBox[4];
        float eMaxZ = eBox[5];
        int o = dstByte;
        for (int i = 0; i < 3 * count; i += 3, o += step) {
            float ex = exact[from + i];
            float ey = exact[from + i + 1];
            float ez = exact[from + i + 2];
            float x;
            float y;
            float z;
            if (half) {
                long hx = HalfRounding.halfAndWidened(ex);
                long hy = HalfRounding.halfAndWidened(ey);
                long hz = HalfRounding.halfAndWidened(ez);
                LONGS.set(dst, o, hx >>> 32 | (hy >>> 32) << 16 | (hz >>> 32) << 32 | HALF_ONE << 48);
                x = Float.intBitsToFloat((int) hx);
                y = Float.intBitsToFloat((int) hy);
                z = Float.intBitsToFloat((int) hz);
            } else {
                double qx = rounded(ex, minX, scaleX, top);
                double qy = rounded(ey, minY, scaleY, top);
                double qz = rounded(ez, minZ, scaleZ, top);
                long texel = (long) qx | (long) qy << shift | (long) qz << 2 * shift | opaque << 3 * shift;
                if (eight) {
                    INTS.set(dst, o, (int) texel);
                } else {
                    LONGS.set(dst, o, texel);
                }
                x = minX + (float) (qx * inverse) * rangeX;
                y = minY + (float) (qy * inverse) * rangeY;
                z = minZ + (float) (qz * inverse) * rangeZ;
            }
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
        if (count > 0) {
            float[] dBox = measure.decodedBox;
            for (int c = 0; c < 6; c++) {
                float d = decodedAbsolute(eBox[c], c % 3);
                dBox[c] = c < 3 ? (d < dBox[c] ? d : dBox[c]) : (d > dBox[c] ? d : dBox[c]);
            }
        }
    }

    /**
     * {@link #encodeMeasureAbsolute} in two passes per chunk of {@link #CHUNK} vertices: the
     * kernel computes each coordinate's normalized integer and squared error and the exact box, a vector
     * at a time; then one scalar loop packs the texels and adds the errors per vertex, in vertex
     * order (their sum is what the manifest's RMS error pins; the dependent additions of that sum
     * run beside the packing). Where the kernel saw a zero, the chunk's vertices are scanned again
     * for the zero records, in order. The results are {@link #encodeMeasureAbsolute}'s, bit for
     * bit.
     */
    private void encodeMeasureChunks(PositionKernel kernel, float[] exact, int from, int count, byte[] dst,
            int dstByte, ClipMeasure measure) {
        double[] qs = integers;
        double[] sq = squares;
        if (qs == null || sq == null) {
            qs = new double[3 * CHUNK];
            sq = new double[3 * CHUNK];
            integers = qs;
            squares = sq;
        }
        boolean eight = encoding == VatEncoding.UNORM8;
        int shift = eight ? 8 : 16;
        long alpha = (long) encoding.maxValue() << 3 * shift;
        int step = encoding.bytesPerTexel();
        float[] eBox = measure.exactBox;
        double sum = measure.sumSquares;
        double max = measure.maxSquare;
        int o = dstByte;
        for (int first = 0; first < count; first += CHUNK) {
            int n = Math.min(CHUNK, count - first);
            int start = from + 3 * first;
            if (!measure.exactBoxPreset) {
                kernel.box(exact, start, 3 * n, eBox);
            }
            boolean zero = kernel.encode(this, exact, start, 3 * n, qs, sq);
            for (int k = 0; k < 3 * n; k += 3, o += step) {
                long texel = (long) qs[k] | (long) qs[k + 1] << shift | (long) qs[k + 2] << 2 * shift | alpha;
                if (eight) {
                    INTS.set(dst, o, (int) texel);
                } else {
                    LONGS.set(dst, o, texel);
                }
                double d2 = sq[k] + sq[k + 1] + sq[k + 2];
                sum += d2;
                max = d2 > max ? d2 : max;
            }
            if (zero) {
                for (int k = start; k < start + 3 * n; k += 3) {
                    float ex = exact[k];
                    float ey = exact[k + 1];
                    float ez = exact[k + 2];
                    float x = decodedAbsolute(ex, 0);
                    float y = decodedAbsolute(ey, 1);
                    float z = decodedAbsolute(ez, 2);
                    if (x == 0 | ex == 0 | y == 0 | ey == 0 | z == 0 | ez == 0) {
                        measure.zeros(x, ex, 0);
                        measure.zeros(y, ey, 1);
                        measure.zeros(z, ez, 2);
                    }
                }
            }
        }
        measure.sumSquares = sum;
        measure.maxSquare = max;
        if (count > 0) {
            float[] dBox = measure.decodedBox;
            for (int c = 0; c < 6; c++) {
                float d = decodedAbsolute(eBox[c], c % 3);
                dBox[c] = c < 3 ? (d < dBox[c] ? d : dBox[c]) : (d > dBox[c] ? d : dBox[c]);
            }
        }
    }

    /** Stores the float texel of {@code (x, y, z)} at {@code dst[o..o+16)}: the coordinates and 1, little-endian. */
    static void putFloatTexel(byte[] dst, int o, float x, float y, float z) {
        LONGS.set(dst, o, Float.floatToRawIntBits(x) & 0xffffffffL | (long) Float.floatToRawIntBits(y) << 32);
        LONGS.set(dst, o + 8, Float.floatToRawIntBits(z) & 0xffffffffL | FLOAT_ONE << 32);
    }

    /**
     * {@link #encodeExact} by the kernel's texel stores and box ({@link PositionKernel#packFloats})
     * per chunk of {@link #CHUNK} vertices; where the kernel saw a zero, the chunk's vertices are
     * scanned again for the zero records, in order. The same results.
     */
    private static void encodeExactChunks(PositionKernel kernel, float[] exact, int from, int count, byte[] dst,
            int dstByte, ClipMeasure measure) {
        float[] eBox = measure.exactBox;
        for (int first = 0; first < count; first += CHUNK) {
            int n = Math.min(CHUNK, count - first);
            int start = from + 3 * first;
            boolean zero = kernel.packFloats(exact, start, n, dst, dstByte + 16 * first, eBox);
            if (zero) {
                for (int k = start; k < start + 3 * n; k += 3) {
                    float ex = exact[k];
                    float ey = exact[k + 1];
                    float ez = exact[k + 2];
                    if (ex == 0 | ey == 0 | ez == 0) {
                        measure.zeros(ex, ex, 0);
                        measure.zeros(ey, ey, 1);
                        measure.zeros(ez, ez, 2);
                    }
                }
            }
        }
        System.arraycopy(eBox, 0, measure.decodedBox, 0, 6);
    }

    /**
     * The per-axis constants for a kernel of {@code n} lanes, made once per codec.
     *
     * @param n the kernel's lanes
     * @return the constants in the pattern of three vectors of {@code n} lanes
     */
    Patterns patterns(int n) {
        Patterns p = patterns;
        if (p == null || p.minF.length != 3 * n) {
            p = new Patterns(this, n);
            patterns = p;
        }
        return p;
    }

    /**
     * The normalized encodings' per-axis constants in the pattern of three consecutive vectors of
     * {@code n} lanes: element {@code k} of each array belongs to axis {@code k % 3}. Read-only
     * once made.
     */
    static final class Patterns {
        /** min as float */
        final float[] minF;
        /** min as double */
        final double[] minD;
        /** max - min, as float */
        final float[] rangeF;
        /** maxValue / range */
        final double[] scaleD;

        Patterns(PositionCodec c, int n) {
            float[] mins = {c.minX, c.minY, c.minZ};
            float[] ranges = {c.rangeX, c.rangeY, c.rangeZ};
            double[] scales = {c.scaleX, c.scaleY, c.scaleZ};
            minF = new float[3 * n];
            minD = new double[3 * n];
            rangeF = new float[3 * n];
            scaleD = new double[3 * n];
            for (int k = 0; k < 3 * n; k++) {
                minF[k] = mins[k % 3];
                minD[k] = mins[k % 3];
                rangeF[k] = ranges[k % 3];
                scaleD[k] = scales[k % 3];
            }
        }
    }

    /**
     * The kernel's work in scalar code for the coordinates {@code [start, end)} of
     * {@code exact[from..]} (coordinate {@code k} is axis {@code k % 3}) of a normalized encoding:
     * the integer into {@code integers[k]} and the squared error into {@code squares[k]}. For the
     * coordinates a kernel leaves over after its last whole vector.
     *
     * @return whether an exact or a decoded coordinate is zero
     */
    boolean encodeCoordinates(float[] exact, int from, int start, int end, double[] integers, double[] squares) {
        boolean zero = false;
        int maxValue = encoding.maxValue();
        for (int k = start; k < end; k++) {
            int c = k % 3;
            float ex = exact[from + k];
            float min = c == 0 ? minX : c == 1 ? minY : minZ;
            float range = c == 0 ? rangeX : c == 1 ? rangeY : rangeZ;
            double scale = c == 0 ? scaleX : c == 1 ? scaleY : scaleZ;
            double q = rounded(ex, min, scale, maxValue);
            integers[k] = q;
            float x = min + (float) (q * inverse) * range;
            double d = (double) x - ex;
            squares[k] = d * d;
            zero |= x == 0 | ex == 0;
        }
        return zero;
    }

    /** What the shader decodes for the absolute coordinate {@code x} of axis {@code c} (0, 1, 2): half or normalized. */
    private float decodedAbsolute(float x, int c) {
        if (encoding == VatEncoding.HALF) {
            return HalfRounding.widened(x);
        }
        float min = c == 0 ? minX : c == 1 ? minY : minZ;
        float range = c == 0 ? rangeX : c == 1 ? rangeY : rangeZ;
        double scale = c == 0 ? scaleX : c == 1 ? scaleY : scaleZ;
        return min + (float) (rounded(x, min, scale, encoding.maxValue()) * inverse) * range;
    }

    /**
     * {@link TexelCodec#quantize}, bit for bit, as an integer held in a double (so that the
     * normalized fetch needs no conversion back): {@code Math.round(d)} is {@code floor(d + 0.5)}
     * taken exactly, and {@code Math.floor(d + 0.5)} differs from it only where the sum rounds up to
     * an integer (the largest double below 0.5 is the best-known case); the exact comparison
     * {@code q - 0.5 > d} takes back the one too many in every such case. Then clamped to
     * {@code 0..maxValue}.
     */
    static double rounded(float x, float min, double scale, double maxValue) {
        double d = (x - (double) min) * scale;
        double q = Math.floor(d + 0.5);
        q = q - 0.5 > d ? q - 1 : q;
        q = q < 0 ? 0 : q;
        return q > maxValue ? maxValue : q;
    }

    /** {@link #rounded} as an int: {@link TexelCodec#quantize} bit for bit. */
    static int quantize(float x, float min, double scale, int maxValue) {
        return (int) rounded(x, min, scale, maxValue);
    }
}
