package io.github.skinmesh.core.anim;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.Bounds;
import org.jspecify.annotations.Nullable;

/**
 * The output buffers of a {@link CharacterPoser}: per posed part, its positions (xyz), and its
 * normals (xyz) and tangents (xyzw) when the poser's options ask for them, in the character's
 * model space.
 *
 * <p>A mutable, reusable buffer: {@link CharacterPoser#newOutput()} allocates it once and every
 * {@link CharacterPoser#poseInto} overwrites it. Unlike the model types, its accessors return the
 * live arrays so that a frame loop reads them without a copy; a caller must not keep them across
 * frames expecting old values, and must not resize them. Not thread-safe.
 */
public final class PosedVertices {
    private final float[][] positions;
    private final float @Nullable [][] normals;
    private final float @Nullable [][] tangents;

    PosedVertices(int[] vertexCounts, boolean withNormals, boolean withTangents) {
        int parts = vertexCounts.length;
        positions = new float[parts][];
        normals = withNormals ? new float[parts][] : null;
        tangents = withTangents ? new float[parts][] : null;
        for (int p = 0; p < parts; p++) {
            positions[p] = new float[3 * vertexCounts[p]];
            if (normals != null) {
                normals[p] = new float[3 * vertexCounts[p]];
            }
            if (tangents != null) {
                tangents[p] = new float[4 * vertexCounts[p]];
            }
        }
    }

    /** @return the number of parts, in the poser's order */
    public int partCount() {
        return positions.length;
    }

    /**
     * @param part part index in the poser's order
     * @return that part's vertex count
     */
    public int vertexCount(int part) {
        return positions[part].length / 3;
    }

    /** @return the total number of vertices over all parts */
    public long vertexCount() {
        long n = 0;
        for (float[] p : positions) {
            n += p.length / 3;
        }
        return n;
    }

    /** @return whether normals are posed */
    public boolean hasNormals() {
        return normals != null;
    }

    /** @return whether tangents are posed */
    public boolean hasTangents() {
        return tangents != null;
    }

    /**
     * @param part part index in the poser's order
     * @return the live positions of that part, {@code 3*vertexCount(part)} floats
     */
    public float[] positions(int part) {
        return positions[part];
    }

    /**
     * @param part part index in the poser's order
     * @return the live normals of that part ({@code 3*vertexCount(part)} floats), or {@code null}
     *     when normals are not posed
     */
    public float @Nullable [] normals(int part) {
        return normals == null ? null : normals[part];
    }

    /**
     * @param part part index in the poser's order
     * @return the live tangents of that part ({@code 4*vertexCount(part)} floats), or {@code null}
     *     when tangents are not posed
     */
    public float @Nullable [] tangents(int part) {
        return tangents == null ? null : tangents[part];
    }

    /**
     * Copies every part's positions, parts one after the other in the poser's order.
     *
     * @param dst destination, at least {@code offset + 3*vertexCount()} floats
     * @param offset first float written, {@code >= 0}
     * @return {@code dst}
     * @throws ValidationException when {@code offset} is negative or {@code dst} is too short
     */
    public float[] positionsInto(float[] dst, int offset) {
        String where = "PosedVertices.positionsInto";
        if (offset < 0) {
            throw new ValidationException(where + ": offset " + offset + ", expected >= 0");
        }
        Checks.requireAtLeast(where, "dst", dst.length, offset + 3 * vertexCount(), "offset + 3*vertexCount");
        int o = offset;
        for (float[] p : positions) {
            System.arraycopy(p, 0, dst, o, p.length);
            o += p.length;
        }
        return dst;
    }

    /**
     * @param part part index in the poser's order
     * @return the box of that part's positions ({@link Bounds#EMPTY} for a part without vertices)
     */
    public Bounds bounds(int part) {
        return Bounds.of(positions[part], 0, positions[part].length / 3);
    }

    /** @return the box of every part's positions */
    public Bounds bounds() {
        Bounds b = Bounds.EMPTY;
        for (int p = 0; p < positions.length; p++) {
            b = b.union(bounds(p));
        }
        return b;
    }
}
