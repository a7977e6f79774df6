package io.github.skinmesh.core.skinning;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.internal.ParallelRanges;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skin;
import java.util.Objects;
import java.util.concurrent.Executor;
import org.jspecify.annotations.Nullable;

/**
 * Skins vertices on the CPU: linear blend skinning (LBS) or dual quaternion skinning (DQS) of
 * positions, normals and tangents by a palette of skin matrices.
 *
 * <p>Conventions. The palette holds {@code paletteSize} column-major 4x4 skin matrices,
 * {@code palette[16*i + 4*c + r]} = row {@code r}, column {@code c} of matrix {@code i}, with
 * {@code skin_i = model(bone_i) * inverseBind_i} (column vectors, glTF). Row 3 is ignored (skin
 * matrices are affine). Vertex {@code v} has {@code K = influencesPerVertex} slots
 * {@code joints[v*K + k]} (palette indices) and {@code weights[v*K + k]}. Linear blend skinning
 * computes {@code p' = sum_k w_k * M_k * (p, 1)}, normals {@code n' = A n} with the blended upper
 * 3x3 {@code A = sum_k w_k * upper(M_k)} (or its sign-corrected cofactor matrix, see
 * {@link NormalTransform}), tangents {@code t'.xyz = A t.xyz}, {@code t'.w = t.w}; directions are
 * then renormalized unless {@link SkinningOptions#renormalization()} says not to. Weights are used
 * as given (normalize them first, see {@link BoneWeights#ofNormalized}); slots of weight 0 cost
 * the same as others. Dual quaternion skinning is described at {@link SkinningMethod#DUAL_QUATERNION}.
 *
 * <p>Arrays are indexed by absolute vertex number: the call skins vertices
 * {@code firstVertex .. firstVertex+vertexCount-1}, reading and writing only their elements, so
 * several threads may skin disjoint ranges of the same arrays at once. Every length, every joint
 * index of the range and every option is validated before anything is written; a call that throws
 * leaves the destinations untouched. The raw-array variants scan every joint of the range on every
 * call (15-25% of a four-influence pass with positions and normals on the vector kernel, measured
 * on workload {@code lbs}); skinning the same influences every frame, bind them once with
 * {@link BoundSkin} and call {@link #skinInto(BoundSkin, float[], float[], float[], float[],
 * float[], float[], float[], int, int, SkinningOptions)}, which does not scan. Destinations may not be the same array as any source (or as
 * each other): the vector kernel writes one float past a vertex's xyz before the next vertex
 * overwrites it.
 *
 * <p>Kernels. Linear blend skinning runs the vector kernel ({@link SkinningKernel#VECTOR}) when
 * the JVM has {@code jdk.incubator.vector} (start it with
 * {@code --add-modules jdk.incubator.vector}), and the scalar kernel otherwise; see
 * {@link #vectorKernelAvailable()}. The choice changes speed, never a bit of the output.
 *
 * <p>Determinism. The same input gives the same float bits whichever kernel runs, however many
 * threads skin the call, however the vertices are split into ranges, on every JVM: both kernels
 * perform the same IEEE 754 operations in the same order. Each element of the blended matrix is
 * {@code w_0 * m_0} followed by one fused multiply-add ({@link Math#fma}) per further slot, in slot
 * order (slots of weight 0 included); a position is {@code c0*x + (c1*y + (c2*z + c3))} and a
 * normal or tangent {@code c0*x + (c1*y + c2*z)} in fused multiply-adds, with {@code c0..c3} the
 * blended columns; the cofactor transform and renormalization are the same scalar code for both.
 * Positions do not depend on which other streams a call skins. Dual quaternion skinning is scalar
 * and computes each vertex on its own, so it does not depend on the split either. On a CPU
 * without fused multiply-add instructions (x86 from before about 2013) the JVM computes
 * {@link Math#fma} in software: the results stay the same, skinning becomes many times slower. With
 * {@link SkinningOptions#parallelism()} {@code > 1} the calling thread and helper tasks on an
 * executor (the common fork-join pool unless one is given) skin chunks of the range, using at most
 * one thread per {@link SkinningOptions#minVerticesPerTask()} vertices.
 *
 * <p>Thread-safety: stateless; concurrent calls are safe when their destination ranges are
 * disjoint and no destination is a source of another call.
 *
 * <p>Example, skinning a mesh every frame into reused arrays:
 * <pre>{@code
 * float[] skinMatrices = new float[16 * mesh.skin().paletteSize()]; // filled per frame from a pose
 * float[] positions = new float[3 * mesh.vertexCount()];
 * float[] normals = new float[3 * mesh.vertexCount()];
 * Skinning.skinInto(mesh, skinMatrices, positions, normals, null, SkinningOptions.DEFAULTS);
 * }</pre>
 */
public final class Skinning {
    private Skinning() {
    }

    /**
     * Whether the SIMD kernel can run in this JVM: the module {@code jdk.incubator.vector} is in
     * the boot layer, its classes linked, and the CPU has 128-bit vectors.
     *
     * @return {@code true} when {@link SkinningKernel#AUTO} runs the vector kernel
     */
    public static boolean vectorKernelAvailable() {
        return LbsKernels.VECTOR != null;
    }

    /**
     * Skins a vertex range of primitive arrays on the calling thread, or with
     * {@link SkinningOptions#parallelism()} {@code > 1} split across the calling thread and the
     * common {@link java.util.concurrent.ForkJoinPool}.
     *
     * <p>With {@code end = firstVertex + vertexCount}, the required lengths are: {@code palette}
     * a multiple of 16 ({@code 16*paletteSize}); {@code joints} and {@code weights}
     * {@code >= K*end}; {@code srcPositions}, {@code dstPositions}, {@code srcNormals},
     * {@code dstNormals} {@code >= 3*end}; {@code srcTangents}, {@code dstTangents}
     * {@code >= 4*end}. Normals (and tangents) are skinned when their source and destination are
     * both given. Linear blend skinning on one thread allocates nothing (the vector kernel's
     * cofactor normals one 12-float scratch array); dual quaternion skinning allocates
     * {@code 17*paletteSize} floats per call for the converted palette.
     *
     * @param palette skin matrices, {@code 16*paletteSize} floats, column-major; read only
     * @param influencesPerVertex {@code K}, 1..{@value BoneWeights#MAX_INFLUENCES}
     * @param joints palette index per slot, each {@code 0 <= j < paletteSize} within the range
     * @param weights weight per slot
     * @param srcPositions bind-pose positions, xyz per vertex
     * @param dstPositions receives the skinned positions
     * @param srcNormals bind-pose normals, xyz per vertex, or {@code null}
     * @param dstNormals receives skinned normals, or {@code null}
     * @param srcTangents bind-pose tangents, xyzw per vertex, or {@code null}
     * @param dstTangents receives skinned tangents (w copied), or {@code null}
     * @param firstVertex first vertex skinned, {@code >= 0}
     * @param vertexCount number of vertices skinned, {@code >= 0}
     * @param options method, normal transform, renormalization, kernel, parallelism
     * @throws ValidationException when {@code K} is outside 1..8, the palette length is not a
     *     multiple of 16, the range is negative, an array is shorter than required, a source is
     *     given without its destination or the other way round, a destination is the same array as
     *     a source or another destination, a joint of the range is outside {@code 0..paletteSize-1}
     *     (naming the vertex, slot, value and palette size), or {@link SkinningKernel#VECTOR} is
     *     requested where it cannot run
     */
    public static void skinInto(float[] palette, int influencesPerVertex, int[] joints, float[] weights,
            float[] srcPositions, float[] dstPositions, float @Nullable [] srcNormals, float @Nullable [] dstNormals,
            float @Nullable [] srcTangents, float @Nullable [] dstTangents, int firstVertex, int vertexCount,
            SkinningOptions options) {
        skin("skinInto", palette, influencesPerVertex, joints, weights, srcPositions, dstPositions, srcNormals,
                dstNormals, srcTangents, dstTangents, firstVertex, vertexCount, RAW_ARRAYS, options, null);
    }

    /**
     * Like {@link #skinInto(float[], int, int[], float[], float[], float[], float[], float[],
     * float[], float[], int, int, SkinningOptions)} but runs the parts after the first on
     * {@code executor} (when {@link SkinningOptions#parallelism()} {@code > 1}). The vertices
     * are cut into contiguous chunks (about eight per thread) that the calling thread and up to
     * {@code parallelism - 1} helper tasks on the executor claim one at a time, so a helper that
     * starts late costs little; the call returns when every chunk is done (waiting by spinning
     * briefly, then parked), and a helper that starts after that finds nothing to do. If the
     * executor rejects helpers or never runs them, the calling thread skins everything itself.
     * Results are bit for bit the same as single-threaded. Allocates a few small objects per call.
     *
     * @param palette skin matrices, {@code 16*paletteSize} floats, column-major; read only
     * @param influencesPerVertex {@code K}, 1..{@value BoneWeights#MAX_INFLUENCES}
     * @param joints palette index per slot, {@code >= K*end} ints
     * @param weights weight per slot, {@code >= K*end} floats
     * @param srcPositions bind-pose positions, {@code >= 3*end} floats
     * @param dstPositions receives the skinned positions, {@code >= 3*end} floats
     * @param srcNormals bind-pose normals or {@code null}, {@code >= 3*end} floats
     * @param dstNormals receives skinned normals or {@code null}, {@code >= 3*end} floats
     * @param srcTangents bind-pose tangents or {@code null}, {@code >= 4*end} floats
     * @param dstTangents receives skinned tangents or {@code null}, {@code >= 4*end} floats
     * @param firstVertex first vertex skinned, {@code >= 0}
     * @param vertexCount number of vertices skinned, {@code >= 0}
     * @param options method, normal transform, renormalization, kernel, parallelism
     * @param executor runs the parts after the first
     * @throws ValidationException as the single-threaded variant
     */
    public static void skinInto(float[] palette, int influencesPerVertex, int[] joints, float[] weights,
            float[] srcPositions, float[] dstPositions, float @Nullable [] srcNormals, float @Nullable [] dstNormals,
            float @Nullable [] srcTangents, float @Nullable [] dstTangents, int firstVertex, int vertexCount,
            SkinningOptions options, Executor executor) {
        Objects.requireNonNull(executor, "executor");
        skin("skinInto", palette, influencesPerVertex, joints, weights, srcPositions, dstPositions, srcNormals,
                dstNormals, srcTangents, dstTangents, firstVertex, vertexCount, RAW_ARRAYS, options, executor);
    }

    /**
     * Skins a vertex range with influences validated once ({@link BoundSkin}): no joint is
     * scanned on the call, only lengths and aliasing are checked. Otherwise as the primitive-array
     * {@code skinInto}: the same kernels, threads and results, bit for bit, whatever the bound
     * skin's {@linkplain BoundSkin#jointWidth() joint width}. With 32-bit joints and one thread,
     * linear blend skinning allocates nothing (as the primitive variant); with 16-bit joints too
     * when {@code K = 4} and the call skins positions, or positions and normals by the upper 3x3
     * without renormalization (the loops that read 16-bit joints directly); in every other case
     * (dual quaternions included) each range skinned, the whole call on one thread or each chunk
     * a thread claims, allocates a scratch of {@code K*min(1024, rangeLength)} ints into which the
     * joints are widened block by block. Dual quaternion skinning also allocates its converted
     * palette, as in the primitive variant.
     *
     * @param skin the bound joints and weights ({@code K} slots per vertex)
     * @param palette skin matrices, at least {@code 16*skin.paletteSize()} floats, column-major;
     *     read only
     * @param srcPositions bind-pose positions, {@code >= 3*end} floats with
     *     {@code end = firstVertex + vertexCount}
     * @param dstPositions receives the skinned positions, {@code >= 3*end} floats
     * @param srcNormals bind-pose normals or {@code null}, {@code >= 3*end} floats
     * @param dstNormals receives skinned normals or {@code null}, {@code >= 3*end} floats
     * @param srcTangents bind-pose tangents or {@code null}, {@code >= 4*end} floats
     * @param dstTangents receives skinned tangents (w copied) or {@code null}, {@code >= 4*end} floats
     * @param firstVertex first vertex skinned, {@code >= 0}
     * @param vertexCount number of vertices skinned, {@code >= 0}, with
     *     {@code end <= skin.vertexCount()}
     * @param options method, normal transform, renormalization, kernel, parallelism
     * @throws ValidationException when the palette is shorter than {@code 16*skin.paletteSize()},
     *     the range is negative or ends past {@code skin.vertexCount()}, a stream array is shorter
     *     than required, a source is given without its destination or the other way round, a
     *     destination is the same array as a source or another destination, or
     *     {@link SkinningKernel#VECTOR} is requested where it cannot run
     */
    public static void skinInto(BoundSkin skin, float[] palette, float[] srcPositions, float[] dstPositions,
            float @Nullable [] srcNormals, float @Nullable [] dstNormals, float @Nullable [] srcTangents,
            float @Nullable [] dstTangents, int firstVertex, int vertexCount, SkinningOptions options) {
        skinBound(skin, palette, srcPositions, dstPositions, srcNormals, dstNormals, srcTangents, dstTangents,
                firstVertex, vertexCount, options, null);
    }

    /**
     * Like {@link #skinInto(BoundSkin, float[], float[], float[], float[], float[], float[], float[],
     * int, int, SkinningOptions)} but runs the parts after the first on {@code executor} (when
     * {@link SkinningOptions#parallelism()} {@code > 1}), as the primitive-array variant with an
     * executor does. Allocates a few small objects per call.
     *
     * @param skin the bound joints and weights
     * @param palette skin matrices, at least {@code 16*skin.paletteSize()} floats
     * @param srcPositions bind-pose positions, {@code >= 3*end} floats
     * @param dstPositions receives the skinned positions, {@code >= 3*end} floats
     * @param srcNormals bind-pose normals or {@code null}, {@code >= 3*end} floats
     * @param dstNormals receives skinned normals or {@code null}, {@code >= 3*end} floats
     * @param srcTangents bind-pose tangents or {@code null}, {@code >= 4*end} floats
     * @param dstTangents receives skinned tangents or {@code null}, {@code >= 4*end} floats
     * @param firstVertex first vertex skinned, {@code >= 0}
     * @param vertexCount number of vertices skinned, {@code >= 0}
     * @param options method, normal transform, renormalization, kernel, parallelism
     * @param executor runs the parts after the first
     * @throws ValidationException as the variant without an executor
     */
    public static void skinInto(BoundSkin skin, float[] palette, float[] srcPositions, float[] dstPositions,
            float @Nullable [] srcNormals, float @Nullable [] dstNormals, float @Nullable [] srcTangents,
            float @Nullable [] dstTangents, int firstVertex, int vertexCount, SkinningOptions options,
            Executor executor) {
        Objects.requireNonNull(executor, "executor");
        skinBound(skin, palette, srcPositions, dstPositions, srcNormals, dstNormals, srcTangents, dstTangents,
                firstVertex, vertexCount, options, executor);
    }

    /**
     * Skins a whole mesh into caller arrays: its bind-pose positions always, its normals when
     * {@code dstNormals} is given, its tangents when {@code dstTangents} is given. Morph targets are
     * not applied (see {@link Morphing}, then the primitive-array variant).
     *
     * @param mesh a skinned mesh (with a {@link Skin})
     * @param palette skin matrices for the mesh's bone palette, at least
     *     {@code 16*skin.paletteSize()} floats, column-major
     * @param dstPositions receives positions, {@code >= 3*vertexCount} floats
     * @param dstNormals receives normals ({@code >= 3*vertexCount} floats), or {@code null}
     * @param dstTangents receives tangents ({@code >= 4*vertexCount} floats), or {@code null}
     * @param options method, normal transform, renormalization, kernel, parallelism
     * @throws ValidationException when the mesh has no skin, a requested stream is missing from
     *     the mesh, the palette is shorter than the skin's palette, or as the primitive variant
     */
    public static void skinInto(Mesh mesh, float[] palette, float[] dstPositions, float @Nullable [] dstNormals,
            float @Nullable [] dstTangents, SkinningOptions options) {
        String where = "skinInto";
        Skin skin = requireSkin(where, mesh, palette);
        ModelAccess.Bridge raw = ModelAccess.get();
        BoneWeights bw = skin.weights();
        float[] srcNormals = dstNormals == null ? null
                : Arguments.requireMeshStream(where, mesh, raw.normals(mesh), "normals", "skinned");
        float[] srcTangents = dstTangents == null ? null
                : Arguments.requireMeshStream(where, mesh, raw.tangents(mesh), "tangents", "skinned");
        // the skin guarantees 0 <= joint < skin.paletteSize() <= palette.length / 16: no per-call joint scan
        skin(where, palette, bw.influencesPerVertex(), raw.joints(bw), raw.weights(bw), raw.positions(mesh),
                dstPositions, srcNormals, dstNormals, srcTangents, dstTangents, 0, mesh.vertexCount(),
                skin.paletteSize(), options, null);
    }

    /**
     * Skins a mesh's positions into a fresh array.
     *
     * @param mesh a skinned mesh
     * @param palette skin matrices, at least {@code 16*skin.paletteSize()} floats
     * @param options method, kernel, parallelism (normal options do not matter here)
     * @return {@code 3*vertexCount} skinned coordinates
     * @throws ValidationException when the mesh has no skin or the palette is too short
     */
    public static float[] skinPositions(Mesh mesh, float[] palette, SkinningOptions options) {
        float[] dst = new float[3 * mesh.vertexCount()];
        skinInto(mesh, palette, dst, null, null, options);
        return dst;
    }

    /**
     * Skins a mesh's normals into a fresh array (the positions are skinned into a scratch array
     * too: allocates {@code 6*vertexCount} floats).
     *
     * @param mesh a skinned mesh with normals
     * @param palette skin matrices, at least {@code 16*skin.paletteSize()} floats
     * @param options method, normal transform, renormalization, kernel, parallelism
     * @return {@code 3*vertexCount} skinned normal components
     * @throws ValidationException when the mesh has no skin or no normals, or the palette is too
     *     short
     */
    public static float[] skinNormals(Mesh mesh, float[] palette, SkinningOptions options) {
        float[] dst = new float[3 * mesh.vertexCount()];
        skinInto(mesh, palette, new float[3 * mesh.vertexCount()], dst, null, options);
        return dst;
    }

    /**
     * Skins a mesh's tangents into a fresh array (the positions are skinned into a scratch array
     * too: allocates {@code 7*vertexCount} floats).
     *
     * @param mesh a skinned mesh with tangents
     * @param palette skin matrices, at least {@code 16*skin.paletteSize()} floats
     * @param options method, renormalization, kernel, parallelism
     * @return {@code 4*vertexCount} skinned tangent components (w copied)
     * @throws ValidationException when the mesh has no skin or no tangents, or the palette is
     *     too short
     */
    public static float[] skinTangents(Mesh mesh, float[] palette, SkinningOptions options) {
        float[] dst = new float[4 * mesh.vertexCount()];
        skinInto(mesh, palette, new float[3 * mesh.vertexCount()], null, dst, options);
        return dst;
    }

    private static Skin requireSkin(String where, Mesh mesh, float[] palette) {
        Skin skin = mesh.skin();
        if (skin == null) {
            throw new ValidationException(where + ": mesh " + Checks.quote(mesh.name())
                    + " has no skin, expected a skinned mesh");
        }
        Checks.requireAtLeast(where, "palette", palette.length, 16L * skin.paletteSize(), "16*skin.paletteSize()");
        return skin;
    }

    /** Stands for the palette size of raw-array calls, taken from the palette's length. */
    private static final int RAW_ARRAYS = -1;

    /**
     * Skins int joints: raw arrays ({@code skinPaletteSize == RAW_ARRAYS}: the palette size is
     * {@code palette.length / 16} and the joints of the range are scanned) or a {@link Skin}'s, valid
     * for its {@code skinPaletteSize} matrices, the only ones converted for dual quaternion skinning.
     */
    private static void skin(String where, float[] palette, int k, int[] joints, float[] weights, float[] srcP,
            float[] dstP, float @Nullable [] srcN, float @Nullable [] dstN, float @Nullable [] srcT,
            float @Nullable [] dstT, int first, int count, int skinPaletteSize, SkinningOptions options,
            @Nullable Executor executor) {
        Objects.requireNonNull(options, "options");
        boolean rawArrays = skinPaletteSize == RAW_ARRAYS;
        int paletteSize = validate(where, palette, k, joints.length, joints, weights, srcP, dstP, srcN, dstN, srcT,
                dstT, first, count, rawArrays);
        run(where, palette, rawArrays ? paletteSize : skinPaletteSize, k, joints, null, weights, srcP, dstP, srcN,
                dstN, srcT, dstT, first, count, options, executor);
    }

    private static void skinBound(BoundSkin skin, float[] palette, float[] srcP, float[] dstP,
            float @Nullable [] srcN, float @Nullable [] dstN, float @Nullable [] srcT, float @Nullable [] dstT,
            int first, int count, SkinningOptions options, @Nullable Executor executor) {
        String where = "skinInto";
        Objects.requireNonNull(options, "options");
        int k = skin.influencesPerVertex();
        int[] joints32 = skin.joints32();
        char[] joints16 = skin.joints16();
        float[] weights = skin.weights();
        Checks.requireAtLeast(where, "palette", palette.length, 16L * skin.paletteSize(), "16*skin.paletteSize()");
        Arguments.requireNonNegative(where, "firstVertex", first);
        Arguments.requireNonNegative(where, "vertexCount", count);
        Checks.requireAtLeast(where, "skin vertexCount", skin.vertexCount(), (long) first + count,
                "(firstVertex+vertexCount)");
        // the bound skin's joints were checked against its palette size when it was made: no per-call scan
        validate(where, palette, k, k * skin.vertexCount(), null, weights, srcP, dstP, srcN, dstN, srcT, dstT, first,
                count, false);
        run(where, palette, skin.paletteSize(), k, joints32, joints16, weights, srcP, dstP, srcN, dstN, srcT, dstT,
                first, count, options, executor);
    }

    /** Runs validated arguments; exactly one of {@code joints32} and {@code joints16} is given. */
    private static void run(String where, float[] palette, int paletteSize, int k, int @Nullable [] joints32,
            char @Nullable [] joints16, float[] weights, float[] srcP, float[] dstP, float @Nullable [] srcN,
            float @Nullable [] dstN, float @Nullable [] srcT, float @Nullable [] dstT, int first, int count,
            SkinningOptions options, @Nullable Executor executor) {
        boolean cofactor = options.normalTransform() == NormalTransform.COFACTOR;
        boolean renormalize = options.renormalization() == Renormalization.UNIT_LENGTH;
        ParallelRanges.RangeTask task;
        if (options.method() == SkinningMethod.DUAL_QUATERNION) {
            DualQuaternionPalette dq = DualQuaternionPalette.of(palette, paletteSize);
            WideJointsTask dqs = (joints, base, a, b) -> DualQuaternionKernel.skin(dq, k, joints, base, weights, srcP,
                    dstP, srcN, dstN, srcT, dstT, a, b, cofactor, renormalize);
            task = joints16 != null ? (a, b) -> JointWidening.run(joints16, k, a, b, dqs)
                    : (a, b) -> dqs.run(Objects.requireNonNull(joints32), 0, a, b);
        } else {
            if (options.kernel() == SkinningKernel.VECTOR && LbsKernels.VECTOR == null) {
                throw new ValidationException(where + ": kernel VECTOR requested, but module "
                        + LbsKernels.VECTOR_MODULE + " is not available (start the JVM with --add-modules "
                        + LbsKernels.VECTOR_MODULE + "), expected AUTO or SCALAR");
            }
            LbsKernel kernel = LbsKernels.select(options.kernel());
            if (joints32 != null) {
                if (options.parallelism() == 1) {
                    kernel.skin(palette, k, joints32, 0, weights, srcP, dstP, srcN, dstN, srcT, dstT, first,
                            first + count, cofactor, renormalize);
                    return;
                }
                task = (a, b) -> kernel.skin(palette, k, joints32, 0, weights, srcP, dstP, srcN, dstN, srcT, dstT, a,
                        b, cofactor, renormalize);
            } else {
                char[] narrow = Objects.requireNonNull(joints16);
                if (options.parallelism() == 1) {
                    kernel.skin(palette, k, narrow, weights, srcP, dstP, srcN, dstN, srcT, dstT, first,
                            first + count, cofactor, renormalize);
                    return;
                }
                task = (a, b) -> kernel.skin(palette, k, narrow, weights, srcP, dstP, srcN, dstN, srcT, dstT, a, b,
                        cofactor, renormalize);
            }
        }
        ParallelRanges.run(first, count, options.parallelism(), options.minVerticesPerTask(), executor, task);
    }

    /**
     * Checks every argument; with {@code checkJoints} (the raw-array variants) also that the palette
     * length is a multiple of 16 and the joints of the range (a {@link Skin}'s and a
     * {@link BoundSkin}'s are valid by construction, and their palette arrays need only be at least
     * {@code 16*paletteSize} floats long). Returns {@code palette.length / 16}, the palette size of
     * the raw-array variants.
     */
    private static int validate(String where, float[] palette, int k, int jointsLength, int @Nullable [] joints,
            float[] weights, float[] srcP, float[] dstP, float @Nullable [] srcN, float @Nullable [] dstN,
            float @Nullable [] srcT, float @Nullable [] dstT, int first, int count, boolean checkJoints) {
        Checks.requireRange(where, "influencesPerVertex", k, 1, BoneWeights.MAX_INFLUENCES);
        // a skin's palette size is its own (its palette array may be longer); raw arrays take it from the length
        if (checkJoints && palette.length % 16 != 0) {
            throw new ValidationException(where + ": palette length " + palette.length
                    + " is not a multiple of 16, expected 16*paletteSize");
        }
        Arguments.requireNonNegative(where, "firstVertex", first);
        Arguments.requireNonNegative(where, "vertexCount", count);
        long end = (long) first + count;
        String range = "(firstVertex+vertexCount)";
        Checks.requireAtLeast(where, "joints", jointsLength, k * end, "influencesPerVertex*" + range);
        Checks.requireAtLeast(where, "weights", weights.length, k * end, "influencesPerVertex*" + range);
        Checks.requireAtLeast(where, "srcPositions", srcP.length, 3 * end, "3*" + range);
        Checks.requireAtLeast(where, "dstPositions", dstP.length, 3 * end, "3*" + range);
        requirePair(where, "Normals", srcN, dstN);
        requirePair(where, "Tangents", srcT, dstT);
        if (srcN != null && dstN != null) {
            Checks.requireAtLeast(where, "srcNormals", srcN.length, 3 * end, "3*" + range);
            Checks.requireAtLeast(where, "dstNormals", dstN.length, 3 * end, "3*" + range);
        }
        if (srcT != null && dstT != null) {
            Checks.requireAtLeast(where, "srcTangents", srcT.length, 4 * end, "4*" + range);
            Checks.requireAtLeast(where, "dstTangents", dstT.length, 4 * end, "4*" + range);
        }
        requireDistinct(where, dstP, "dstPositions", palette, weights, srcP, srcN, srcT);
        if (dstN != null) {
            requireDistinct(where, dstN, "dstNormals", palette, weights, srcP, srcN, srcT);
            requireNotSame(where, dstN, "dstNormals", dstP, "dstPositions");
        }
        if (dstT != null) {
            requireDistinct(where, dstT, "dstTangents", palette, weights, srcP, srcN, srcT);
            requireNotSame(where, dstT, "dstTangents", dstP, "dstPositions");
            requireNotSame(where, dstT, "dstTangents", dstN, "dstNormals");
        }
        int paletteSize = palette.length / 16;
        if (checkJoints && joints != null) {
            requireJoints(where, joints, k, first, (int) end, paletteSize);
        }
        return paletteSize;
    }

    private static void requireDistinct(String where, float[] dst, String dstName, float[] palette, float[] weights,
            float[] srcP, float @Nullable [] srcN, float @Nullable [] srcT) {
        requireNotSame(where, dst, dstName, palette, "palette");
        requireNotSame(where, dst, dstName, weights, "weights");
        requireNotSame(where, dst, dstName, srcP, "srcPositions");
        requireNotSame(where, dst, dstName, srcN, "srcNormals");
        requireNotSame(where, dst, dstName, srcT, "srcTangents");
    }

    private static void requireNotSame(String where, float[] dst, String dstName, float @Nullable [] other,
            String otherName) {
        if (dst == other) {
            throw new ValidationException(where + ": " + dstName + " is the same array as " + otherName
                    + ", expected distinct arrays (outputs may not alias inputs or each other)");
        }
    }

    private static void requirePair(String where, String stream, float @Nullable [] src, float @Nullable [] dst) {
        if ((src == null) != (dst == null)) {
            String given = src == null ? "dst" + stream : "src" + stream;
            String missing = src == null ? "src" + stream : "dst" + stream;
            throw new ValidationException(where + ": " + given + " is given but " + missing
                    + " is null, expected both or neither");
        }
    }

    /** Requires {@code 0 <= joint < paletteSize} for every slot of vertices {@code first..end-1}. */
    private static void requireJoints(String where, int[] joints, int k, int first, int end, int paletteSize) {
        int from = k * first;
        int to = k * end;
        int last = paletteSize - 1;
        // branch-free scan: a joint outside 0..last makes (joint | (last - joint)) negative
        int bad = 0;
        for (int i = from; i < to; i++) {
            int j = joints[i];
            bad |= j | (last - j);
        }
        if (bad >= 0) {
            return;
        }
        for (int i = from; i < to; i++) {
            int j = joints[i];
            if (j < 0 || j > last) {
                throw new ValidationException(where + ": vertex " + (i / k) + " slot " + (i % k) + ": joint " + j
                        + ", expected 0.." + last + " (paletteSize " + paletteSize + ")");
            }
        }
    }
}
