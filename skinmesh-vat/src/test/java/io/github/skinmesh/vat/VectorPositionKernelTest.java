package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.core.model.Bounds;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The vector kernel of absolute positions ({@link PositionKernel}) against the codec's scalar loops
 * and the baker's plain box, bit for bit: texels, error sums, boxes and zero records, over several
 * chunks and frames. Needs {@code --add-modules jdk.incubator.vector}, as the build's default test
 * run has it.
 */
class VectorPositionKernelTest {
    /** A coordinate: often an exact zero of either sign, or a value that a half or the bounds' grid rounds to zero. */
    private static float value(Random r, float scale) {
        return switch (r.nextInt(12)) {
            case 0 -> 0f;
            case 1 -> -0f;
            case 2 -> (r.nextFloat() - 0.5f) * 0x1p-24f;
            default -> (r.nextFloat() - 0.5f) * scale;
        };
    }

    @Property(tries = 150)
    void theVectorKernelEqualsTheScalarLoopBitForBit(@ForAll long seed,
            @ForAll @IntRange(min = 1, max = 1300) int count, @ForAll @IntRange(min = 1, max = 3) int frames,
            @ForAll VatEncoding encoding, @ForAll boolean zeros) {
        PositionKernel kernel = PositionKernels.VECTOR;
        assumeTrue(kernel != null, "needs --add-modules jdk.incubator.vector");
        assumeTrue(encoding != VatEncoding.HALF, "half positions keep the scalar loop in both codecs");
        Random r = new Random(seed);
        float scale = 1 + r.nextInt(3000);
        int pad = r.nextInt(4);
        // 0 to 9 floats after the last vertex: the kernel's loads that reach past a vertex must stop at the array's end
        int tail = r.nextInt(10);
        float[][] exact = new float[frames][3 * pad + 3 * count + tail];
        float[] all = new float[3 * count * frames];
        for (int f = 0; f < frames; f++) {
            for (int i = 0; i < 3 * count; i++) {
                float e = zeros ? value(r, scale) : (r.nextFloat() - 0.5f) * scale + (i % 3) * scale / 3;
                exact[f][3 * pad + i] = e;
                all[3 * count * f + i] = e;
            }
        }
        Bounds bounds = Bounds.of(all, 0, count * frames);
        PositionCodec vector = new PositionCodec(encoding, bounds, kernel);
        PositionCodec scalar = new PositionCodec(encoding, bounds, null);
        ClipMeasure mv = new ClipMeasure();
        ClipMeasure ms = new ClipMeasure();
        int bytes = encoding.bytesPerTexel();
        byte[] tv = new byte[bytes * (count * frames + 1)];
        byte[] ts = new byte[tv.length];
        for (int f = 0; f < frames; f++) {
            vector.encodeMeasure(exact[f], 3 * pad, null, 0, count, tv, bytes * (1 + count * f), mv);
            scalar.encodeMeasure(exact[f], 3 * pad, null, 0, count, ts, bytes * (1 + count * f), ms);
        }
        assertThat(tv).isEqualTo(ts);
        assertThat(Double.doubleToRawLongBits(mv.sumSquares())).isEqualTo(Double.doubleToRawLongBits(ms.sumSquares()));
        assertThat(Double.doubleToRawLongBits(mv.maxSquare())).isEqualTo(Double.doubleToRawLongBits(ms.maxSquare()));
        assertThat(mv.exactZeroSigns).containsExactly(ms.exactZeroSigns);
        BakeKernelsTest.assertBitsEqual(mv.bounds(), ms.bounds());
        float[] sv = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
            Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
        float[] ss = sv.clone();
        VertexBaker.growStored(sv, mv);
        VertexBaker.growStored(ss, ms);
        BakeKernelsTest.assertBitsEqual(VertexBaker.storedBounds(sv, mv.exactZeroSigns),
                VertexBaker.storedBounds(ss, ms.exactZeroSigns));
        if (encoding.isNormalized()) {
            // the bake's measuring pass: the clip's box grown before (while posing), the frames then only encoded
            float[] box = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
                Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
            VertexBaker.growStored(box, new int[3], all, 0, null, 0, count * frames, null, 0);
            ClipMeasure mp = new ClipMeasure();
            mp.presetExactBox(box);
            byte[] tp = new byte[tv.length];
            for (int f = 0; f < frames; f++) {
                vector.encodeMeasure(exact[f], 3 * pad, null, 0, count, tp, bytes * (1 + count * f), mp);
            }
            assertThat(tp).isEqualTo(ts);
            assertThat(Double.doubleToRawLongBits(mp.sumSquares()))
                    .isEqualTo(Double.doubleToRawLongBits(ms.sumSquares()));
            assertThat(Double.doubleToRawLongBits(mp.maxSquare())).isEqualTo(Double.doubleToRawLongBits(ms.maxSquare()));
            assertThat(mp.exactZeroSigns).containsExactly(ms.exactZeroSigns);
            BakeKernelsTest.assertBitsEqual(mp.bounds(), ms.bounds());
        }
    }

    @Test
    void tiesOfTheNormalizedGridRoundUpAsInTheScalarLoop() {
        PositionKernel kernel = PositionKernels.VECTOR;
        assumeTrue(kernel != null, "needs --add-modules jdk.incubator.vector");
        for (VatEncoding e : new VatEncoding[] {VatEncoding.UNORM8, VatEncoding.UNORM16}) {
            // bounds 0..maxValue on every axis: scale 1, so x - min is a tie wherever x is k + 0.5
            int max = e.maxValue();
            int count = 300;
            float[] exact = new float[3 * count];
            for (int i = 0; i < exact.length; i++) {
                exact[i] = i < 3 ? 0 : i < 6 ? max : (i * 7919 % max) + (i % 2 == 0 ? 0.5f : Math.nextDown(0.5f));
            }
            Bounds bounds = Bounds.of(exact, 0, count);
            assertThat(bounds.maxX() - bounds.minX()).isEqualTo(max);
            byte[] tv = new byte[count * e.bytesPerTexel()];
            byte[] ts = new byte[tv.length];
            ClipMeasure mv = new ClipMeasure();
            ClipMeasure ms = new ClipMeasure();
            new PositionCodec(e, bounds, kernel).encodeMeasure(exact, 0, null, 0, count, tv, 0, mv);
            new PositionCodec(e, bounds, null).encodeMeasure(exact, 0, null, 0, count, ts, 0, ms);
            assertThat(tv).as("%s", e).isEqualTo(ts);
            assertThat(mv.sumSquares()).isEqualTo(ms.sumSquares()).isPositive();
        }
    }

    @Property(tries = 200)
    void theKernelsStoredBoxAndCopyEqualThePlainScan(@ForAll long seed, @ForAll @IntRange(min = 1, max = 700) int count,
            @ForAll boolean zeros) {
        PositionKernel kernel = PositionKernels.VECTOR;
        assumeTrue(kernel != null, "needs --add-modules jdk.incubator.vector");
        Random r = new Random(seed);
        float[] src = new float[3 * count];
        for (int i = 0; i < src.length; i++) {
            src[i] = zeros ? value(r, 10) : (r.nextFloat() - 0.5f) * 10;
        }
        float[] boxV = {1, 2, 3, 4, 5, 6};
        float[] boxS = boxV.clone();
        int[] signsV = new int[3];
        int[] signsS = new int[3];
        float[] copyV = new float[3 * count + 5];
        float[] copyS = new float[3 * count + 5];
        VertexBaker.growStored(kernel, boxV, signsV, src, null, 0, count, copyV, 5);
        VertexBaker.growStored(boxS, signsS, src, 0, null, 0, count, copyS, 5);
        assertThat(copyV).isEqualTo(copyS);
        assertThat(signsV).containsExactly(signsS);
        BakeKernelsTest.assertBitsEqual(VertexBaker.storedBounds(boxV, signsV),
                VertexBaker.storedBounds(boxS, signsS));
    }
}
