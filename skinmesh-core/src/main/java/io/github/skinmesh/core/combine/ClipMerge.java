package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.MorphChannel;
import io.github.skinmesh.core.model.Skeleton;
import it.unimi.dsi.fastutil.floats.FloatArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.joml.Matrix4d;
import org.jspecify.annotations.Nullable;

/**
 * The clips of the result: the clip source's clips with their bone channels of bones outside the
 * output skeleton dropped, and their morph-weight channels, which target the source's parts by
 * name, merged into one channel for the combined part with one weight per united morph target. A
 * channel whose part the source did not supply (the clips come from a skeleton file, the parts
 * from other files) applies to the one combined part of that name with as many morph targets as
 * the channel has weights; with none or several it is dropped and reported.
 *
 * <p>Exactness: a target no channel animates gets its default weight at every key (what the
 * poser used for a part without a channel). Channels with identical key times and interpolation
 * are merged column by column. Otherwise the merged channel keys the union of their times: STEP
 * and LINEAR channels sampled there are exact (each is piecewise constant or linear between any
 * two consecutive union times), CUBICSPLINE channels are split exactly (a new key takes the
 * spline's value and derivative as both tangents), and a LINEAR channel among cubic ones becomes
 * a cubic with its segment slopes as tangents, also exact. A STEP channel among others cannot be
 * one channel with them exactly: it becomes a cubic that holds each value until one float step
 * before the next key (warned about). Before its first key and after its last a channel holds its
 * end value, as sampling clamps each channel.
 *
 * <p>Units: when the clip source's skeleton is in another unit than the result's on some bones
 * ({@link RemapOptions.Units#CONVERT}, see {@link RestScale}), those bones' translation and scale
 * keys are converted, so that the clips move the result's bones as they moved the source's.
 */
final class ClipMerge {
    private ClipMerge() {
    }

    /** A column source: a morph channel and one of its weights. */
    private record Column(MorphChannel channel, int weight, int part) {
    }

    /**
     * With {@link RemapOptions.Units#CONVERT}, per bone of the clip source's skeleton that the
     * result has and whose frames are in another unit there ({@link RestScale#ratio}): the factor
     * of its translation keys, {@code r_p}, the ratio of the frames its translation is an offset
     * in (its parent's in the source and in the result, the model's for a root), and of its scale
     * keys, {@code r_p / r_b} with {@code r_b} the bone's own ratio, so that the clips move the
     * result's bones as they moved the source's (a local {@code L} becomes
     * {@code S(r_p) L S(1 / r_b)}; rotations need nothing). A factor that cannot be known (a
     * mirror, a non-uniform scale) is 1. Empty when nothing is converted.
     */
    private static Map<String, double[]> unitFactors(Character source, Skeleton result, RemapOptions.Units units) {
        Skeleton own = source.skeleton();
        if (units != RemapOptions.Units.CONVERT || own == result || own.equals(result)) {
            return Map.of();
        }
        Matrix4d[] ownModels = RestScale.models(own);
        Matrix4d[] resultModels = RestScale.models(result);
        Matrix4d identity = new Matrix4d();
        Map<String, double[]> factors = new HashMap<>();
        for (int b = 0; b < own.boneCount(); b++) {
            int r = result.indexOf(own.boneName(b));
            if (r < 0) {
                continue;
            }
            int ownParent = own.parent(b);
            int resultParent = result.parent(r);
            double rp = RestScale.ratio(resultParent == Skeleton.NO_PARENT ? identity : resultModels[resultParent],
                    ownParent == Skeleton.NO_PARENT ? identity : ownModels[ownParent]);
            double rb = RestScale.ratio(resultModels[r], ownModels[b]);
            double[] f = {Double.isNaN(rp) ? 1 : rp, Double.isNaN(rp) || Double.isNaN(rb) ? 1 : rp / rb};
            if (Math.abs(f[1] - 1) <= RestScale.TOLERANCE) {
                f[1] = 1;
            }
            if (f[0] != 1 || f[1] != 1) {
                factors.put(own.boneName(b), f);
            }
        }
        return factors;
    }

    /**
     * A bone channel with its translation or scale values (tangents too) times the bone's factor,
     * if it has one; records the bone under the factor ({@code converted.get(0)} translations,
     * {@code get(1)} scales) for the warning.
     */
    private static BoneChannel converted(String where, BoneChannel c, double @Nullable [] factors,
            List<Map<Float, Set<String>>> converted) {
        int k = c.path() == ChannelPath.TRANSLATION ? 0 : c.path() == ChannelPath.SCALE ? 1 : -1;
        if (factors == null || k < 0 || factors[k] == 1) {
            return c;
        }
        float[] values = c.values();
        for (int i = 0; i < values.length; i++) {
            values[i] = (float) (values[i] * factors[k]);
            if (!Float.isFinite(values[i])) {
                throw new ValidationException("combine: " + where + ": bone " + Checks.quote(c.bone()) + " "
                        + c.path().name().toLowerCase(Locale.ROOT) + " value " + i + " (" + c.values()[i]
                        + ") times " + (float) factors[k] + ", the clip source's unit converted to the result's, is "
                        + values[i] + ", beyond the float range (RemapOptions.Units.FOLLOW_BONES keeps the keys as they"
                        + " are)");
            }
        }
        converted.get(k).computeIfAbsent((float) factors[k], x -> new LinkedHashSet<>()).add(c.bone());
        return ModelAccess.get().adoptChannel(c.bone(), c.path(), c.interpolation(), c.times(), values);
    }

    /** One warning for the channels {@link #converted} changed, if any. */
    private static void warnConverted(Character source, Skeleton result, List<Map<Float, Set<String>>> converted,
            List<String> warnings) {
        if (converted.get(0).isEmpty() && converted.get(1).isEmpty()) {
            return;
        }
        List<String> lists = new ArrayList<>();
        if (!converted.get(0).isEmpty()) {
            lists.add(RestScale.groups("translations times", converted.get(0)));
        }
        if (!converted.get(1).isEmpty()) {
            lists.add(RestScale.groups("scales times", converted.get(1)));
        }
        warnings.add("clip source " + Checks.quote(source.name()) + ": skeleton " + Checks.quote(source.skeleton().name())
                + " is in another unit than skeleton " + Checks.quote(result.name()) + "; its clips' keys were converted: "
                + String.join(", ", lists) + " (RemapOptions.Units.FOLLOW_BONES keeps them as they are)");
    }

    static List<AnimationClip> run(Layout layout, List<String> warnings) {
        Character source = layout.clipSource;
        if (source == null || source.clips().isEmpty()) {
            return List.of();
        }
        Map<String, List<Integer>> inputsByPart = new HashMap<>();
        Map<String, List<Integer>> anyInputByName = new HashMap<>();
        for (int i = 0; i < layout.parts.size(); i++) {
            if (layout.parts.get(i).input.isFrom(source)) {
                inputsByPart.computeIfAbsent(layout.parts.get(i).name, n -> new ArrayList<>()).add(i);
            }
            anyInputByName.computeIfAbsent(layout.parts.get(i).name, n -> new ArrayList<>()).add(i);
        }
        Map<String, double[]> units = unitFactors(source, layout.skeleton, layout.options.remap().units());
        List<Map<Float, Set<String>>> convertedKeys = List.of(new LinkedHashMap<>(), new LinkedHashMap<>());
        List<AnimationClip> out = new ArrayList<>(source.clips().size());
        for (AnimationClip clip : source.clips()) {
            String where = "clip " + Checks.quote(clip.name());
            List<BoneChannel> kept = new ArrayList<>(clip.channels().size());
            Set<String> droppedBones = new LinkedHashSet<>();
            for (BoneChannel c : clip.channels()) {
                if (layout.skeleton.indexOf(c.bone()) >= 0) {
                    kept.add(converted(where, c, units.get(c.bone()), convertedKeys));
                } else {
                    droppedBones.add(c.bone());
                }
            }
            if (!droppedBones.isEmpty()) {
                warnings.add(where + ": channels of bones not in skeleton " + Checks.quote(layout.skeleton.name())
                        + " dropped: " + quoted(droppedBones));
            }
            List<MorphChannel> morphs = new ArrayList<>();
            Column[] columns = new Column[layout.streams.morphTargetCount()];
            List<MorphChannel> matched = new ArrayList<>();
            for (MorphChannel c : clip.morphChannels()) {
                List<Integer> inputs = inputsByPart.get(c.target());
                if (inputs == null) {
                    // the part came from another file (e.g. the clips come from a separate skeleton file):
                    // the one combined part of that name whose morph targets the channel fits
                    List<Integer> byName = new ArrayList<>();
                    for (int i : anyInputByName.getOrDefault(c.target(), List.of())) {
                        if (layout.parts.get(i).mesh.morphTargets().size() == c.weightCount()) {
                            byName.add(i);
                        }
                    }
                    if (byName.size() != 1) {
                        String why = !anyInputByName.containsKey(c.target()) ? "that part is not combined"
                                : byName.isEmpty() ? "no combined part of that name has its " + c.weightCount()
                                + " morph targets" : byName.size() + " combined parts of that name have its "
                                + c.weightCount() + " morph targets";
                        warnings.add(where + ": morph weight channel of part " + Checks.quote(c.target())
                                + " dropped: " + why);
                        continue;
                    }
                    inputs = byName;
                }
                matched.add(c);
                for (int i : inputs) {
                    int[] remap = layout.streams.morphRemap[i];
                    for (int own = 0; own < remap.length; own++) {
                        Column previous = columns[remap[own]];
                        if (previous == null) {
                            columns[remap[own]] = new Column(c, own, i);
                        } else if (previous.channel != c || previous.weight != own) {
                            warnings.add(where + ": morph target " + Checks.quote(layout.streams.morphNames.get(remap[own]))
                                    + " is animated by the channels of part "
                                    + Checks.quote(layout.partNames.get(previous.part)) + " and part "
                                    + Checks.quote(layout.partNames.get(i)) + "; the first is kept");
                        }
                    }
                }
            }
            if (!matched.isEmpty()) {
                morphs.add(merge(layout, columns, matched, where, warnings));
            }
            // the clip lasts as long as before, whatever channels it lost
            out.add(AnimationClip.of(clip.name(), kept, morphs).withDuration(clip.duration()));
        }
        warnConverted(source, layout.skeleton, convertedKeys, warnings);
        return out;
    }

    private static String quoted(Set<String> names) {
        List<String> q = new ArrayList<>();
        for (String n : names) {
            q.add(Checks.quote(n));
        }
        return String.join(", ", q);
    }

    /**
     * The merged channel. Its keys cover the times of every matched channel, also of one whose
     * every target another channel animates, so that the clip keeps its time span.
     */
    private static MorphChannel merge(Layout layout, Column[] columns, List<MorphChannel> matched, String where,
            List<String> warnings) {
        ModelAccess.Bridge raw = ModelAccess.get();
        int u = columns.length;
        float[] defaults = new float[u];
        for (int t = 0; t < u; t++) {
            defaults[t] = layout.streams.morphDefaultWeights.get(t);
        }
        EnumSet<Interpolation> kinds = EnumSet.noneOf(Interpolation.class);
        for (Column c : columns) {
            if (c != null) {
                kinds.add(c.channel.interpolation());
            }
        }
        if (kinds.isEmpty()) {
            kinds.add(matched.get(0).interpolation());
        }
        MorphChannel first = matched.get(0);
        boolean sameTimes = true;
        for (MorphChannel c : matched) {
            sameTimes &= Arrays.equals(raw.times(first), raw.times(c));
        }
        Interpolation interpolation = kinds.size() == 1 ? kinds.iterator().next() : Interpolation.CUBICSPLINE;
        float[] times;
        if (sameTimes && kinds.size() == 1) {
            times = raw.times(first);
        } else {
            times = unionTimes(matched, interpolation, raw);
            if (kinds.size() > 1 && kinds.contains(Interpolation.STEP)) {
                warnings.add(where + ": a STEP morph weight channel is merged with " + kinds
                        + " ones into one CUBICSPLINE channel; its steps become ramps one float step long");
            }
        }
        boolean cubic = interpolation == Interpolation.CUBICSPLINE;
        int stride = cubic ? 3 * u : u;
        float[] values = new float[times.length * stride];
        float[] sample = new float[3];
        for (int t = 0; t < u; t++) {
            Column c = columns[t];
            for (int key = 0; key < times.length; key++) {
                int o = key * stride;
                if (c == null) {
                    values[o + (cubic ? u : 0) + t] = defaults[t];
                    continue;
                }
                evaluate(c.channel, c.weight, times[key], raw, sample);
                if (cubic) {
                    values[o + t] = sample[0];
                    values[o + u + t] = sample[1];
                    values[o + 2 * u + t] = sample[2];
                } else {
                    values[o + t] = sample[1];
                }
            }
        }
        return MorphChannel.of(layout.name, u, interpolation, times, values);
    }

    private static float[] unionTimes(List<MorphChannel> channels, Interpolation merged, ModelAccess.Bridge raw) {
        FloatArrayList all = new FloatArrayList();
        for (MorphChannel c : channels) {
            float[] times = raw.times(c);
            all.addElements(all.size(), times);
            if (merged == Interpolation.CUBICSPLINE && c.interpolation() == Interpolation.STEP) {
                for (int k = 1; k < times.length; k++) {
                    all.add(Math.nextDown(times[k]));
                }
            }
        }
        float[] sorted = all.toFloatArray();
        Arrays.sort(sorted);
        int n = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (n == 0 || sorted[i] > sorted[n - 1]) {
                sorted[n++] = sorted[i];
            }
        }
        return Arrays.copyOf(sorted, n);
    }

    /**
     * One weight of a channel at time {@code t} as a cubic key: {@code out[0]} the in-tangent,
     * {@code out[1]} the value, {@code out[2]} the out-tangent (per second). Constant stretches
     * (before the first key, after the last, STEP holds) have zero tangents.
     */
    static void evaluate(MorphChannel c, int weight, float t, ModelAccess.Bridge raw, float[] out) {
        float[] times = raw.times(c);
        float[] v = raw.values(c);
        int n = c.weightCount();
        int keys = times.length;
        boolean cubic = c.interpolation() == Interpolation.CUBICSPLINE;
        int stride = cubic ? 3 * n : n;
        int valueOffset = cubic ? n : 0;
        if (t <= times[0] || keys == 1) {
            out[0] = 0;
            out[1] = v[valueOffset + weight];
            out[2] = t == times[0] && keys > 1 ? outTangent(c, times, v, 0, weight, stride) : 0;
            return;
        }
        if (t >= times[keys - 1]) {
            out[0] = t == times[keys - 1] ? inTangent(c, times, v, keys - 1, weight, stride) : 0;
            out[1] = v[(keys - 1) * stride + valueOffset + weight];
            out[2] = 0;
            return;
        }
        int k = Arrays.binarySearch(times, t);
        if (k >= 0) {
            out[0] = inTangent(c, times, v, k, weight, stride);
            out[1] = v[k * stride + valueOffset + weight];
            out[2] = outTangent(c, times, v, k, weight, stride);
            return;
        }
        int k0 = -k - 2;
        int k1 = k0 + 1;
        double dt = (double) times[k1] - times[k0];
        double s = (t - times[k0]) / dt;
        double v0 = v[k0 * stride + valueOffset + weight];
        double v1 = v[k1 * stride + valueOffset + weight];
        switch (c.interpolation()) {
            case STEP:
                out[0] = 0;
                out[1] = (float) v0;
                out[2] = 0;
                return;
            case LINEAR: {
                double slope = (v1 - v0) / dt;
                out[0] = (float) slope;
                out[1] = (float) (v0 + s * (v1 - v0));
                out[2] = (float) slope;
                return;
            }
            default: {
                double b0 = v[k0 * stride + 2 * n + weight];
                double a1 = v[k1 * stride + weight];
                double s2 = s * s;
                double s3 = s2 * s;
                double value = (2 * s3 - 3 * s2 + 1) * v0 + (s3 - 2 * s2 + s) * dt * b0 + (3 * s2 - 2 * s3) * v1
                        + (s3 - s2) * dt * a1;
                double slope = ((6 * s2 - 6 * s) * v0 + (3 * s2 - 4 * s + 1) * dt * b0 + (6 * s - 6 * s2) * v1
                        + (3 * s2 - 2 * s) * dt * a1) / dt;
                out[0] = (float) slope;
                out[1] = (float) value;
                out[2] = (float) slope;
            }
        }
    }

    private static float inTangent(MorphChannel c, float[] times, float[] v, int k, int weight, int stride) {
        switch (c.interpolation()) {
            case STEP:
                return 0;
            case LINEAR:
                return (v[k * stride + weight] - v[(k - 1) * stride + weight]) / (times[k] - times[k - 1]);
            default:
                return v[k * stride + weight];
        }
    }

    private static float outTangent(MorphChannel c, float[] times, float[] v, int k, int weight, int stride) {
        switch (c.interpolation()) {
            case STEP:
                return 0;
            case LINEAR:
                return (v[(k + 1) * stride + weight] - v[k * stride + weight]) / (times[k + 1] - times[k]);
            default:
                return v[k * stride + 2 * c.weightCount() + weight];
        }
    }
}
