package io.github.skinmesh.core.skinning;

/**
 * Which implementation runs linear blend skinning; see {@link SkinningOptions#kernel()}. Both
 * give the same results bit for bit (the same fused multiply-adds in the same order, see
 * {@link Skinning}): the choice changes only speed.
 */
public enum SkinningKernel {
    /** {@link #VECTOR} when {@link Skinning#vectorKernelAvailable()}, otherwise {@link #SCALAR}. */
    AUTO,
    /**
     * The portable scalar kernel (blends the matrix first, then transforms, with
     * {@link Math#fma}); always available.
     */
    SCALAR,
    /**
     * The SIMD kernel built on the incubating {@code jdk.incubator.vector} module (one vertex per
     * step; with four influences the skin matrices are held in the widest vectors that pay: the
     * whole matrix in 512 bits from JDK 25 on with AVX-512, column pairs in 256 bits on JDK 17 or
     * with AVX2, otherwise 128-bit columns). Usable only when the JVM was started with
     * {@code --add-modules jdk.incubator.vector}; requesting it otherwise is an error. Dual
     * quaternion skinning always runs scalar.
     */
    VECTOR
}
