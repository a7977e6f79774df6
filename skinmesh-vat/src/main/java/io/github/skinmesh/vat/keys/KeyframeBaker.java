package io.github.skinmesh.vat.keys;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PoserOptions;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.mesh.ConcatOptions;
import io.github.skinmesh.core.mesh.ConcatResult;
import io.github.skinmesh.core.mesh.Meshes;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.model.VertexAttribute;
import io.github.skinmesh.vat.VatClip;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The bake behind {@link Keyframes#bake}: checks the input, samples the clip, plans the segments,
 * searches each one's key times ({@link KeySearch}) and builds the meshes and the table.
 */
final class KeyframeBaker {
    private static final String WHERE = "Keyframes.bake";

    private KeyframeBaker() {
    }

    static KeyframeResult bake(Skeleton skeleton, List<Part> parts, AnimationClip clip, KeyframeOptions o,
            Progress progress) {
        Objects.requireNonNull(skeleton, "skeleton");
        Objects.requireNonNull(clip, "clip");
        Objects.requireNonNull(o, "options");
        Objects.requireNonNull(progress, "progress");
        List<Part> partList = List.copyOf(parts);
        String clipName = Checks.quote(clip.name());
        if (partList.isEmpty()) {
            throw new ValidationException(WHERE + ": no parts, expected at least one");
        }
        if (clip.channels().isEmpty() && clip.morphChannels().isEmpty()) {
            throw new ValidationException(WHERE + ": clip " + clipName
                    + " is empty (no channels), expected at least one animated channel");
        }
        float duration = clip.duration();
        if (!(duration > 0)) {
            throw new ValidationException(WHERE + ": clip " + clipName + " has duration " + duration
                    + " s, expected > 0 (a still pose has nothing to interpolate)");
        }
        boolean withNormals = normals(partList, o.streams());
        long vertices = 0;
        for (Part p : partList) {
            vertices += p.mesh().vertexCount();
        }
        if (vertices == 0) {
            throw new ValidationException(WHERE + ": the parts have no vertices, expected at least one");
        }
        long frames = VatClip.frameCount(duration, o.fps());
        String rate = "clip " + clipName + " of " + duration + " s at " + o.fps() + " fps";
        if (frames > Keyframes.MAX_FRAMES) {
            throw new ValidationException(WHERE + ": " + rate + " has " + frames + " frames, more than "
                    + Keyframes.MAX_FRAMES + "; lower the rate");
        }
        long intervals = frames - 1;
        int min = Keyframes.MIN_SEGMENT_INTERVALS;
        if (intervals < min) {
            throw new ValidationException(WHERE + ": " + rate + " has " + frames + " frames (" + intervals
                    + " intervals), too short: a segment spans at least " + min + " frame intervals; raise the"
                    + " rate to at least " + minimumRate(duration, min) + " fps");
        }
        if (!o.autoSegments() && (long) min * o.segments() > intervals) {
            throw new ValidationException(WHERE + ": " + rate + " has " + frames + " frames (" + intervals
                    + " intervals), too short for " + o.segments() + " segments of at least " + min
                    + " intervals each; use at most " + intervals / min + " segments or raise the rate to at least "
                    + minimumRate(duration, (long) min * o.segments()) + " fps");
        }
        // vertices <= parts * Integer.MAX_VALUE and frames <= MAX_FRAMES: the product fits a long
        long floats = 3 * vertices * frames;
        if (floats > Checks.MAX_ARRAY_LENGTH) {
            throw new ValidationException(WHERE + ": " + rate + ": " + vertices + " vertices x " + frames
                    + " frames x 3 = " + floats + " floats of kept " + (withNormals ? "positions (and as many of normals)"
                    : "positions") + ", more than one array holds (" + Checks.MAX_ARRAY_LENGTH + "); lower the rate");
        }
        int v = (int) vertices;
        int n = (int) frames;
        PoserOptions poserOptions = PoserOptions.BAKE.withStreams(
                withNormals ? PoserOptions.Streams.POSITIONS_NORMALS : PoserOptions.Streams.POSITIONS);
        CharacterPoser poser = CharacterPoser.bind(skeleton, partList, clip, poserOptions);
        Set<String> warnings = new LinkedHashSet<>(poser.warnings());
        ClipPoses poses = ClipPoses.sample(poser, v, n, o.fps(), withNormals, WHERE, progress);
        KeySearch search = new KeySearch(poses, o.fps(), WHERE, progress);

        Bounds box = Bounds.of(poses.positions, 0, v * n);
        double absoluteTolerance = Double.NaN;
        List<KeySearch.SegmentFit> fits;
        if (o.autoSegments()) {
            double diagonal = box.diagonal();
            double largest = Math.max(Math.max(Math.abs(box.minX()), Math.abs(box.maxX())),
                    Math.max(Math.max(Math.abs(box.minY()), Math.abs(box.maxY())),
                            Math.max(Math.abs(box.minZ()), Math.abs(box.maxZ()))));
            absoluteTolerance = Math.max(o.tolerance() * diagonal, 16 * (double) Math.ulp((float) largest));
            fits = greedy(search, n, absoluteTolerance, clip.name(), progress);
        } else {
            fits = equal(search, n, o.segments(), clip.name(), progress);
        }

        // measure each segment frame by frame; frame f is played by the last segment starting at or before it
        List<KeySegment> table = new ArrayList<>();
        double[] frameMax = new double[n];
        double[] frameSum = new double[n];
        double normalMax = withNormals ? 0 : Double.NaN;
        for (int s = 0; s < fits.size(); s++) {
            KeySearch.SegmentFit fit = fits.get(s);
            int a = fit.first();
            int b = fit.last();
            double[] max = new double[b - a + 1];
            double[] sum = new double[b - a + 1];
            double angle = search.measure(fit.best(), a, b, max, sum);
            double segMax = 0;
            double segSum = 0;
            for (int i = 0; i < max.length; i++) {
                segMax = Math.max(segMax, max[i]);
                segSum += sum[i];
                boolean played = a + i < b || b == n - 1;
                if (played) {
                    frameMax[a + i] = max[i];
                    frameSum[a + i] = sum[i];
                }
            }
            if (!(segMax < Double.POSITIVE_INFINITY)) {
                throw new ValidationException(WHERE + ": " + rate + ": segment " + s + " (" + fit.best().time(0)
                        + " s to " + fit.best().time(3) + " s) interpolates to positions outside the float range;"
                        + " the key times are too close or the positions too large");
            }
            double count = (double) v * max.length;
            float[] keyTimes = new float[Keyframes.KEYS];
            for (int k = 0; k < Keyframes.KEYS; k++) {
                keyTimes[k] = fit.best().time(k);
            }
            double degrees = withNormals ? Math.toDegrees(angle) : Double.NaN;
            normalMax = Math.max(normalMax, degrees);
            table.add(new KeySegment(s, a, b, keyTimes, Math.sqrt(segMax), Math.sqrt(segSum / count),
                    Math.sqrt(fit.thirds().maxSquare), Math.sqrt(fit.thirds().sumSquares / count), degrees));
        }
        if (o.autoSegments()) {
            for (KeySegment seg : table) {
                if (seg.maxError() > absoluteTolerance) {
                    warnings.add("segment " + seg.index() + " (frames " + seg.firstFrame() + ".." + seg.lastFrame()
                            + ") has an error of " + (float) seg.maxError() + ", more than the tolerance "
                            + (float) absoluteTolerance + ": a segment spans at least " + Keyframes.MIN_SEGMENT_INTERVALS
                            + " frame intervals, a higher rate allows shorter ones");
                }
            }
        }
        double overallMax = 0;
        double overallSum = 0;
        for (int f = 0; f < n; f++) {
            overallMax = Math.max(overallMax, frameMax[f]);
            overallSum += frameSum[f];
        }
        List<Mesh> meshes = meshes(partList, poser, fits, clip.name(), withNormals, warnings);
        return new KeyframeResult(clip.name(), duration, o.fps(), n, v, withNormals, o.autoSegments(), o.tolerance(),
                absoluteTolerance, table, meshes, Math.sqrt(overallMax), Math.sqrt(overallSum / ((double) v * n)),
                normalMax, new ArrayList<>(warnings));
    }

    /** The rate, rounded up to a thousandth, at which a clip of that duration spans the intervals. */
    private static String minimumRate(float duration, long intervals) {
        return String.format(Locale.ROOT, "%.3f", Math.ceil(intervals / (double) duration * 1000) / 1000);
    }

    /** Whether the keys carry normals, checking that every part has them when they are asked for. */
    private static boolean normals(List<Part> parts, KeyStreams streams) {
        boolean all = true;
        for (Part p : parts) {
            if (!p.mesh().hasNormals()) {
                if (streams == KeyStreams.POSITIONS_NORMALS) {
                    throw new ValidationException(WHERE + ": part " + Checks.quote(p.name()) + "'s mesh "
                            + Checks.quote(p.mesh().name()) + " has no normals, expected normals (streams "
                            + KeyStreams.POSITIONS_NORMALS + "; " + KeyStreams.AUTO + " leaves them out)");
                }
                all = false;
            }
        }
        return streams != KeyStreams.POSITIONS && all;
    }

    /** {@code count} segments of equal frame counts: segment {@code s} ends at frame {@code round(s * (n-1) / count)}. */
    private static List<KeySearch.SegmentFit> equal(KeySearch search, int n, int count, String clip,
            Progress progress) {
        List<KeySearch.SegmentFit> fits = new ArrayList<>();
        long intervals = n - 1;
        int a = 0;
        for (int s = 1; s <= count; s++) {
            int b = (int) ((2 * s * intervals + count) / (2L * count));
            fits.add(search.optimize(a, b));
            progress.update("keys " + clip, s, count);
            a = b;
        }
        return fits;
    }

    /**
     * Segments as long as the tolerance allows, from the clip's start. With {@code m} the shortest
     * segment and {@code R} the intervals left: while {@code R >= 3m}, the next segment ends at one
     * of the frames {@code a+m .. last-2m} (so that what is left can still be split in two) or at
     * the last frame; lengths double until one fails the tolerance, then bisection between the
     * longest that passed and the shortest that failed (a probe's search stops once it reaches the
     * tolerance; the segment taken is then searched in full); when even the shortest fails, it is
     * taken.
     * The rest, {@code R < 3m}, is one segment when that is within the tolerance, else the split in
     * two (each at least {@code m}) with the smaller largest error, ties by the smaller sum.
     */
    private static List<KeySearch.SegmentFit> greedy(KeySearch search, int n, double tolerance, String clip,
            Progress progress) {
        List<KeySearch.SegmentFit> fits = new ArrayList<>();
        double bound = tolerance * tolerance;
        int min = Keyframes.MIN_SEGMENT_INTERVALS;
        int last = n - 1;
        int a = 0;
        while (last - a >= 3 * min) {
            int from = a;
            // candidate c (0..count-1) ends at frame from + min + c, the last candidate at the clip's end
            int count = last - 2 * min - (from + min) + 2;
            Map<Integer, KeySearch.SegmentFit> tried = new HashMap<>();
            // a probe stops searching as soon as it reaches the tolerance
            java.util.function.IntFunction<KeySearch.SegmentFit> fit = c -> tried.computeIfAbsent(c,
                    k -> search.optimize(from, k == count - 1 ? last : from + min + k, bound));
            int good = 0;
            if (fit.apply(0).best().maxSquare <= bound) {
                int bad = count;
                int step = 1;
                while (good < count - 1) {
                    int c = Math.min(count - 1, good + step);
                    if (fit.apply(c).best().maxSquare <= bound) {
                        good = c;
                        step *= 2;
                    } else {
                        bad = c;
                        break;
                    }
                }
                while (bad - good > 1) {
                    int c = (good + bad) >>> 1;
                    if (fit.apply(c).best().maxSquare <= bound) {
                        good = c;
                    } else {
                        bad = c;
                    }
                }
            }
            KeySearch.SegmentFit chosen = fit.apply(good);
            if (!chosen.complete()) {
                chosen = search.optimize(from, chosen.last());
            }
            fits.add(chosen);
            a = chosen.last();
            progress.update("keys " + clip, a, last);
        }
        if (a < last) {
            KeySearch.SegmentFit whole = search.optimize(a, last);
            if (whole.best().maxSquare <= bound || last - a < 2 * min) {
                fits.add(whole);
            } else {
                KeySearch.SegmentFit[] pair = null;
                for (int b = a + min; b <= last - min; b++) {
                    KeySearch.SegmentFit[] split = {search.optimize(a, b), search.optimize(b, last)};
                    if (pair == null || betterSplit(split, pair)) {
                        pair = split;
                    }
                }
                assert pair != null;
                fits.add(pair[0]);
                fits.add(pair[1]);
            }
            progress.update("keys " + clip, last, last);
        }
        return fits;
    }

    /** Whether a split in two has a smaller largest error than another, or an equal one with a smaller sum. */
    private static boolean betterSplit(KeySearch.SegmentFit[] split, KeySearch.SegmentFit[] than) {
        double max = Math.max(split[0].best().maxSquare, split[1].best().maxSquare);
        double thanMax = Math.max(than[0].best().maxSquare, than[1].best().maxSquare);
        return max < thanMax || (max == thanMax && split[0].best().sumSquares + split[1].best().sumSquares
                < than[0].best().sumSquares + than[1].best().sumSquares);
    }

    /** One mesh per segment: the parts' posed meshes concatenated, key 0 as positions and normals, the keys as attributes. */
    private static List<Mesh> meshes(List<Part> parts, CharacterPoser poser, List<KeySearch.SegmentFit> fits,
            String clip, boolean withNormals, Set<String> warnings) {
        List<Mesh> stripped = new ArrayList<>();
        for (int p = 0; p < parts.size(); p++) {
            stripped.add(strip(parts.get(p), poser.posedMesh(p), withNormals, warnings));
        }
        Mesh base;
        if (stripped.size() == 1) {
            base = stripped.get(0);
        } else {
            ConcatResult joined = Meshes.concat(stripped, ConcatOptions.DEFAULTS.withName(clip));
            warnings.addAll(joined.warnings());
            base = joined.mesh();
        }
        ModelAccess.Bridge raw = ModelAccess.get();
        List<Mesh> meshes = new ArrayList<>();
        for (int s = 0; s < fits.size(); s++) {
            KeySearch.Fit best = fits.get(s).best();
            Mesh.Builder b = raw.adoptingMeshBuilder(clip + ".segment" + s);
            float[][] keyPositions = new float[Keyframes.KEYS][];
            float[][] keyNormals = new float[Keyframes.KEYS][];
            for (int k = 0; k < Keyframes.KEYS; k++) {
                ClipPoses.Key key = best.keys[k];
                int length = 3 * base.vertexCount();
                keyPositions[k] = java.util.Arrays.copyOfRange(key.positions(), key.offset(), key.offset() + length);
                if (withNormals) {
                    keyNormals[k] = java.util.Arrays.copyOfRange(key.normals(), key.offset(), key.offset() + length);
                }
            }
            b.positions(keyPositions[0]).normals(withNormals ? keyNormals[0] : null).colors(raw.colors(base))
                    .indices(raw.indices(base));
            for (int c = 0; c < base.uvChannelCount(); c++) {
                b.addUvs(raw.uvs(base, c));
            }
            for (VertexAttribute a : base.attributes()) {
                b.addAttribute(a);
            }
            for (int k = 0; k < Keyframes.KEYS; k++) {
                b.addAttribute(raw.adoptAttribute(Keyframes.positionAttribute(k), 3, keyPositions[k]));
            }
            if (withNormals) {
                for (int k = 0; k < Keyframes.KEYS; k++) {
                    b.addAttribute(raw.adoptAttribute(Keyframes.normalAttribute(k), 3, keyNormals[k]));
                }
            }
            for (Material m : base.materials()) {
                b.addMaterial(m);
            }
            for (Submesh sm : base.submeshes()) {
                b.addSubmesh(sm);
            }
            meshes.add(b.build());
        }
        return meshes;
    }

    /** A posed part's mesh without what the keys replace: skin, morph targets, tangents, draws, and normals unless keyed. */
    private static Mesh strip(Part part, Mesh mesh, boolean withNormals, Set<String> warnings) {
        Mesh.Builder b = mesh.toBuilder().skin(null).clearMorphTargets().tangents(null).clearAttributes()
                .clearSubmeshes();
        if (!withNormals) {
            b.normals(null);
        }
        if (mesh.hasTangents()) {
            warnings.add("part " + Checks.quote(part.name()) + ": tangents left out (the keys carry positions"
                    + (withNormals ? " and normals" : "") + " only)");
        }
        if (!withNormals && mesh.hasNormals()) {
            warnings.add("part " + Checks.quote(part.name()) + ": normals left out (the keys carry positions only)");
        }
        for (VertexAttribute a : mesh.attributes()) {
            if (a.name().startsWith(Keyframes.POSITION_PREFIX) || a.name().startsWith(Keyframes.NORMAL_PREFIX)) {
                warnings.add("part " + Checks.quote(part.name()) + ": its attribute " + Checks.quote(a.name())
                        + " was replaced by the keys");
            } else {
                b.addAttribute(a);
            }
        }
        for (Submesh s : mesh.submeshes()) {
            b.addSubmesh(s.firstIndex(), s.indexCount(), s.materialIndex());
        }
        return b.build();
    }
}
