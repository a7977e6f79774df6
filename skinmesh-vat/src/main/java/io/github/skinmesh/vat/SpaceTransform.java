package io.github.skinmesh.vat;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import java.util.List;
import org.joml.Matrix4d;
import org.joml.Matrix4f;
import org.jspecify.annotations.Nullable;

/**
 * Moves a posed frame from the character's model space into a {@link BakeSpace}: per part,
 * {@code inverse(R_p)} with {@code R_p = model(bone_p) * matrix_p} at the frame's pose. Positions
 * are transformed as {@code skinmesh skin --space model} transforms them (the reference composed and
 * inverted in float, in double where the float inverse overflows; the same float expression per
 * position), normals by the inverse's inverse transpose (the transpose of {@code R}'s upper 3x3) and
 * tangents by the inverse's upper 3x3, both scaled to a largest element of 1 so that a reference of any
 * finite scale keeps them finite, each direction keeping its length, tangent handedness negated when
 * {@code R} mirrors.
 *
 * <p>Allocates its matrices once in {@link #bind}; {@link #update} and the transforms allocate nothing
 * but a message. Not thread-safe.
 */
final class SpaceTransform {
    private final String where;
    private final BakeSpace space;
    private final Skeleton skeleton;
    private final List<Part> parts;
    /**
     * Per reference: {@code inverse(R)}, 16 floats each, and its normal matrix ({@code R}'s transposed upper 3x3
     * scaled to a largest element of 1, 9 floats, column-major).
     */
    private final float[] inverses;
    private final float[] normalMatrices;
    /** Per reference: the inverse's upper 3x3 scaled to a largest element of 1 (9 floats, column-major), for tangents. */
    private final float[] tangentMatrices;
    private final boolean[] mirrors;
    private final boolean animated;
    private final float[] model;
    private final Matrix4f node = new Matrix4f();
    private final Matrix4f local = new Matrix4f();
    private final Matrix4f product = new Matrix4f();

    private SpaceTransform(String where, BakeSpace space, Skeleton skeleton, List<Part> parts) {
        this.where = where;
        this.space = space;
        this.skeleton = skeleton;
        this.parts = parts;
        int n = space.partCount();
        inverses = new float[16 * n];
        normalMatrices = new float[9 * n];
        tangentMatrices = new float[9 * n];
        mirrors = new boolean[n];
        boolean any = false;
        for (int r = 0; r < n; r++) {
            any |= space.bone(r) != Index.NONE;
        }
        animated = any;
        model = new float[any ? 16 * skeleton.boneCount() : 0];
    }

    /**
     * Checks a space against the parts of a bake and prepares its transforms; the references without
     * a bone are inverted now.
     *
     * @return the transform, or {@code null} for {@link BakeSpace#CHARACTER} (nothing to do)
     * @throws ValidationException when the space has another number of references than the parts
     *     (other than one), a bone is not in the skeleton, or a constant reference is singular
     */
    static @Nullable SpaceTransform bind(String where, BakeSpace space, Skeleton skeleton, List<Part> parts) {
        if (space.isCharacter()) {
            return null;
        }
        if (space.partCount() != 1 && space.partCount() != parts.size()) {
            throw new ValidationException(where + ": the space has " + space.partCount() + " references for "
                    + parts.size() + " parts, expected one per part (or one for all)");
        }
        for (int r = 0; r < space.partCount(); r++) {
            if (space.bone(r) >= skeleton.boneCount()) {
                throw new ValidationException(where + ": the space of " + partName(space, parts, r) + " starts from bone "
                        + space.bone(r) + ", expected one of the skeleton's " + skeleton.boneCount() + " bones or "
                        + "Index.NONE");
            }
        }
        SpaceTransform t = new SpaceTransform(where, space, skeleton, parts);
        for (int r = 0; r < space.partCount(); r++) {
            if (space.bone(r) == Index.NONE) {
                t.invert(r, null, 0);
            }
        }
        return t;
    }

    private static String partName(BakeSpace space, List<Part> parts, int reference) {
        return space.partCount() == 1 && parts.size() > 1 ? "every part"
                : "part " + Checks.quote(parts.get(reference).name());
    }

    /**
     * Evaluates the references that start from a bone at the poser's last pose.
     *
     * @param clip the clip's name, for messages
     * @param frame the frame, for messages
     * @throws ValidationException when a reference is singular at this pose
     */
    void update(CharacterPoser poser, String clip, int frame) {
        if (!animated) {
            return;
        }
        poser.modelMatricesInto(model, 0);
        for (int r = 0; r < space.partCount(); r++) {
            if (space.bone(r) != Index.NONE) {
                invert(r, clip, frame);
            }
        }
    }

    /**
     * Computes {@code inverse(R)} of reference {@code r} as {@code skin --space model} does, and its
     * normal matrix.
     */
    private void invert(int r, @Nullable String clip, int frame) {
        space.matrixInto(r, inverses, 16 * r); // the matrix, as scratch
        local.set(inverses, 16 * r);
        int bone = space.bone(r);
        if (bone == Index.NONE) {
            node.set(local);
        } else {
            node.set(model, 16 * bone).mul(local);
        }
        int at = 16 * r;
        node.invert(product).get(inverses, at);
        if (!finite(inverses, at)) {
            float[] m = node.get(new float[16]);
            Matrix4d d = new Matrix4d().set(m);
            double det = d.determinant3x3();
            d.invertAffine().get(inverses, at);
            if (det == 0 || !finite(inverses, at)) {
                throw new ValidationException(where + ": " + (clip == null ? "" : "clip " + Checks.quote(clip)
                        + ", frame " + frame + ": ") + "the space of " + partName(space, parts, r) + ", "
                        + space.describe(r, skeleton) + ", " + (det == 0 ? "is singular (determinant 0)"
                        : "has determinant " + det + ", too close to singular for its inverse to fit a float")
                        + ", so positions cannot be expressed in it; bake in the character's space instead");
            }
        }
        // Directions only need the matrices up to a positive factor (each keeps its length), so both are
        // scaled to a largest element of 1: a reference scaled by 1e-20 has an inverse of 1e20 whose
        // cofactors (1e40) would leave the float range. The inverse's inverse transpose is the
        // reference's transpose, so normals use that; tangents the inverse's 3x3.
        double nScale = largest3x3(node);
        double tScale = largest3x3(inverses, at);
        int n = 9 * r;
        for (int col = 0; col < 3; col++) {
            for (int row = 0; row < 3; row++) {
                normalMatrices[n + 3 * col + row] = (float) (node.get(row, col) / nScale);
                tangentMatrices[n + 3 * col + row] = (float) (inverses[at + 4 * col + row] / tScale);
            }
        }
        // the sign of the reference's determinant, in double: a tiny scale's determinant underflows a float
        double m00 = node.m00(), m01 = node.m01(), m02 = node.m02();
        double m10 = node.m10(), m11 = node.m11(), m12 = node.m12();
        double m20 = node.m20(), m21 = node.m21(), m22 = node.m22();
        double det = m00 * (m11 * m22 - m12 * m21) - m10 * (m01 * m22 - m02 * m21) + m20 * (m01 * m12 - m02 * m11);
        mirrors[r] = det < 0;
    }

    /** @return the largest magnitude of the upper 3x3 of a matrix (positive for an invertible one) */
    private static double largest3x3(Matrix4f m) {
        double l = 0;
        for (int col = 0; col < 3; col++) {
            for (int row = 0; row < 3; row++) {
                l = Math.max(l, Math.abs((double) m.get(col, row)));
            }
        }
        return l;
    }

    /** @return the largest magnitude of the upper 3x3 of the column-major matrix at {@code m[at]} */
    private static double largest3x3(float[] m, int at) {
        double l = 0;
        for (int col = 0; col < 3; col++) {
            for (int row = 0; row < 3; row++) {
                l = Math.max(l, Math.abs((double) m[at + 4 * col + row]));
            }
        }
        return l;
    }

    private static boolean finite(float[] m, int at) {
        for (int i = at; i < at + 16; i++) {
            if (!Float.isFinite(m[i])) {
                return false;
            }
        }
        return true;
    }

    /**
     * Transforms every part's positions, and normals and tangents when posed, in place.
     *
     * @param clip the clip's name, for messages
     * @param frame the frame, for messages
     * @throws ValidationException when a transformed position leaves the float range (naming the part and
     *     the vertex)
     */
    void apply(PosedVertices out, String clip, int frame) {
        for (int p = 0; p < out.partCount(); p++) {
            int r = space.referenceOf(p);
            float[] positions = out.positions(p);
            int bad = positions(inverses, 16 * r, positions, out.vertexCount(p));
            if (bad >= 0) {
                throw new ValidationException(where + ": clip " + Checks.quote(clip) + ", frame " + frame + ": part "
                        + Checks.quote(parts.get(p).name()) + ": vertex " + bad + " is (" + positions[3 * bad] + ", "
                        + positions[3 * bad + 1] + ", " + positions[3 * bad + 2] + ") in the part's space, outside the "
                        + "float range; bake in the character's space instead");
            }
            float[] normals = out.normals(p);
            if (normals != null) {
                directions(normalMatrices, 9 * r, 3, normals, 3, out.vertexCount(p));
            }
            float[] tangents = out.tangents(p);
            if (tangents != null) {
                directions(tangentMatrices, 9 * r, 3, tangents, 4, out.vertexCount(p));
                if (mirrors[r]) {
                    for (int v = 0; v < out.vertexCount(p); v++) {
                        tangents[4 * v + 3] = -tangents[4 * v + 3];
                    }
                }
            }
        }
    }

    /**
     * Pre-multiplies {@code count} column-major matrices by the inverse of the reference every part
     * shares (a bone texture's palette).
     */
    void premultiply(float[] matrices, int count) {
        product.set(inverses, 0);
        for (int b = 0; b < count; b++) {
            local.set(matrices, 16 * b);
            product.mul(local, node).get(matrices, 16 * b);
        }
    }

    /**
     * Writes {@code inverse * p} for {@code n} points in place, the expression {@code skin --space model}
     * evaluates.
     *
     * @return the first vertex that left the float range, or -1
     */
    private static int positions(float[] m, int at, float[] p, int n) {
        float m00 = m[at], m01 = m[at + 1], m02 = m[at + 2];
        float m10 = m[at + 4], m11 = m[at + 5], m12 = m[at + 6];
        float m20 = m[at + 8], m21 = m[at + 9], m22 = m[at + 10];
        float m30 = m[at + 12], m31 = m[at + 13], m32 = m[at + 14];
        float check = 0;
        for (int v = 0; v < n; v++) {
            float x = p[3 * v];
            float y = p[3 * v + 1];
            float z = p[3 * v + 2];
            float nx = m00 * x + m10 * y + m20 * z + m30;
            float ny = m01 * x + m11 * y + m21 * z + m31;
            float nz = m02 * x + m12 * y + m22 * z + m32;
            p[3 * v] = nx;
            p[3 * v + 1] = ny;
            p[3 * v + 2] = nz;
            check += (nx - nx) + (ny - ny) + (nz - nz); // stays 0 unless a value is not finite
        }
        if (check == 0) {
            return -1;
        }
        for (int v = 0; v < n; v++) {
            if (!Float.isFinite(p[3 * v]) || !Float.isFinite(p[3 * v + 1]) || !Float.isFinite(p[3 * v + 2])) {
                return v;
            }
        }
        return -1;
    }

    /**
     * Multiplies {@code n} directions (xyz at stride {@code stride}) by a 3x3 matrix whose column
     * {@code j} starts at {@code m[at + j * column]}, keeping each one's length; a direction mapped to
     * zero becomes zero.
     */
    private static void directions(float[] m, int at, int column, float[] d, int stride, int n) {
        int c1 = at + column;
        int c2 = at + 2 * column;
        for (int v = 0; v < n; v++) {
            int i = stride * v;
            float x = d[i];
            float y = d[i + 1];
            float z = d[i + 2];
            float nx = m[at] * x + m[c1] * y + m[c2] * z;
            float ny = m[at + 1] * x + m[c1 + 1] * y + m[c2 + 1] * z;
            float nz = m[at + 2] * x + m[c1 + 2] * y + m[c2 + 2] * z;
            double before = Math.sqrt((double) x * x + (double) y * y + (double) z * z);
            double after = Math.sqrt((double) nx * nx + (double) ny * ny + (double) nz * nz);
            double s = after == 0 ? 0 : before / after;
            d[i] = (float) (nx * s);
            d[i + 1] = (float) (ny * s);
            d[i + 2] = (float) (nz * s);
        }
    }
}
