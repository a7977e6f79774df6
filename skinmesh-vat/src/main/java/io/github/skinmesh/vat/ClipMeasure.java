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
 * <p>Mutable; one per bake, {@link #reset} per clip. Not thread-safe.
 */
final class ClipMeasure {
    private double sumSquares;
    private double maxSquare;
    /** Exact positions' box: min x, y, z, max x, y, z. */
    private final float[] exactBox = new float[6];
    /** Decoded positions' box. */
    private final float[] decodedBox = new float[6];
    /** Per coordinate the first {@code lo} that is zero (NaN before one is seen), then the first {@code hi}. */
    private final float[] zeros = new float[6];

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
    }

    /**
     * Adds {@code count} vertices: decoded positions {@code decoded[0..3*count)} against exact ones
     * {@code exact[from..from+3*count)}.
     */
    void add(float[] decoded, float[] exact, int from, int count) {
        double sum = sumSquares;
        double max = maxSquare;
        float eMinX = exactBox[0];
        float eMinY = exactBox[1];
        float eMinZ = exactBox[2];
        float eMaxX = exactBox[3];
        float eMaxY = exactBox[4];
        float eMaxZ = exactBox[5];
        float dMinX = decodedBox[0];
        float dMinY = decodedBox[1];
        float dMinZ = decodedBox[2];
        float dMaxX = decodedBox[3];
        float dMaxY = decodedBox[4];
        float dMaxZ = decodedBox[5];
        for (int i = 0; i < 3 * count; i += 3) {
            float px = decoded[i];
            float py = decoded[i + 1];
            float pz = decoded[i + 2];
            float ex = exact[from + i];
            float ey = exact[from + i + 1];
            float ez = exact[from + i + 2];
            double dx = (double) px - ex;
            double dy = (double) py - ey;
            double dz = (double) pz - ez;
            double d2 = dx * dx + dy * dy + dz * dz;
            sum += d2;
            max = d2 > max ? d2 : max;
            eMinX = ex < eMinX ? ex : eMinX;
            eMaxX = ex > eMaxX ? ex : eMaxX;
            eMinY = ey < eMinY ? ey : eMinY;
            eMaxY = ey > eMaxY ? ey : eMaxY;
            eMinZ = ez < eMinZ ? ez : eMinZ;
            eMaxZ = ez > eMaxZ ? ez : eMaxZ;
            dMinX = px < dMinX ? px : dMinX;
            dMaxX = px > dMaxX ? px : dMaxX;
            dMinY = py < dMinY ? py : dMinY;
            dMaxY = py > dMaxY ? py : dMaxY;
            dMinZ = pz < dMinZ ? pz : dMinZ;
            dMaxZ = pz > dMaxZ ? pz : dMaxZ;
            if (px == 0 | ex == 0 | py == 0 | ey == 0 | pz == 0 | ez == 0) {
                zeros(px, ex, 0);
                zeros(py, ey, 1);
                zeros(pz, ez, 2);
            }
        }
        sumSquares = sum;
        maxSquare = max;
        exactBox[0] = eMinX;
        exactBox[1] = eMinY;
        exactBox[2] = eMinZ;
        exactBox[3] = eMaxX;
        exactBox[4] = eMaxY;
        exactBox[5] = eMaxZ;
        decodedBox[0] = dMinX;
        decodedBox[1] = dMinY;
        decodedBox[2] = dMinZ;
        decodedBox[3] = dMaxX;
        decodedBox[4] = dMaxY;
        decodedBox[5] = dMaxZ;
    }

    /** Records the first zero {@code lo} and {@code hi} of coordinate {@code c}, as the plain scan forms them. */
    private void zeros(float p, float e, int c) {
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
