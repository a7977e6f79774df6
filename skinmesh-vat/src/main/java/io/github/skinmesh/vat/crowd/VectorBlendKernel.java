package io.github.skinmesh.vat.crowd;

import io.github.skinmesh.core.internal.HalfRounding;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * The blend kernel with the incubating Vector API: the scalar kernel's operations on a whole
 * vector of values per step (the preferred float width; halves narrowed to shorts of the same lane
 * count). Blend: {@code (y - x) * w + x}, the scalar {@code x + w * (y - x)} with its commutative
 * operations swapped, so the same bits. Rounding to half: {@link HalfRounding#toHalf}'s
 * branch-free arithmetic lane by lane (a lane maximum, one float addition that rounds, integer
 * additions), then the ints narrowed to shorts. The values left over after the last whole vector
 * go through the scalar code.
 *
 * <p>Notes. C2 on JDK 17 does not vectorize the scalar loops: the float blend runs at one value
 * per cycle or so whether or not its superword pass is on, and the half loop moves every value
 * between float and integer registers. On workload {@code vat}'s crowd (1000 instances x 64 bones,
 * blending two frames; 2-vCPU AMD EPYC with AVX-512, shared and loaded; CPU time of one thread,
 * JDK 17) prototypes of these loops wrote a crowd frame in 0.085-0.094 ms (floats; the scalar
 * loop 0.34 ms, {@code System.arraycopy} of the 3 MB output 0.07 ms) and 0.35 ms (halves; the
 * scalar loop about 8 times longer in wall time). Blending into a small scratch array and copying
 * it out with {@code System.arraycopy} was slower than storing directly. The half rounding first
 * computed both the normal result (integer rounding of the 13 dropped bits) and the subnormal one
 * ({@code |v| + 0.5}) and picked one by a lane mask: 0.15-0.18 ms of CPU time per crowd frame in
 * a loop test of the kernel alone (the float blend 0.10-0.12 ms, {@code System.arraycopy} of the
 * halves 0.04 ms); the normal half alone took 0.08-0.13 ms, so the second path and the mask cost
 * a third; the single rounding addition for all lanes takes 0.09-0.13 ms, as long as the float
 * blend; picking the two results with integer masks ({@code x ^ ((x ^ y) & m)}) instead of a lane
 * mask took 0.13-0.15 ms. The whole crowd frame in {@code CrowdBench} gained less (median of 3
 * runs, per CPU-second of the thread: 580 against 460 M instance-bones/s on JDK 17, none on
 * JDK 25), the half frame now costing what the float one does.
 *
 * <p>Later, on a 2-vCPU AMD EPYC (Zen 5, AVX-512), JDK 17, the crowd benchmark's blends alone
 * (768,000 halves per crowd frame, instances grouped by frame, thread CPU time, fastest of 30
 * rounds on a shared machine): 79-82 us; the same loop with the rounding left out (the blend,
 * the narrowing to shorts and the store) 43 us, so the rounding's 12 vector operations per 16
 * values cost about 37 us, against 33 us for {@code System.arraycopy} of the halves. Tried and
 * dropped: a fast path for vectors whose lanes are all normal halves (integer rounding of the
 * dropped bits, the sign moved by two shifts and a bit select; a lane test picks this method's
 * rounding otherwise): 88-90 us, the test and its branch cost more than the operations saved;
 * two vectors per loop step: no faster. JDK 17's Vector API has no conversion to half, so the
 * processor's conversion instruction is out of reach there.
 *
 * <p>Then the rounding lost two of its operations ({@link HalfRounding#toHalf}'s shifted magic
 * number: no subtraction of the magic number, no separate exponent term; 11 operations with the
 * narrowing instead of 13; the same bits as core's rounding for all 2^32 float bit patterns in
 * range, checked once outside the tests, which check every dropped-bit pattern of every exponent).
 * The same crowd frame's blends (JDK 17, thread CPU time, fastest of 200 rounds, each variant in
 * its own JVM, two JVMs each, in a harness that calls a method per crowd frame, unlike the one
 * behind the 79-82 us above): 103-104 us against 118-120 us before.
 *
 * <p>Loaded reflectively by {@link BlendKernels} only when {@code jdk.incubator.vector} is in the
 * boot layer; no other class refers to it by name.
 */
final class VectorBlendKernel implements BlendKernel {
    private static final VectorSpecies<Float> F = FloatVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Short> S = VectorSpecies.of(short.class,
            VectorShape.forBitSize(F.vectorBitSize() / 2));

    /** Public no-argument constructor for the reflective loader; fails where the species do not exist. */
    public VectorBlendKernel() {
        if (S.length() != F.length()) {
            throw new IllegalStateException("no short species of " + F.length() + " lanes");
        }
    }

    @Override
    public void blend(float[] src, int a, int b, float w, float[] dst, int d, int n) {
        int k = 0;
        for (int end = F.loopBound(n); k < end; k += F.length()) {
            FloatVector x = FloatVector.fromArray(F, src, a + k);
            FloatVector y = FloatVector.fromArray(F, src, b + k);
            y.sub(x).mul(w).add(x).intoArray(dst, d + k);
        }
        PaletteKernel.blend(src, a + k, b + k, w, dst, d + k, n - k);
    }

    @Override
    public void copy(float[] src, int s, short[] dst, int d, int n) {
        int k = 0;
        for (int end = F.loopBound(n); k < end; k += F.length()) {
            half(FloatVector.fromArray(F, src, s + k)).intoArray(dst, d + k);
        }
        PaletteKernel.copy(src, s + k, dst, d + k, n - k);
    }

    @Override
    public void blend(float[] src, int a, int b, float w, short[] dst, int d, int n) {
        int k = 0;
        for (int end = F.loopBound(n); k < end; k += F.length()) {
            FloatVector x = FloatVector.fromArray(F, src, a + k);
            FloatVector y = FloatVector.fromArray(F, src, b + k);
            half(y.sub(x).mul(w).add(x)).intoArray(dst, d + k);
        }
        PaletteKernel.blend(src, a + k, b + k, w, dst, d + k, n - k);
    }

    private static ShortVector half(FloatVector v) {
        IntVector bits = v.reinterpretAsInts();
        IntVector m = bits.and(HalfRounding.EXPONENT).max(HalfRounding.SMALLEST_NORMAL).add(HalfRounding.SHIFTED_MAGIC);
        IntVector sum = v.abs().add(m.reinterpretAsFloats()).reinterpretAsInts();
        IntVector sign = bits.lanewise(VectorOperators.LSHR, 16).and(0x8000);
        // the narrowing keeps the low 16 bits, the half's (see HalfRounding#toHalf)
        return (ShortVector) sum.add(m.lanewise(VectorOperators.LSHR, 13)).or(sign)
                .convertShape(VectorOperators.I2S, S, 0);
    }
}
