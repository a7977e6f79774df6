package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.Skeleton;
import java.util.Collection;
import java.util.Map;
import org.joml.Matrix4d;
import org.joml.Matrix4dc;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.jspecify.annotations.Nullable;

/**
 * The scale between two skeletons' rest frames of one bone, for parts whose skeletons agree on the
 * hierarchy but were exported in other units (an armature node scaled by 0.01 above bones whose
 * translations are in centimetres, beside one in metres): {@code D = U^-1 O}, with {@code U} the
 * bone's rest model matrix in the result's skeleton and {@code O} in the part's own, maps the
 * part's bone frame into the result's. When its linear part is a uniform scale {@code s} times a
 * rotation, {@code s} is the ratio of the units there, and a part skinned on the result's skeleton
 * keeps its size when its bind matrices on that bone are multiplied by {@code s}
 * ({@link #scaleRows}: {@code S(s) B}, the bone-space coordinates converted). The rotation and the
 * translation of {@code D} are a different pose of the bone or different proportions, which the
 * part follows as before (a sleeve modelled on a T-pose follows the arm of an A-pose, a hat a
 * taller neck). Anything else (a mirror, a non-uniform or sheared scale) is not corrected.
 *
 * <p>Deterministic: the matrices are made from the float rest transforms in double precision by
 * one formula ({@link #local}) wherever a ratio is taken, and the cube root is
 * {@link StrictMath#cbrt}, so a ratio, and the bind matrices scaled by it, are the same bits on
 * every JDK. {@link RemapOptions.Units#FOLLOW_BONES} turns the conversion off.
 */
final class RestScale {
    /** Ratios within this of 1 are 1: rest transforms in float carry rounding of about 1e-7 per level. */
    static final double TOLERANCE = 1e-4;
    /** Largest relative difference of the frame's column lengths (and their pairwise cosines) from a uniform scale. */
    static final double UNIFORM = 1e-3;

    private RestScale() {
    }

    /**
     * @param skeleton a skeleton (parents come before their children)
     * @return per bone its rest model matrix, in double precision
     */
    static Matrix4d[] models(Skeleton skeleton) {
        ModelAccess.Bridge raw = ModelAccess.get();
        float[] t = raw.restTranslations(skeleton);
        float[] r = raw.restRotations(skeleton);
        float[] sc = raw.restScales(skeleton);
        Matrix4d[] models = new Matrix4d[skeleton.boneCount()];
        for (int b = 0; b < models.length; b++) {
            int parent = skeleton.parent(b);
            models[b] = model(parent == Skeleton.NO_PARENT ? null : models[parent], t, r, sc, b);
        }
        return models;
    }

    /**
     * The rest model matrix of bone {@code b}: {@code parent * T * R * S} from its float rest
     * transform ({@code t[3b..]}, {@code r[4b..]} as x, y, z, w, {@code s[3b..]}), in double.
     */
    static Matrix4d model(@Nullable Matrix4dc parent, float[] t, float[] r, float[] s, int b) {
        Matrix4d local = new Matrix4d().translationRotateScale(new Vector3d(t[3 * b], t[3 * b + 1], t[3 * b + 2]),
                new Quaterniond(r[4 * b], r[4 * b + 1], r[4 * b + 2], r[4 * b + 3]),
                new Vector3d(s[3 * b], s[3 * b + 1], s[3 * b + 2]));
        return parent == null ? local : new Matrix4d(parent).mul(local);
    }

    /**
     * The uniform scale of {@code result^-1 * own}'s linear part.
     *
     * @param result the bone's rest model matrix in the result's skeleton
     * @param own the bone's rest model matrix in the part's skeleton
     * @return {@code s > 0} when the linear part is {@code s} times a rotation (1 when {@code s} is
     *     within {@link #TOLERANCE} of 1), else {@link Double#NaN}
     */
    static double ratio(Matrix4dc result, Matrix4dc own) {
        Matrix4d d = new Matrix4d(result).invertAffine().mul(own);
        double det = d.determinant3x3();
        if (!(det > 0) || !Double.isFinite(det)) {
            return Double.NaN;
        }
        double s = StrictMath.cbrt(det);
        double[] c = {d.m00(), d.m01(), d.m02(), d.m10(), d.m11(), d.m12(), d.m20(), d.m21(), d.m22()};
        for (int i = 0; i < 3; i++) {
            double length = Math.sqrt(c[3 * i] * c[3 * i] + c[3 * i + 1] * c[3 * i + 1] + c[3 * i + 2] * c[3 * i + 2]);
            if (!(Math.abs(length - s) <= UNIFORM * s)) {
                return Double.NaN;
            }
            int j = (i + 1) % 3;
            double dot = c[3 * i] * c[3 * j] + c[3 * i + 1] * c[3 * j + 1] + c[3 * i + 2] * c[3 * j + 2];
            if (!(Math.abs(dot) <= UNIFORM * s * s)) {
                return Double.NaN;
            }
        }
        return Math.abs(s - 1) <= TOLERANCE ? 1 : s;
    }

    /**
     * Whether the two rest frames differ by the scale {@code ratio} alone: {@code result^-1 * own}
     * is {@code S(ratio)} within {@link #UNIFORM} (relative) in its linear part, and the bone's
     * origin is the same point in both within {@link #TOLERANCE} of {@code size}: the same bone of
     * one rig in two units. False for a ratio of 1 (or none).
     *
     * @param size a length of the result's skeleton in its model units (its bones' largest
     *     distance from the origin), the translation's scale
     */
    static boolean explains(Matrix4dc result, Matrix4dc own, double ratio, double size) {
        if (Double.isNaN(ratio) || ratio == 1) {
            return false; // no unit, or the same one: any difference is one (warned about at its own tolerance)
        }
        Matrix4d d = new Matrix4d(result).invertAffine().mul(own);
        double[] linear = {d.m00(), d.m01(), d.m02(), d.m10(), d.m11(), d.m12(), d.m20(), d.m21(), d.m22()};
        for (int i = 0; i < 9; i++) {
            double expected = i % 4 == 0 ? ratio : 0;
            if (!(Math.abs(linear[i] - expected) <= UNIFORM * ratio)) {
                return false;
            }
        }
        double dx = own.m30() - result.m30();
        double dy = own.m31() - result.m31();
        double dz = own.m32() - result.m32();
        return Math.sqrt(dx * dx + dy * dy + dz * dz) <= TOLERANCE * Math.max(size, Double.MIN_NORMAL);
    }

    /** @return the largest distance of a bone's origin from the model's origin */
    static double size(Matrix4d[] models) {
        double size = 0;
        for (Matrix4d m : models) {
            size = Math.max(size, Math.sqrt(m.m30() * m.m30() + m.m31() * m.m31() + m.m32() * m.m32()));
        }
        return size;
    }

    /**
     * The unit notes' list of factors: per factor, {@code "<lead> <factor> on <n> bones ('a', 'b',
     * 'c', ...)"} (the first three bones named), joined by {@code ", "}.
     *
     * @param groups per factor (as printed), its bones in the order they were met
     */
    static String groups(String lead, Map<Float, ? extends Collection<String>> groups) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<Float, ? extends Collection<String>> e : groups.entrySet()) {
            Collection<String> bones = e.getValue();
            sb.append(sb.length() == 0 ? "" : ", ").append(lead).append(' ').append(e.getKey().floatValue())
                    .append(" on ").append(bones.size()).append(bones.size() == 1 ? " bone (" : " bones (");
            int named = 0;
            for (String bone : bones) {
                if (named == 3) {
                    sb.append(", ...");
                    break;
                }
                sb.append(named++ == 0 ? "" : ", ").append(Checks.quote(bone));
            }
            sb.append(')');
        }
        return sb.toString();
    }

    /**
     * Multiplies rows 0..2 of a column-major affine matrix by {@code s} in place ({@code S(s) * m}),
     * each product computed in double and rounded once.
     */
    static void scaleRows(float[] m, int offset, double s) {
        for (int c = 0; c < 4; c++) {
            for (int r = 0; r < 3; r++) {
                m[offset + 4 * c + r] = (float) (m[offset + 4 * c + r] * s);
            }
        }
    }
}
