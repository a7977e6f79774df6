package io.github.skinmesh.core.model;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import org.joml.Matrix4f;
import org.joml.Matrix4fc;
import org.jspecify.annotations.Nullable;

/** {@link Mesh#transformed}: bakes an affine matrix into a mesh's vertex data. */
final class MeshTransform {
    private MeshTransform() {
    }

    static Mesh apply(Mesh mesh, Matrix4fc transform) {
        String where = "mesh " + Checks.quote(mesh.name()) + ": transformed";
        float[] m = transform.get(new float[16]);
        Checks.requireFinite(where, "matrix", m, 16, "matrix");
        if (m[3] != 0 || m[7] != 0 || m[11] != 0 || m[15] != 1) {
            throw new ValidationException(where + ": matrix row 3 is (" + m[3] + ", " + m[7] + ", " + m[11] + ", "
                    + m[15] + "), expected (0, 0, 0, 1) (an affine matrix)");
        }
        if (transform.equals(new Matrix4f())) {
            return mesh;
        }
        // cofactor matrix columns: cof(A) = [b x c, c x a, a x b] = det(A) * A^-T for A = [a b c]
        float[] cof = {
            m[5] * m[10] - m[6] * m[9], m[6] * m[8] - m[4] * m[10], m[4] * m[9] - m[5] * m[8],
            m[9] * m[2] - m[10] * m[1], m[10] * m[0] - m[8] * m[2], m[8] * m[1] - m[9] * m[0],
            m[1] * m[6] - m[2] * m[5], m[2] * m[4] - m[0] * m[6], m[0] * m[5] - m[1] * m[4],
        };
        float det = m[0] * cof[0] + m[1] * cof[1] + m[2] * cof[2];
        boolean mirror = det < 0;
        if (mirror) {
            for (int i = 0; i < 9; i++) {
                cof[i] = -cof[i];
            }
        }
        int n = mesh.vertexCount();
        float[] positions = mesh.rawPositions();
        float[] p = new float[3 * n];
        for (int v = 0; v < n; v++) {
            float x = positions[3 * v], y = positions[3 * v + 1], z = positions[3 * v + 2];
            p[3 * v] = m[0] * x + m[4] * y + m[8] * z + m[12];
            p[3 * v + 1] = m[1] * x + m[5] * y + m[9] * z + m[13];
            p[3 * v + 2] = m[2] * x + m[6] * y + m[10] * z + m[14];
        }
        Checks.requireFinite(where, "position", p, 3, "vertex");
        float[] linear = {m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]};
        float[] normalScale = null;
        float[] normals = null;
        float @Nullable [] srcNormals = mesh.rawNormals();
        if (srcNormals != null) {
            normals = new float[3 * n];
            normalScale = new float[n];
            directions(cof, srcNormals, 3, normals, normalScale, n);
        }
        float[] tangentScale = null;
        float[] tangents = null;
        float @Nullable [] srcTangents = mesh.rawTangents();
        if (srcTangents != null) {
            tangents = new float[4 * n];
            tangentScale = new float[n];
            directions(linear, srcTangents, 4, tangents, tangentScale, n);
            for (int v = 0; v < n; v++) {
                tangents[4 * v + 3] = mirror ? -srcTangents[4 * v + 3] : srcTangents[4 * v + 3];
            }
        }
        Mesh.Builder b = mesh.toBuilder(false);
        b.positions(p);
        b.normals(normals);
        b.tangents(tangents);
        if (mirror) {
            int[] indices = mesh.rawIndices().clone();
            for (int i = 0; i < indices.length; i += 3) {
                int t = indices[i + 1];
                indices[i + 1] = indices[i + 2];
                indices[i + 2] = t;
            }
            b.indices(indices);
        }
        if (!mesh.morphTargets().isEmpty()) {
            b.clearMorphTargets();
            for (MorphTarget target : mesh.morphTargets()) {
                float @Nullable [] dp = target.rawPositions();
                float @Nullable [] dn = target.rawNormals();
                float @Nullable [] dt = target.rawTangents();
                b.addMorphTarget(MorphTarget.adopt(target.name(),
                        dp == null ? null : deltas(linear, dp, null, n),
                        dn == null ? null : deltas(cof, dn, normalScale, n),
                        dt == null ? null : deltas(linear, dt, tangentScale, n)));
            }
            b.morphWeights(mesh.morphWeights());
        }
        return b.build();
    }

    /** {@code dst = a * src} per vertex, rescaled to unit length; the scale used goes to {@code scale}. */
    private static void directions(float[] a, float[] src, int stride, float[] dst, float[] scale, int n) {
        for (int v = 0; v < n; v++) {
            int s = stride * v;
            float x = src[s], y = src[s + 1], z = src[s + 2];
            float dx = a[0] * x + a[3] * y + a[6] * z;
            float dy = a[1] * x + a[4] * y + a[7] * z;
            float dz = a[2] * x + a[5] * y + a[8] * z;
            double len2 = (double) dx * dx + (double) dy * dy + (double) dz * dz;
            float k = len2 > 0 ? (float) (1.0 / Math.sqrt(len2)) : 0f;
            scale[v] = k;
            dst[s] = dx * k;
            dst[s + 1] = dy * k;
            dst[s + 2] = dz * k;
        }
    }

    /** {@code a * delta} per vertex, times the vertex's scale when given. */
    private static float[] deltas(float[] a, float[] src, float @Nullable [] scale, int n) {
        float[] dst = new float[3 * n];
        for (int v = 0; v < n; v++) {
            int s = 3 * v;
            float x = src[s], y = src[s + 1], z = src[s + 2];
            float k = scale == null ? 1f : scale[v];
            dst[s] = (a[0] * x + a[3] * y + a[6] * z) * k;
            dst[s + 1] = (a[1] * x + a[4] * y + a[7] * z) * k;
            dst[s + 2] = (a[2] * x + a[5] * y + a[8] * z) * k;
        }
        return dst;
    }
}
