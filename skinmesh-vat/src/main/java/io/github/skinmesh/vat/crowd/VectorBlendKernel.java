package io.github.skinmesh.vat.crowd;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * The blend kernel with the incubating Vector API: the scalar kernel's operations on a whole
 * vector of values per step (the preferred float width; halves narrowed to shorts of the same lane
 * count). Blend: {@code (y - x) * w + x}, the scalar {@code x + w * (y - x)} with its commutative
 * operations swapped, so the same bits. Rounding to half: both branches of
 * {@link PaletteKernel#half} computed for every lane (the normal one in integer arithmetic, the
 * subnormal one as {@code |v| + 0.5}) and the right one picked by a lane mask. The values left
 * over after the last whole vector go through the scalar code.
 *
 * <p>Notes. C2 on JDK 17 does not vectorize the scalar loops: the float blend runs at one value
 * per cycle or so whether or not its superword pass is on, and the half loop moves every value
 * between float and integer registers. On workload {@code vat}'s crowd (1000 instances x 64 bones,
 * blending two frames; 2-vCPU AMD EPYC with AVX-512, shared and loaded; CPU time of one thread,
 * JDK 17) prototypes of these loops wrote a crowd frame in 0.085-0.094 ms (floats; the scalar
 * loop 0.34 ms, {@code System.arraycopy} of the 3 MB output 0.07 ms) and 0.35 ms (halves; the
 * scalar loop about 8 times longer in wall time). Blending into a small scratch array and copying
 * it out with {@code System.arraycopy} was slower than storing directly.
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
        IntVector sign = bits.lanewise(VectorOperators.LSHR, 16).and(0x8000);
        IntVector abs = bits.and(0x7fffffff);
        IntVector normal = abs.sub(0x37fff001).add(abs.lanewise(VectorOperators.LSHR, 13).and(1))
                .lanewise(VectorOperators.LSHR, 13);
        IntVector subnormal = v.abs().add(0.5f).reinterpretAsInts().sub(0x3f000000);
        VectorMask<Integer> isNormal = abs.compare(VectorOperators.GE, 0x38800000);
        return (ShortVector) subnormal.blend(normal, isNormal).or(sign).convertShape(VectorOperators.I2S, S, 0);
    }
}
