package io.github.skinmesh.core.skinning;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Applies morph targets (blend shapes): {@code dst = base + sum_t weight_t * delta_t}, per vertex
 * and component, as glTF defines them. Run it before {@link Skinning}: morph deltas live in the
 * bind pose.
 *
 * <p>The primitive variant works on one stream of 3 (positions, normals) or 4 (tangents: xyz
 * morphed, w copied) components per vertex with xyz deltas per target, over a vertex range, so
 * callers can split work; the {@link Mesh} variant applies a mesh's targets to its positions,
 * normals and tangents. The destination may be the base array itself (morphing in place); it may
 * not be a delta array. Targets are accumulated one after the other in index order (each delta
 * array is streamed once), so results are deterministic. Everything is validated before anything
 * is written. Stateless and thread-safe for disjoint destination ranges. The primitive variant
 * allocates nothing; the mesh variant three arrays of {@code targetCount} references per call.
 *
 * <p>Example:
 * <pre>{@code
 * float[] positions = new float[3 * mesh.vertexCount()];
 * Morphing.applyInto(mesh, new float[] {0.5f, 1f}, positions, null, null, MorphOptions.DEFAULTS);
 * }</pre>
 */
public final class Morphing {
    private Morphing() {
    }

    /**
     * Morphs one stream over vertices {@code firstVertex .. firstVertex+vertexCount-1}.
     *
     * @param base the unmorphed stream, {@code >= c*(firstVertex+vertexCount)} floats where
     *     {@code c = componentsPerVertex}
     * @param componentsPerVertex 3 (xyz) or 4 (xyzw; w is copied from {@code base})
     * @param deltas per target, {@code >= 3*(firstVertex+vertexCount)} floats of xyz deltas, or
     *     {@code null} for a target that does not touch this stream
     * @param weights weight per target, {@code weights.length == deltas.length}
     * @param dst receives the morphed stream, {@code >= c*(firstVertex+vertexCount)} floats; may
     *     be {@code base}, not a delta array
     * @param firstVertex first vertex, {@code >= 0}
     * @param vertexCount number of vertices, {@code >= 0}
     * @param options which targets are skipped
     * @throws ValidationException when {@code componentsPerVertex} is not 3 or 4, the range is
     *     negative, {@code weights} and {@code deltas} differ in length, an array is too short, a
     *     weight is not finite or {@code dst} is a delta array
     */
    public static void blendInto(float[] base, int componentsPerVertex, float[] @Nullable [] deltas, float[] weights,
            float[] dst, int firstVertex, int vertexCount, MorphOptions options) {
        String where = "blendInto";
        Objects.requireNonNull(options, "options");
        Checks.requireRange(where, "componentsPerVertex", componentsPerVertex, 3, 4);
        Arguments.requireNonNegative(where, "firstVertex", firstVertex);
        Arguments.requireNonNegative(where, "vertexCount", vertexCount);
        long end = (long) firstVertex + vertexCount;
        Checks.requireLength(where, "weights", weights.length, deltas.length, "deltas.length");
        checkWeights(where, weights);
        String formula = componentsPerVertex + "*(firstVertex+vertexCount)";
        Checks.requireAtLeast(where, "base", base.length, componentsPerVertex * end, formula);
        Checks.requireAtLeast(where, "dst", dst.length, componentsPerVertex * end, formula);
        checkDeltas(where, deltas, end, dst);
        blend(base, componentsPerVertex, deltas, weights, dst, firstVertex, (int) end, options.minWeight());
    }

    /**
     * Morphs a whole mesh's positions, and its normals and tangents when destinations are given,
     * with the mesh's morph targets at {@code weights}. A target without deltas for a stream
     * leaves that stream alone.
     *
     * @param mesh the mesh
     * @param weights one weight per morph target, {@code weights.length == morphTargets().size()}
     * @param dstPositions receives positions, {@code >= 3*vertexCount} floats
     * @param dstNormals receives normals ({@code >= 3*vertexCount} floats), or {@code null}
     * @param dstTangents receives tangents xyzw ({@code >= 4*vertexCount} floats), or {@code null}
     * @param options skipped targets and renormalization of normals and tangents
     * @throws ValidationException when the weight count differs from the target count, a weight is
     *     not finite, a destination is too short, or a destination is given for a stream the mesh
     *     lacks
     */
    public static void applyInto(Mesh mesh, float[] weights, float[] dstPositions, float @Nullable [] dstNormals,
            float @Nullable [] dstTangents, MorphOptions options) {
        String where = "applyInto";
        Objects.requireNonNull(options, "options");
        ModelAccess.Bridge raw = ModelAccess.get();
        List<MorphTarget> targets = mesh.morphTargets();
        int n = mesh.vertexCount();
        Checks.requireLength(where, "weights", weights.length, targets.size(), "morphTargetCount");
        checkWeights(where, weights);
        Checks.requireAtLeast(where, "dstPositions", dstPositions.length, 3L * n, "3*vertexCount");
        float @Nullable [] normals = null;
        float @Nullable [] tangents = null;
        if (dstNormals != null) {
            normals = Arguments.requireMeshStream(where, mesh, raw.normals(mesh), "normals", "morphed");
            Checks.requireAtLeast(where, "dstNormals", dstNormals.length, 3L * n, "3*vertexCount");
        }
        if (dstTangents != null) {
            tangents = Arguments.requireMeshStream(where, mesh, raw.tangents(mesh), "tangents", "morphed");
            Checks.requireAtLeast(where, "dstTangents", dstTangents.length, 4L * n, "4*vertexCount");
        }
        // the mesh guarantees 3*vertexCount floats in every delta array, and its arrays are never a caller's
        float[] @Nullable [] dp = new float[targets.size()][];
        float[] @Nullable [] dn = new float[targets.size()][];
        float[] @Nullable [] dt = new float[targets.size()][];
        for (int t = 0; t < dp.length; t++) {
            MorphTarget target = targets.get(t);
            dp[t] = raw.positions(target);
            dn[t] = raw.normals(target);
            dt[t] = raw.tangents(target);
        }
        float min = options.minWeight();
        blend(raw.positions(mesh), 3, dp, weights, dstPositions, 0, n, min);
        boolean unit = options.directions() == Renormalization.UNIT_LENGTH;
        if (dstNormals != null && normals != null) {
            blend(normals, 3, dn, weights, dstNormals, 0, n, min);
            if (unit) {
                renormalize(dstNormals, 3, n);
            }
        }
        if (dstTangents != null && tangents != null) {
            blend(tangents, 4, dt, weights, dstTangents, 0, n, min);
            if (unit) {
                renormalize(dstTangents, 4, n);
            }
        }
    }

    private static void blend(float[] base, int c, float[] @Nullable [] deltas, float[] weights, float[] dst,
            int first, int end, float minWeight) {
        if (base != dst) {
            System.arraycopy(base, c * first, dst, c * first, c * (end - first));
        }
        for (int t = 0; t < deltas.length; t++) {
            float[] d = deltas[t];
            float w = weights[t];
            if (d == null || Math.abs(w) <= minWeight) {
                continue;
            }
            if (c == 3) {
                for (int i = 3 * first, e = 3 * end; i < e; i++) {
                    dst[i] += w * d[i];
                }
            } else {
                for (int v = first; v < end; v++) {
                    int o = 4 * v;
                    int s = 3 * v;
                    dst[o] += w * d[s];
                    dst[o + 1] += w * d[s + 1];
                    dst[o + 2] += w * d[s + 2];
                }
            }
        }
    }

    private static void renormalize(float[] a, int stride, int n) {
        for (int i = 0, e = stride * n; i < e; i += stride) {
            Directions.normalize(a, i);
        }
    }

    private static void checkWeights(String where, float[] weights) {
        for (int t = 0; t < weights.length; t++) {
            if (!Float.isFinite(weights[t])) {
                throw new ValidationException(where + ": weight " + t + " is " + weights[t] + ", expected a finite value");
            }
        }
    }

    private static void checkDeltas(String where, float[] @Nullable [] deltas, long end, float[] dst) {
        for (int t = 0; t < deltas.length; t++) {
            float[] d = deltas[t];
            if (d == null) {
                continue;
            }
            Checks.requireAtLeast(where, "deltas of target " + t, d.length, 3 * end, "3*(firstVertex+vertexCount)");
            if (d == dst) {
                throw new ValidationException(where + ": dst is the same array as deltas of target " + t
                        + ", expected distinct arrays (dst may alias only the base)");
            }
        }
    }
}
