package io.github.skinmesh.vat;

import io.github.skinmesh.core.model.Bounds;

/**
 * Measures one clip of a vertex bake, frame after frame: the squared distances between decoded and
 * exact positions (their sum in vertex order and their largest), and the box of both.
 *
 * <p>The box is defined by a plain scan over the vertices in order that, per coordinate, takes
 * {@code lo = decoded < exact ? decoded : exact} (and {@code hi} the other) and keeps
 * {@code min = lo < min ? lo : min} ({@code max} likewise): the first of equal values wins, which
 * matters only for the sign of a zero. Done literally, that comparison of decoded with exact values
 * follows the sign of the rounding error and mispredicts about every other time, so the boxes of the
 * exact and of the decoded positions are kept apart (their comparisons almost never change a
 * minimum or maximum, and predict well) and joined at the end. Where the joined bound is zero, its
 * sign is the one of the first {@code lo} (or {@code hi}) that is zero, which a rarely taken branch
 * records, so the result is the plain scan's bit for bit.
 *
 * <p>{@link PositionCodec#encodeMeasure} adds the vertices, in the loop that encodes them (the
 * state is package-private for it); this class holds the state between calls and joins the boxes.
 *
 * <p>Mutable; one per bake, {@link #reset} per clip. Not thread-safe.
 */
final class ClipMeasure {
    // the state PositionCodec#encodeMeasure updates in its loop
    double sumSquares;
    double maxSquare;
    /** Exact positions' box: min x, y, z, max x, y, z. */
    final float[] exactBox = new float[6];
    /** Decoded positions' box. */
    final float[] decodedBox = new float[6];
    /** Per coordinate the first {@code lo} that is zero (NaN before one is seen), then the first {@code hi}. */
    private final float[] zeros = new float[6];
    /**
     * Per coordinate, over every clip (not reset): bit 0 when an exact coordinate {@code +0} was
     * added, bit 1 when a {@code -0} was, as {@link VertexBaker#growStored} records them.
     */
    final int[] exactZeroSigns = new int[3];
    /**
     * Whether {@link #exactBox} already holds the box of every exact position the clip will add
     * ({@link #presetExactBox}), so that the vector pass need not grow it again.
     */
    boolean exactBoxPreset;

    ClipMeasure() {
        reset();
    }

    /** Starts a clip. */
    void reset() {
        sumSquares = 0;
        maxSquare = 0;
        for (int c = 0; c < 3; c++) {
            exactBox[c] = Float.POSITIVE_INFINITY;
            exactBox[c + 3] = Float.NEGATIVE_INFINITY;
            decodedBox[c] = Float.POSITIVE_INFINITY;
            decodedBox[c + 3] = Float.NEGATIVE_INFINITY;
        }
        java.util.Arrays.fill(zeros, Float.NaN);
        exactBoxPreset = false;
    }

    /**
     * Starts the exact box of a clip with the box of all its exact positions, grown by value
     * before (the sign of a zero bound still comes from the zero records): growing it by those
     * positions again changes no value.
     */
    void presetExactBox(float[] box) {
        System.arraycopy(box, 0, exactBox, 0, 6);
        exactBoxPreset = true;
    }

    /**
     * Records the first zero {@code lo} and {@code hi} of coordinate {@code c}, as the plain scan
     * forms them, and the sign of an exact zero; called for a vertex with a zero among its decoded
     * or exact coordinates.
     */
    void zeros(float p, float e, int c) {
        exactZeroSigns[c] |= VertexBaker.zeroSign(e);
        float lo = p < e ? p : e;
        if (lo == 0 && Float.isNaN(zeros[c])) {
            zeros[c] = lo;
        }
        float hi = p < e ? e : p;
        if (hi == 0 && Float.isNaN(zeros[c + 3])) {
            zeros[c + 3] = hi;
        }
    }

    /** @return the sum of the squared distances, added in vertex order */
    double sumSquares() {
        return sumSquares;
    }

    /** @return the largest squared distance */
    double maxSquare() {
        return maxSquare;
    }

    /** @return the box of every decoded and exact position added since {@link #reset} */
    Bounds bounds() {
        float[] b = new float[6];
        for (int c = 0; c < 3; c++) {
            float min = decodedBox[c] < exactBox[c] ? decodedBox[c] : exactBox[c];
            b[c] = min == 0 ? zeros[c] : min;
            float max = decodedBox[c + 3] > exactBox[c + 3] ? decodedBox[c + 3] : exactBox[c + 3];
            b[c + 3] = max == 0 ? zeros[c + 3] : max;
        }
        return new Bounds(b[0], b[1], b[2], b[3], b[4], b[5]);
    }
}
