package io.github.skinmesh.core.anim;

import org.joml.Matrix4fc;
import org.jspecify.annotations.Nullable;

/**
 * The kernels of the package that work on several channels at once: sampling {@link SoaGroup}s
 * (the channels of one timeline blended lane by lane) and local-to-model matrices.
 * Implementations give the same bits as the scalar loops of {@link QuatSampling#slerp},
 * {@link Vec3Sampling#linear} and {@link LocalToModel#scalar} (the same operations in the same
 * order, lane by lane). Stateless and thread-safe.
 */
interface AnimKernel {
    /** Rows of the scratch table {@link #slerp} and {@link #lerp3} take. */
    int SCRATCH_ROWS = 7;

    /** @return the lane count; {@link SoaGroup#padded} must be a multiple of it */
    int lanes();

    /**
     * Slerps a rotation group between keys {@code k0} and {@code k1} at factor {@code a} and writes
     * each channel's quaternion at its offset in {@code dst}.
     *
     * @param g the group, 4 components
     * @param k0 first key
     * @param k1 second key
     * @param a blend factor in {@code [0, 1]}
     * @param scratch {@link #SCRATCH_ROWS} rows of at least {@code g.padded} floats, overwritten
     * @param dst pose rotations
     */
    void slerp(SoaGroup g, int k0, int k1, float a, float[][] scratch, float[] dst);

    /**
     * Lerps a 3-component group between keys {@code k0} and {@code k1} at factor {@code a} and
     * writes each channel's value at its offset in {@code dst}.
     *
     * @param g the group, 3 components
     * @param k0 first key
     * @param k1 second key
     * @param a blend factor in {@code [0, 1]}
     * @param scratch {@link #SCRATCH_ROWS} rows of at least {@code g.padded} floats, overwritten
     * @param dst pose translations or scales
     */
    void lerp3(SoaGroup g, int k0, int k1, float a, float[][] scratch, float[] dst);

    /**
     * {@link LocalToModel#scalar} with the same arguments and the same bits.
     *
     * @param parents parent per bone, {@code -1} for roots, each parent before its child
     * @param t translations, {@code 3*n}
     * @param r unit rotations {@code (x, y, z, w)}, {@code 4*n}
     * @param s scales, {@code 3*n}
     * @param n bone count
     * @param root affine root matrix, or null for the identity
     * @param dst destination, {@code 16*n} floats from {@code off}
     * @param off first float written
     */
    void localToModel(int[] parents, float[] t, float[] r, float[] s, int n, @Nullable Matrix4fc root, float[] dst,
            int off);
}
