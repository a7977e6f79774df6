package io.github.skinmesh.core.mesh;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Angles;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.Mesh;
import org.jspecify.annotations.Nullable;

/**
 * Computes vertex tangents (xyzw) from positions, normals and the first UV set, for meshes that
 * have none, in glTF's convention: {@code xyz} points along increasing U, and the bitangent
 * {@code cross(normal, tangent.xyz) * w} along decreasing V, which is "up" in a texture whose UV
 * origin is its top-left corner (so that a normal map's green channel points up).
 *
 * <p>Method: per triangle, the UV gradient ({@code dP/du}, {@code dP/dv}) is solved from two
 * edges and their UV differences (the standard per-triangle method); at each corner both
 * directions are projected onto the plane of the vertex's normal, normalized and added, weighted
 * by the triangle's angle at that corner. Per vertex, the summed {@code dP/du} is orthonormalized
 * against the normal (Gram-Schmidt) to give {@code xyz}; {@code w} is {@code +1} when
 * {@code cross(normal, xyz)} points against the summed {@code dP/dv} (an unmirrored mapping) and
 * {@code -1} otherwise. Sums are taken in double precision.
 *
 * <p>Fallback, when the mesh has no UV set, or a vertex has no triangle with a usable UV
 * gradient (all its triangles degenerate in position or in UV, or its directions cancel: their
 * sum at most {@link VertexNormals#CANCELLED} times their summed weights): the
 * tangent is derived from the normal alone, a unit vector orthogonal to it that varies
 * continuously with it except where the normal's z changes sign (Duff et al., "Building an
 * Orthonormal Basis, Revisited", 2017), with {@code w = +1}; for the normal {@code (0, 0, 1)} it
 * is {@code (1, 0, 0, 1)}. Every tangent is of unit length and orthogonal to its (unit) normal
 * within float rounding.
 *
 * <p>Deterministic (triangles are visited in index order), stateless and thread-safe. Allocates
 * {@code 7*vertexCount} doubles of scratch per call (and the normals, when the mesh has none and
 * none are given).
 */
public final class VertexTangents {
    private VertexTangents() {
    }

    /**
     * Computes the tangents of a mesh's vertices from its positions, its normals (computed by
     * {@link VertexNormals} when it has none) and its UV set 0, if any. The mesh's own tangents,
     * if any, are ignored.
     *
     * @param mesh the mesh
     * @return a fresh array of {@code 4*vertexCount} floats
     */
    public static float[] compute(Mesh mesh) {
        float[] normals = ModelAccess.get().normals(mesh);
        float[] dst = new float[4 * mesh.vertexCount()];
        computeInto(mesh, normals != null ? normals : VertexNormals.compute(mesh), dst, 0);
        return dst;
    }

    /**
     * Computes the tangents of a mesh's vertices with the given normals into a caller's array.
     *
     * @param mesh the mesh: its positions, triangles and UV set 0 (if any) are used
     * @param normals unit normals, {@code 3*vertexCount} floats (the mesh's own, or computed ones
     *     for a mesh without); read only
     * @param dst receives {@code 4*vertexCount} floats from {@code dstOffset}; may not be
     *     {@code normals}
     * @param dstOffset first float written, {@code >= 0}
     * @return the number of vertices whose tangent was derived from the normal alone
     * @throws ValidationException when {@code normals} does not have
     *     {@code 3*vertexCount} floats, {@code dst} is too short, the offset is negative or
     *     {@code dst} is {@code normals}; nothing is written then
     */
    public static int computeInto(Mesh mesh, float[] normals, float[] dst, int dstOffset) {
        String where = "computeTangents";
        int n = mesh.vertexCount();
        if (dst == normals) {
            throw new ValidationException(where + ": dst is the same array as normals, expected distinct arrays");
        }
        Checks.requireLength(where, "normals", normals.length, 3 * n, "3*vertexCount");
        Checks.requireRange(where, "dstOffset", dstOffset, 0, Integer.MAX_VALUE);
        Checks.requireAtLeast(where, "dst", dst.length, dstOffset + 4L * n, "dstOffset+4*vertexCount");
        ModelAccess.Bridge raw = ModelAccess.get();
        float[] uvs = mesh.uvChannelCount() > 0 ? raw.uvs(mesh, 0) : null;
        double[] sums = uvs == null ? null : accumulate(raw.positions(mesh), normals, uvs, raw.indices(mesh), n);
        int fallbacks = 0;
        for (int v = 0; v < n; v++) {
            if (!finish(normals, sums, v, dst, dstOffset + 4 * v)) {
                fallbacks++;
            }
        }
        return fallbacks;
    }

    /**
     * Per vertex, the angle-weighted sums of the unit projected {@code dP/du} (at {@code 7v}) and
     * {@code dP/dv} (at {@code 7v + 3}), and the sum of the weights of the former (at {@code 7v + 6}).
     */
    private static double[] accumulate(float[] p, float[] normals, float[] uv, int[] indices, int vertexCount) {
        double[] sums = new double[7 * vertexCount];
        int[] corner = new int[3];
        double[] angles = new double[3];
        for (int i = 0; i < indices.length; i += 3) {
            int a = indices[i];
            int b = indices[i + 1];
            int c = indices[i + 2];
            double e1x = (double) p[3 * b] - p[3 * a];
            double e1y = (double) p[3 * b + 1] - p[3 * a + 1];
            double e1z = (double) p[3 * b + 2] - p[3 * a + 2];
            double e2x = (double) p[3 * c] - p[3 * a];
            double e2y = (double) p[3 * c + 1] - p[3 * a + 1];
            double e2z = (double) p[3 * c + 2] - p[3 * a + 2];
            double du1 = (double) uv[2 * b] - uv[2 * a];
            double dv1 = (double) uv[2 * b + 1] - uv[2 * a + 1];
            double du2 = (double) uv[2 * c] - uv[2 * a];
            double dv2 = (double) uv[2 * c + 1] - uv[2 * a + 1];
            double det = du1 * dv2 - du2 * dv1;
            if (det == 0 || !Double.isFinite(det)) {
                continue; // no UV gradient: the triangle's UVs are collinear
            }
            // dP/du and dP/dv of the triangle's affine map from UV to position
            double sx = (e1x * dv2 - e2x * dv1) / det;
            double sy = (e1y * dv2 - e2y * dv1) / det;
            double sz = (e1z * dv2 - e2z * dv1) / det;
            double tx = (e2x * du1 - e1x * du2) / det;
            double ty = (e2y * du1 - e1y * du2) / det;
            double tz = (e2z * du1 - e1z * du2) / det;
            angles[0] = Angles.angle(e1x, e1y, e1z, e2x, e2y, e2z);
            angles[1] = Angles.angle(-e1x, -e1y, -e1z, e2x - e1x, e2y - e1y, e2z - e1z);
            angles[2] = Math.max(0, Math.PI - angles[0] - angles[1]);
            corner[0] = a;
            corner[1] = b;
            corner[2] = c;
            for (int k = 0; k < 3; k++) {
                int v = corner[k];
                double weight = angles[k];
                if (weight == 0) {
                    continue;
                }
                if (addProjected(sums, 7 * v, normals, 3 * v, sx, sy, sz, weight)) {
                    sums[7 * v + 6] += weight;
                }
                addProjected(sums, 7 * v + 3, normals, 3 * v, tx, ty, tz, weight);
            }
        }
        return sums;
    }

    /**
     * Adds {@code weight} times the unit projection of {@code d} onto the plane of the normal;
     * returns {@code false}, adding nothing, when the projection is zero.
     */
    private static boolean addProjected(double[] sums, int o, float[] normals, int no, double dx, double dy, double dz,
            double weight) {
        double nx = normals[no];
        double ny = normals[no + 1];
        double nz = normals[no + 2];
        double dot = nx * dx + ny * dy + nz * dz;
        double px = dx - nx * dot;
        double py = dy - ny * dot;
        double pz = dz - nz * dot;
        double length = Math.sqrt(px * px + py * py + pz * pz);
        if (!(length > 0) || !Double.isFinite(length)) {
            return false;
        }
        double scale = weight / length;
        sums[o] += px * scale;
        sums[o + 1] += py * scale;
        sums[o + 2] += pz * scale;
        return true;
    }

    /** Writes vertex {@code v}'s tangent; returns {@code false} when it fell back to the normal alone. */
    private static boolean finish(float[] normals, double @Nullable [] sums, int v, float[] dst, int o) {
        double nx = normals[3 * v];
        double ny = normals[3 * v + 1];
        double nz = normals[3 * v + 2];
        if (sums != null) {
            int s = 7 * v;
            double tx = sums[s];
            double ty = sums[s + 1];
            double tz = sums[s + 2];
            double dot = nx * tx + ny * ty + nz * tz;
            tx -= nx * dot;
            ty -= ny * dot;
            tz -= nz * dot;
            double length = Math.sqrt(tx * tx + ty * ty + tz * tz);
            if (length > VertexNormals.CANCELLED * sums[s + 6] && Double.isFinite(length)) {
                tx /= length;
                ty /= length;
                tz /= length;
                // bitangent direction cross(n, t) against the summed dP/dv
                double bx = ny * tz - nz * ty;
                double by = nz * tx - nx * tz;
                double bz = nx * ty - ny * tx;
                double along = bx * sums[s + 3] + by * sums[s + 4] + bz * sums[s + 5];
                dst[o] = (float) tx;
                dst[o + 1] = (float) ty;
                dst[o + 2] = (float) tz;
                dst[o + 3] = along > 0 ? -1f : 1f;
                return true;
            }
        }
        // Duff et al. 2017: an orthonormal basis from a unit vector, branch on the sign of z only
        double sign = Math.copySign(1.0, nz);
        double a = -1.0 / (sign + nz);
        double b = nx * ny * a;
        double fx = 1.0 + sign * nx * nx * a;
        double fy = sign * b;
        double fz = -sign * nx;
        double length = Math.sqrt(fx * fx + fy * fy + fz * fz);
        if (!(length > 0) || !Double.isFinite(length)) {
            fx = 1;
            fy = 0;
            fz = 0;
            length = 1;
        }
        dst[o] = (float) (fx / length + 0.0); // + 0.0 turns -0 into +0
        dst[o + 1] = (float) (fy / length + 0.0);
        dst[o + 2] = (float) (fz / length + 0.0);
        dst[o + 3] = 1f;
        return false;
    }
}
