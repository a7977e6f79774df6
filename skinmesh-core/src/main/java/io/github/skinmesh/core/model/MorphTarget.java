package io.github.skinmesh.core.model;

import io.github.skinmesh.core.internal.Checks;
import java.util.Arrays;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A named blend shape: per-vertex deltas of positions, normals and tangents (each optional,
 * {@code 3*vertexCount} floats; tangent deltas are xyz only, as in glTF). The morphed attribute is
 * {@code base + sum_t weight_t * delta_t}.
 *
 * <p>Immutable and thread-safe; the factory copies its arrays once.
 */
public final class MorphTarget {
    private final String name;
    private final float @Nullable [] positions;
    private final float @Nullable [] normals;
    private final float @Nullable [] tangents;

    private MorphTarget(String name, float @Nullable [] positions, float @Nullable [] normals,
            float @Nullable [] tangents) {
        this(name, positions, normals, tangents, false);
    }

    /** With {@code trusted}, the finite check of the deltas runs only as an {@code assert}. */
    private MorphTarget(String name, float @Nullable [] positions, float @Nullable [] normals,
            float @Nullable [] tangents, boolean trusted) {
        this.name = Objects.requireNonNull(name, "name");
        String where = "morph target " + Checks.quote(name);
        int len = positions != null ? positions.length : normals != null ? normals.length
                : tangents != null ? tangents.length : 0;
        if (len % 3 != 0) {
            throw new io.github.skinmesh.core.ValidationException(where + ": delta length " + len
                    + " is not a multiple of 3");
        }
        check(where, "position deltas", positions, len, trusted);
        check(where, "normal deltas", normals, len, trusted);
        check(where, "tangent deltas", tangents, len, trusted);
        this.positions = positions;
        this.normals = normals;
        this.tangents = tangents;
    }

    private static void check(String where, String what, float @Nullable [] a, int len, boolean trusted) {
        if (a != null) {
            Checks.requireLength(where, what, a.length, len, "3*vertexCount");
            if (trusted) {
                assert requireFinite(where, what, a);
            } else {
                requireFinite(where, what, a);
            }
        }
    }

    private static boolean requireFinite(String where, String what, float[] a) {
        Checks.requireFinite(where, what, a, 3, "vertex");
        return true;
    }

    /**
     * Creates a morph target, copying the arrays. At least one array should be non-null; all
     * non-null arrays have the same length {@code 3*vertexCount}.
     *
     * @param name the target's name (may be empty)
     * @param positionDeltas position deltas or {@code null}
     * @param normalDeltas normal deltas or {@code null}
     * @param tangentDeltas tangent xyz deltas or {@code null}
     * @return the target
     * @throws io.github.skinmesh.core.ValidationException when a length is not a multiple of 3, the
     *     non-null arrays differ in length or a delta is not finite
     */
    public static MorphTarget of(String name, float @Nullable [] positionDeltas, float @Nullable [] normalDeltas,
            float @Nullable [] tangentDeltas) {
        return new MorphTarget(name, positionDeltas == null ? null : positionDeltas.clone(),
                normalDeltas == null ? null : normalDeltas.clone(), tangentDeltas == null ? null : tangentDeltas.clone());
    }

    static MorphTarget adopt(String name, float @Nullable [] positionDeltas, float @Nullable [] normalDeltas,
            float @Nullable [] tangentDeltas) {
        return new MorphTarget(name, positionDeltas, normalDeltas, tangentDeltas);
    }

    /**
     * Adopts deltas that an algorithm built from validated ones (the trusted path): lengths are
     * checked, finiteness only as an {@code assert}. The public factory always validates.
     */
    static MorphTarget trusted(String name, float @Nullable [] positionDeltas, float @Nullable [] normalDeltas,
            float @Nullable [] tangentDeltas) {
        return new MorphTarget(name, positionDeltas, normalDeltas, tangentDeltas, true);
    }

    /** @return the name */
    public String name() {
        return name;
    }

    /** @return the number of vertices the deltas cover (0 when the target has no delta stream) */
    public int vertexCount() {
        float[] a = positions != null ? positions : normals != null ? normals : tangents;
        return a == null ? 0 : a.length / 3;
    }

    /** @return whether position deltas are present */
    public boolean hasPositions() {
        return positions != null;
    }

    /** @return whether normal deltas are present */
    public boolean hasNormals() {
        return normals != null;
    }

    /** @return whether tangent deltas are present */
    public boolean hasTangents() {
        return tangents != null;
    }

    /** @return a copy of the position deltas, or {@code null} */
    public float @Nullable [] positions() {
        return positions == null ? null : positions.clone();
    }

    /** @return a copy of the normal deltas, or {@code null} */
    public float @Nullable [] normals() {
        return normals == null ? null : normals.clone();
    }

    /** @return a copy of the tangent deltas, or {@code null} */
    public float @Nullable [] tangents() {
        return tangents == null ? null : tangents.clone();
    }

    float @Nullable [] rawPositions() {
        return positions;
    }

    float @Nullable [] rawNormals() {
        return normals;
    }

    float @Nullable [] rawTangents() {
        return tangents;
    }

    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof MorphTarget && ((MorphTarget) o).name.equals(name)
                && Arrays.equals(((MorphTarget) o).positions, positions) && Arrays.equals(((MorphTarget) o).normals, normals)
                && Arrays.equals(((MorphTarget) o).tangents, tangents));
    }

    @Override
    public int hashCode() {
        return 31 * name.hashCode() + Arrays.hashCode(positions);
    }

    @Override
    public String toString() {
        return "MorphTarget[" + Checks.quote(name) + ", " + vertexCount() + " vertices]";
    }
}
