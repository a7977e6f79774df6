package io.github.skinmesh.core.mesh;

import io.github.skinmesh.core.internal.Angles;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.Mesh;

/**
 * Computes vertex normals from a mesh's triangles, for meshes that have none.
 *
 * <p>Each triangle {@code (a, b, c)} contributes its face normal {@code (b - a) x (c - a)}, whose
 * length is twice its area, times the angle of the triangle at the vertex: normals weighted by
 * area and by angle, so a vertex's normal does not depend on how the faces around it are split
 * into triangles, and large faces count more than slivers. Sums are taken in double precision
 * and normalized; the winding follows glTF (counter-clockwise front faces give normals towards
 * the viewer). A vertex that no triangle of non-zero area uses gets {@link #FALLBACK_X},
 * {@link #FALLBACK_Y}, {@link #FALLBACK_Z} (+Z), and so does a vertex whose contributions cancel
 * (the length of their sum at most {@link #CANCELLED} times the sum of their lengths, as for a
 * triangle listed twice with opposite windings: rounding would otherwise give it an arbitrary
 * direction). Vertices are not welded: vertices at the same position but of different index (a UV
 * seam, a hard edge) get normals from their own triangles only.
 *
 * <p>Deterministic (triangles are visited in index order), stateless and thread-safe. Allocates
 * {@code 4*vertexCount} doubles of scratch per call.
 */
public final class VertexNormals {
    /** x of the normal given to a vertex without a triangle of non-zero area. */
    public static final float FALLBACK_X = 0f;
    /** y of the normal given to a vertex without a triangle of non-zero area. */
    public static final float FALLBACK_Y = 0f;
    /** z of the normal given to a vertex without a triangle of non-zero area. */
    public static final float FALLBACK_Z = 1f;
    /**
     * Contributions whose sum is at most this fraction of their summed lengths cancel, and the
     * vertex gets the fallback normal.
     */
    public static final double CANCELLED = 1e-10;

    private VertexNormals() {
    }

    /**
     * Computes the normals of a mesh's vertices from its positions and triangles (its own normals,
     * if any, are ignored).
     *
     * @param mesh the mesh
     * @return a fresh array of {@code 3*vertexCount} floats, each normal of unit length
     */
    public static float[] compute(Mesh mesh) {
        float[] dst = new float[3 * mesh.vertexCount()];
        computeInto(mesh, dst, 0);
        return dst;
    }

    /**
     * Computes the normals of a mesh's vertices into a caller's array.
     *
     * @param mesh the mesh
     * @param dst receives {@code 3*vertexCount} floats from {@code dstOffset}
     * @param dstOffset first float written, {@code >= 0}
     * @return the number of vertices that got the fallback normal (no triangle of non-zero area)
     * @throws io.github.skinmesh.core.ValidationException when {@code dst} is too short or the
     *     offset is negative; nothing is written then
     */
    public static int computeInto(Mesh mesh, float[] dst, int dstOffset) {
        int n = mesh.vertexCount();
        Checks.requireRange("computeNormals", "dstOffset", dstOffset, 0, Integer.MAX_VALUE);
        Checks.requireAtLeast("computeNormals", "dst", dst.length, dstOffset + 3L * n, "dstOffset+3*vertexCount");
        ModelAccess.Bridge raw = ModelAccess.get();
        double[] magnitude = new double[n];
        double[] sum = accumulate(raw.positions(mesh), raw.indices(mesh), n, magnitude);
        int fallbacks = 0;
        for (int v = 0; v < n; v++) {
            double x = sum[3 * v];
            double y = sum[3 * v + 1];
            double z = sum[3 * v + 2];
            double length = Math.sqrt(x * x + y * y + z * z);
            int o = dstOffset + 3 * v;
            if (length > CANCELLED * magnitude[v] && Double.isFinite(length)) {
                dst[o] = (float) (x / length);
                dst[o + 1] = (float) (y / length);
                dst[o + 2] = (float) (z / length);
            } else {
                dst[o] = FALLBACK_X;
                dst[o + 1] = FALLBACK_Y;
                dst[o + 2] = FALLBACK_Z;
                fallbacks++;
            }
        }
        return fallbacks;
    }

    /**
     * Sums, per vertex, each adjacent triangle's unnormalized face normal times its corner angle;
     * {@code magnitude[v]} receives the sum of those contributions' lengths.
     */
    private static double[] accumulate(float[] p, int[] indices, int vertexCount, double[] magnitude) {
        double[] sum = new double[3 * vertexCount];
        for (int i = 0; i < indices.length; i += 3) {
            int a = indices[i];
            int b = indices[i + 1];
            int c = indices[i + 2];
            double abx = (double) p[3 * b] - p[3 * a];
            double aby = (double) p[3 * b + 1] - p[3 * a + 1];
            double abz = (double) p[3 * b + 2] - p[3 * a + 2];
            double acx = (double) p[3 * c] - p[3 * a];
            double acy = (double) p[3 * c + 1] - p[3 * a + 1];
            double acz = (double) p[3 * c + 2] - p[3 * a + 2];
            double nx = aby * acz - abz * acy;
            double ny = abz * acx - abx * acz;
            double nz = abx * acy - aby * acx;
            if (nx == 0 && ny == 0 && nz == 0) {
                continue;
            }
            double bcx = acx - abx;
            double bcy = acy - aby;
            double bcz = acz - abz;
            // corner angles: at a between ab and ac, at b between ba and bc, at c between ca and cb
            double angleA = Angles.angle(abx, aby, abz, acx, acy, acz);
            double angleB = Angles.angle(-abx, -aby, -abz, bcx, bcy, bcz);
            double angleC = Math.max(0, Math.PI - angleA - angleB);
            double faceLength = Math.sqrt(nx * nx + ny * ny + nz * nz);
            add(sum, a, nx, ny, nz, angleA);
            add(sum, b, nx, ny, nz, angleB);
            add(sum, c, nx, ny, nz, angleC);
            magnitude[a] += faceLength * angleA;
            magnitude[b] += faceLength * angleB;
            magnitude[c] += faceLength * angleC;
        }
        return sum;
    }

    private static void add(double[] sum, int v, double x, double y, double z, double weight) {
        sum[3 * v] += x * weight;
        sum[3 * v + 1] += y * weight;
        sum[3 * v + 2] += z * weight;
    }
}
