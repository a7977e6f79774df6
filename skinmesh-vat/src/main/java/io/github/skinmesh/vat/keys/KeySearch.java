package io.github.skinmesh.vat.keys;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.internal.Angles;
import org.jspecify.annotations.Nullable;

/**
 * Chooses the 4 key times of a segment: the two ends are the segment's first and last frames (so
 * neighbouring segments share their boundary pose exactly), the two inner times minimize the
 * largest position error over the segment's frames, ties broken by the sum of squared errors.
 *
 * <p>The search, deterministic:
 * <ol>
 *   <li>the inner keys at the thirds, {@code start + (end - start) * k / 3} for {@code k = 1, 2}
 *       (posed at those times), are the first incumbent;</li>
 *   <li>every pair of inner frames {@code a < i < j < b} is tried; a segment with more than
 *       {@value #GRID} inner frames first on every {@code s}-th frame, {@code s} the smallest
 *       stride that leaves at most {@value #GRID}, then on every frame around the best pair (within
 *       {@code s - 1} frames of each key);</li>
 *   <li>then a pattern search from the best: each inner time moved by {@code -h}, {@code +h}
 *       (first key 1, then key 2; the keys stay strictly ordered), the first move that improves is
 *       taken and the moves are tried again, at most {@value #MAX_MOVES} times per step size, for
 *       {@code h = 1/(2 fps)} halved {@value #REFINE_LEVELS} times in all.</li>
 * </ol>
 * A candidate replaces the incumbent only when its largest error is smaller, or equal with a
 * smaller sum, so the result is never worse than the thirds.
 *
 * <p>Kernel note: evaluating a candidate is a pass over the segment's frames and vertices; a
 * candidate stops as soon as one vertex exceeds the incumbent's largest error, and the incumbent's
 * worst vertex of every frame is checked first, which rejects most grid pairs after one vertex per
 * frame. Not thread-safe (it poses through the {@link ClipPoses}' poser).
 */
final class KeySearch {
    /** Step sizes of the pattern search: {@code 1/(2 fps)} and its halvings. */
    static final int REFINE_LEVELS = 4;
    /** Improving moves taken per step size at most. */
    static final int MAX_MOVES = 8;
    /**
     * Inner frames the grid of pairs takes at most per key: a longer segment is searched on every
     * {@code s}-th frame ({@code s = ceil(innerFrames / GRID)}), then on every frame within
     * {@code s - 1} frames of the best pair.
     */
    static final int GRID = 24;

    private final ClipPoses poses;
    private final float fps;
    private final String where;
    private final Progress progress;
    private final ClipPoses.Key[] frameKeys;
    private final float[] keyTimes = new float[4];
    private final float[] w = new float[4];

    /** How candidate keys fit a segment's frames. */
    static final class Fit {
        final ClipPoses.Key[] keys;
        /** Largest squared distance between a decoded and an exact position. */
        final double maxSquare;
        final double sumSquares;
        /** Per frame {@code a..b} of the segment, the vertex with the largest error. */
        final int[] worstVertices;

        Fit(ClipPoses.Key[] keys, double maxSquare, double sumSquares, int[] worstVertices) {
            this.keys = keys;
            this.maxSquare = maxSquare;
            this.sumSquares = sumSquares;
            this.worstVertices = worstVertices;
        }

        boolean betterThan(Fit other) {
            return maxSquare < other.maxSquare || (maxSquare == other.maxSquare && sumSquares < other.sumSquares);
        }

        float time(int key) {
            return keys[key].time();
        }
    }

    /**
     * What the search found for the frames {@code first..last}.
     *
     * @param best the chosen keys
     * @param thirds the keys at the thirds
     * @param complete whether the search ran to its end (not stopped early by a probe)
     */
    record SegmentFit(int first, int last, Fit best, Fit thirds, boolean complete) {
    }

    KeySearch(ClipPoses poses, float fps, String where, Progress progress) {
        this.poses = poses;
        this.fps = fps;
        this.where = where;
        this.progress = progress;
        this.frameKeys = new ClipPoses.Key[poses.frameCount];
        for (int f = 0; f < frameKeys.length; f++) {
            frameKeys[f] = poses.frame(f);
        }
    }

    /** @return the thirds time {@code start + (end - start) * k / 3} in float arithmetic */
    static float third(float start, float end, int k) {
        return start + (end - start) * k / 3;
    }

    /** Searches the key times of the segment over frames {@code a..b} ({@code b - a >= 3}) in full. */
    SegmentFit optimize(int a, int b) {
        return optimize(a, b, -1);
    }

    /**
     * Searches the key times of the segment over frames {@code a..b} ({@code b - a >= 3}).
     *
     * @param enough stop as soon as the best's largest squared error is at most this (a probe that
     *     only asks whether the segment can reach it; the result is then not {@code complete}), or
     *     a negative number to search in full
     */
    SegmentFit optimize(int a, int b, double enough) {
        assert b - a >= 3;
        ClipPoses.Key first = frameKeys[a];
        ClipPoses.Key last = frameKeys[b];
        float ta = first.time();
        float tb = last.time();
        ClipPoses.Key[] thirdsKeys = {first, poses.at(third(ta, tb, 1)), poses.at(third(ta, tb, 2)), last};
        Fit thirds = evaluate(thirdsKeys, a, b, null);
        assert thirds != null;
        Fit best = thirds;
        if (best.maxSquare <= enough) {
            return new SegmentFit(a, b, best, thirds, false);
        }
        int stride = Math.max(1, (b - a - 1 + GRID - 1) / GRID);
        best = pairs(a, b, a + stride, b - 1, a + stride, b - 1, stride, best, enough);
        if (stride > 1 && best.maxSquare > enough) {
            int i = frameOf(best.time(1), a, b);
            int j = frameOf(best.time(2), a, b);
            best = pairs(a, b, i - stride + 1, i + stride - 1, j - stride + 1, j + stride - 1, 1, best, enough);
        }
        float h = (float) (0.5 / fps);
        for (int level = 0; level < REFINE_LEVELS && best.maxSquare > enough; level++, h *= 0.5f) {
            for (int move = 0; move < MAX_MOVES && best.maxSquare > enough; move++) {
                progress.checkCancelled(where);
                Fit moved = move(best, a, b, h);
                if (moved == null) {
                    break;
                }
                best = moved;
            }
        }
        return new SegmentFit(a, b, best, thirds, best.maxSquare > enough);
    }

    /**
     * Tries inner keys at frames {@code i} in {@code [iFrom, iTo]} and {@code j > i} in
     * {@code [jFrom, jTo]}, both within {@code (a, b)}, each range walked by {@code step} from its
     * start; stops early once the best reaches {@code enough}.
     *
     * @return the best of {@code best} and the pairs tried
     */
    private Fit pairs(int a, int b, int iFrom, int iTo, int jFrom, int jTo, int step, Fit best, double enough) {
        ClipPoses.Key[] keys = {frameKeys[a], null, null, frameKeys[b]};
        for (int i = Math.max(a + 1, iFrom); i <= Math.min(b - 2, iTo); i += step) {
            progress.checkCancelled(where);
            keys[1] = frameKeys[i];
            for (int j = Math.max(i + step, jFrom); j <= Math.min(b - 1, jTo); j += step) {
                keys[2] = frameKeys[j];
                Fit f = evaluate(keys, a, b, best);
                if (f != null && f.betterThan(best)) {
                    best = f;
                    if (best.maxSquare <= enough) {
                        return best;
                    }
                }
            }
        }
        return best;
    }

    /** @return the frame of {@code a+1 .. b-1} nearest to a time */
    private int frameOf(float time, int a, int b) {
        long f = Math.round(time * (double) fps);
        return (int) Math.max(a + 1, Math.min(b - 1, f));
    }

    /** @return the first of the four moves by {@code h} that improves on {@code best}, or null */
    private @Nullable Fit move(Fit best, int a, int b, float h) {
        for (int key = 1; key <= 2; key++) {
            for (int sign = -1; sign <= 1; sign += 2) {
                float t = best.time(key) + sign * h;
                if (!(t > best.time(key - 1) && t < best.time(key + 1))) {
                    continue;
                }
                ClipPoses.Key[] trial = best.keys.clone();
                trial[key] = poses.at(t);
                Fit f = evaluate(trial, a, b, best);
                if (f != null && f.betterThan(best)) {
                    return f;
                }
            }
        }
        return null;
    }

    /**
     * Measures keys over frames {@code a..b}; a non-finite decoded position counts as an infinite
     * error. Against an incumbent, first the incumbent's worst vertex of every frame is checked,
     * then every vertex, and the candidate is dropped as soon as a squared error exceeds the
     * incumbent's largest.
     *
     * @param incumbent the fit to beat, or null to measure the keys in full
     * @return the fit (with a copy of {@code keys}), or null when it exceeded the incumbent's largest error
     */
    @Nullable Fit evaluate(ClipPoses.Key[] keys, int a, int b, @Nullable Fit incumbent) {
        for (int k = 0; k < 4; k++) {
            keyTimes[k] = keys[k].time();
        }
        double bound = incumbent == null ? Double.POSITIVE_INFINITY : incumbent.maxSquare;
        if (incumbent != null) {
            for (int f = a; f <= b; f++) {
                KeyBlend.weights(keyTimes, 0, poses.times[f], w, 0);
                if (square(keys, f, incumbent.worstVertices[f - a]) > bound) {
                    return null;
                }
            }
        }
        double sum = 0;
        double max = 0;
        int[] worst = new int[b - a + 1];
        int v = poses.vertexCount;
        float[] p0 = keys[0].positions();
        float[] p1 = keys[1].positions();
        float[] p2 = keys[2].positions();
        float[] p3 = keys[3].positions();
        int o0 = keys[0].offset();
        int o1 = keys[1].offset();
        int o2 = keys[2].offset();
        int o3 = keys[3].offset();
        float[] exact = poses.positions;
        for (int f = a; f <= b; f++) {
            KeyBlend.weights(keyTimes, 0, poses.times[f], w, 0);
            float w0 = w[0];
            float w1 = w[1];
            float w2 = w[2];
            float w3 = w[3];
            int e = 3 * v * f;
            double frameMax = -1;
            int frameWorst = 0;
            for (int i = 0, k = 0; i < v; i++, k += 3) {
                float x = KeyBlend.blend(w0, w1, w2, w3, p0[o0 + k], p1[o1 + k], p2[o2 + k], p3[o3 + k]);
                float y = KeyBlend.blend(w0, w1, w2, w3, p0[o0 + k + 1], p1[o1 + k + 1], p2[o2 + k + 1],
                        p3[o3 + k + 1]);
                float z = KeyBlend.blend(w0, w1, w2, w3, p0[o0 + k + 2], p1[o1 + k + 2], p2[o2 + k + 2],
                        p3[o3 + k + 2]);
                double dx = x - (double) exact[e + k];
                double dy = y - (double) exact[e + k + 1];
                double dz = z - (double) exact[e + k + 2];
                double sq = dx * dx + dy * dy + dz * dz;
                if (!(sq <= frameMax)) {
                    if (Double.isNaN(sq)) {
                        sq = Double.POSITIVE_INFINITY;
                    }
                    if (sq > bound) {
                        return null;
                    }
                    frameMax = sq;
                    frameWorst = i;
                }
                sum += sq;
            }
            worst[f - a] = frameWorst;
            max = Math.max(max, frameMax);
        }
        return new Fit(keys.clone(), max, sum, worst);
    }

    /**
     * Measures the chosen keys frame by frame: the largest squared position error and the sum of
     * squared errors of each frame {@code a..b} into {@code frameMax[f - a]} and
     * {@code frameSum[f - a]}, and, with normals, the largest angle between a decoded and an exact
     * normal (exact normals of length 0 are skipped; a decoded normal of length 0 counts as pi).
     *
     * @return the largest normal angle in radians, NaN without normals
     */
    double measure(Fit fit, int a, int b, double[] frameMax, double[] frameSum) {
        ClipPoses.Key[] k = fit.keys;
        for (int i = 0; i < 4; i++) {
            keyTimes[i] = k[i].time();
        }
        int v = poses.vertexCount;
        float[] exactNormals = poses.normals;
        float[] decoded = new float[3];
        double angle = exactNormals == null ? Double.NaN : 0;
        for (int f = a; f <= b; f++) {
            KeyBlend.weights(keyTimes, 0, poses.times[f], w, 0);
            int e = 3 * v * f;
            double max = 0;
            double sum = 0;
            for (int i = 0, j = 0; i < v; i++, j += 3) {
                KeyBlend.vertex(k[0].positions(), k[0].offset() + j, k[1].positions(), k[1].offset() + j,
                        k[2].positions(), k[2].offset() + j, k[3].positions(), k[3].offset() + j, w, false, decoded, 0);
                double dx = decoded[0] - (double) poses.positions[e + j];
                double dy = decoded[1] - (double) poses.positions[e + j + 1];
                double dz = decoded[2] - (double) poses.positions[e + j + 2];
                double sq = dx * dx + dy * dy + dz * dz;
                if (Double.isNaN(sq)) {
                    sq = Double.POSITIVE_INFINITY;
                }
                max = Math.max(max, sq);
                sum += sq;
                if (exactNormals != null) {
                    float nx = exactNormals[e + j];
                    float ny = exactNormals[e + j + 1];
                    float nz = exactNormals[e + j + 2];
                    if (nx != 0 || ny != 0 || nz != 0) {
                        KeyBlend.vertex(k[0].normals(), k[0].offset() + j, k[1].normals(), k[1].offset() + j,
                                k[2].normals(), k[2].offset() + j, k[3].normals(), k[3].offset() + j, w, true,
                                decoded, 0);
                        angle = Math.max(angle, Angles.between(decoded, nx, ny, nz));
                    }
                }
            }
            frameMax[f - a] = max;
            frameSum[f - a] = sum;
        }
        return angle;
    }

    /** The squared error of one vertex at one frame, with the weights of that frame in {@code w}. */
    private double square(ClipPoses.Key[] keys, int frame, int vertex) {
        int k = 3 * vertex;
        int e = 3 * poses.vertexCount * frame + k;
        double s = 0;
        for (int c = 0; c < 3; c++) {
            float p = KeyBlend.blend(w[0], w[1], w[2], w[3], keys[0].positions()[keys[0].offset() + k + c],
                    keys[1].positions()[keys[1].offset() + k + c], keys[2].positions()[keys[2].offset() + k + c],
                    keys[3].positions()[keys[3].offset() + k + c]);
            double d = p - (double) poses.positions[e + c];
            s += d * d;
        }
        return Double.isNaN(s) ? Double.POSITIVE_INFINITY : s;
    }
}
