package io.github.skinmesh.gltf;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.MorphChannel;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes clips as glTF animations: one sampler and channel per bone channel (targeting the bone's
 * node) and per morph channel (targeting the part's node, path {@code weights}); equal key
 * time arrays share one input accessor across all animations. A clip without channels is skipped
 * with a warning (glTF requires one). A CUBICSPLINE channel of one key (glTF requires two) holds
 * its one value at every time, so it is written as a STEP channel of that value, with a warning.
 * A clip that lasts past its last key ({@link AnimationClip#withDuration}) has no other way to say
 * so in glTF, where an animation ends at its last key: one of its channels gets one more key at the
 * clip's end holding its last value, so the written animation lasts as long; reading it back gives
 * that channel one more key. The channel is the first STEP one; else the first LINEAR translation,
 * scale or weights channel, whose interpolation between two equal keys, {@code v + a * (v - v)},
 * is what the sampler computes after a last key ({@code a = 0}) too: both give the same values
 * at every time. Else it is the first channel, a LINEAR rotation or a CUBICSPLINE channel (zero
 * tangents around the new key, and the former last key's out-tangent, which nothing used, set to
 * zero), which holds the value to within the rounding of interpolating two equal keys.
 * Not thread-safe; one per export.
 */
final class AnimationExport {
    private final JsonNodeFactory f = JsonNodeFactory.instance;
    private final ExportPlan plan;
    private final AccessorWriter out;
    private final ArrayNode animations = f.arrayNode();
    private final Map<FloatKey, Integer> timeAccessors = new HashMap<>();

    AnimationExport(ExportPlan plan, AccessorWriter out) {
        this.plan = plan;
        this.out = out;
    }

    /** @return the {@code animations} array */
    ArrayNode animations() {
        return animations;
    }

    /**
     * Writes a clip.
     *
     * @param clip the clip; its channels name bones and parts of the plan's character
     * @param warnings receives a warning when the clip has no channels
     * @throws ValidationException when the BIN chunk would pass its limit
     */
    void clip(AnimationClip clip, List<String> warnings) {
        String where = "clip " + Checks.quote(clip.name());
        if (clip.channels().isEmpty() && clip.morphChannels().isEmpty()) {
            warnings.add(where + " has no channels; not written (glTF needs one)");
            return;
        }
        ObjectNode json = f.objectNode();
        if (!clip.name().isEmpty()) {
            json.put("name", clip.name());
        }
        ArrayNode channels = json.putArray("channels");
        ArrayNode samplers = json.putArray("samplers");
        ModelAccess.Bridge raw = ModelAccess.get();
        // one channel carries the clip's end when the clip lasts past its last key
        int hold = clip.duration() > clip.lastKeyTime() ? holdChannel(clip) : -1;
        int index = 0;
        for (BoneChannel c : clip.channels()) {
            String path = c.path().name().toLowerCase(Locale.ROOT);
            String wc = where + " channel " + Checks.quote(c.bone()) + " " + path;
            Interpolation interpolation = written(wc, c.interpolation(), raw.times(c).length, warnings);
            float[] values = values(raw.values(c), c.path().components(), c.interpolation(), interpolation);
            float[] times = raw.times(c);
            if (index++ == hold) {
                values = heldValues(values, c.path().components(), interpolation);
                times = heldTimes(times, clip.duration());
            }
            int count = values.length / c.path().components();
            String type = c.path() == ChannelPath.ROTATION ? "VEC4" : "VEC3";
            int output = out.floats(wc + " output", values, count, type, AccessorWriter.NO_TARGET, false);
            sampler(wc, samplers, times, output, interpolation);
            int bone = plan.skeleton().indexOf(c.bone());
            assert bone != Index.NONE : "channel bones are checked by Character";
            int node = plan.boneNode(bone);
            ObjectNode ch = channels.addObject();
            ch.put("sampler", samplers.size() - 1);
            ch.putObject("target").put("node", node).put("path", path);
        }
        for (MorphChannel c : clip.morphChannels()) {
            String wc = where + " morph channel " + Checks.quote(c.target());
            Interpolation interpolation = written(wc, c.interpolation(), raw.times(c).length, warnings);
            float[] values = values(raw.values(c), c.weightCount(), c.interpolation(), interpolation);
            float[] times = raw.times(c);
            if (index++ == hold) {
                values = heldValues(values, c.weightCount(), interpolation);
                times = heldTimes(times, clip.duration());
            }
            int output = out.floats(wc + " output", values, values.length, "SCALAR", AccessorWriter.NO_TARGET, false);
            sampler(wc, samplers, times, output, interpolation);
            ObjectNode ch = channels.addObject();
            ch.put("sampler", samplers.size() - 1);
            ch.putObject("target").put("node", plan.partNode(c.target())).put("path", "weights");
        }
        animations.add(json);
    }

    /** @return the interpolation written: STEP for a CUBICSPLINE channel of one key (with a warning), else its own */
    private static Interpolation written(String where, Interpolation interpolation, int keys, List<String> warnings) {
        Interpolation written = writtenAs(interpolation, keys);
        if (written != interpolation) {
            warnings.add(where + ": one CUBICSPLINE key, written as STEP (glTF requires two keys for CUBICSPLINE; "
                    + "the value is the same at every time)");
        }
        return written;
    }

    /** @return the interpolation a channel of {@code keys} keys is written with: STEP for one CUBICSPLINE key */
    private static Interpolation writtenAs(Interpolation interpolation, int keys) {
        return interpolation == Interpolation.CUBICSPLINE && keys < 2 ? Interpolation.STEP : interpolation;
    }

    /** @return the output values: for a channel written as STEP instead of CUBICSPLINE, the key's value without tangents */
    private static float[] values(float[] values, int components, Interpolation own, Interpolation written) {
        if (own == written) {
            return values;
        }
        float[] value = new float[components];
        System.arraycopy(values, components, value, 0, components);
        return value;
    }

    /**
     * @return the channel that takes the hold key (see the class notes), counting bone channels
     *     first, then morph channels; the clip has one
     */
    private static int holdChannel(AnimationClip clip) {
        ModelAccess.Bridge raw = ModelAccess.get();
        int best = 0;
        int bestRank = Integer.MAX_VALUE;
        int index = 0;
        for (BoneChannel c : clip.channels()) {
            int rank = rank(c.interpolation(), raw.times(c).length, c.path() != ChannelPath.ROTATION);
            if (rank < bestRank) {
                best = index;
                bestRank = rank;
            }
            index++;
        }
        for (MorphChannel c : clip.morphChannels()) {
            int rank = rank(c.interpolation(), raw.times(c).length, true);
            if (rank < bestRank) {
                best = index;
                bestRank = rank;
            }
            index++;
        }
        return best;
    }

    /** 0 for a channel written as STEP, 1 for LINEAR lerped component by component, 2 otherwise. */
    private static int rank(Interpolation interpolation, int keys, boolean componentwise) {
        Interpolation written = writtenAs(interpolation, keys);
        return written == Interpolation.STEP ? 0 : written == Interpolation.LINEAR && componentwise ? 1 : 2;
    }

    /** @return the key times with one more, {@code end}, after the last */
    private static float[] heldTimes(float[] times, float end) {
        float[] out = Arrays.copyOf(times, times.length + 1);
        out[times.length] = end;
        return out;
    }

    /**
     * @return the output values with one more key that holds the last value: the value again
     *     (STEP, LINEAR), or zero tangents around it with the former last key's out-tangent zeroed
     *     (CUBICSPLINE: the segment to the new key is then constant)
     */
    private static float[] heldValues(float[] values, int components, Interpolation interpolation) {
        if (interpolation != Interpolation.CUBICSPLINE) {
            float[] out = Arrays.copyOf(values, values.length + components);
            System.arraycopy(values, values.length - components, out, values.length, components);
            return out;
        }
        // per key: in-tangent, value, out-tangent
        float[] out = Arrays.copyOf(values, values.length + 3 * components);
        int last = values.length - 3 * components;
        Arrays.fill(out, last + 2 * components, last + 3 * components, 0f);
        System.arraycopy(values, last + components, out, values.length + components, components);
        return out;
    }

    private void sampler(String where, ArrayNode samplers, float[] times, int output, Interpolation interpolation) {
        FloatKey key = new FloatKey(times);
        Integer input = timeAccessors.get(key);
        if (input == null) {
            input = out.floats(where + " input", times, times.length, "SCALAR", AccessorWriter.NO_TARGET, true);
            timeAccessors.put(key, input);
        }
        ObjectNode s = samplers.addObject();
        s.put("input", input);
        if (interpolation != Interpolation.LINEAR) {
            s.put("interpolation", interpolation.name());
        }
        s.put("output", output);
    }
}
