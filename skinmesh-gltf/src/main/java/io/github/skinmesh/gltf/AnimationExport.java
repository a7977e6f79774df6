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
        for (BoneChannel c : clip.channels()) {
            String path = c.path().name().toLowerCase(Locale.ROOT);
            String wc = where + " channel " + Checks.quote(c.bone()) + " " + path;
            Interpolation interpolation = written(wc, c.interpolation(), raw.times(c).length, warnings);
            float[] values = values(raw.values(c), c.path().components(), c.interpolation(), interpolation);
            int count = values.length / c.path().components();
            String type = c.path() == ChannelPath.ROTATION ? "VEC4" : "VEC3";
            int output = out.floats(wc + " output", values, count, type, AccessorWriter.NO_TARGET, false);
            sampler(wc, samplers, raw.times(c), output, interpolation);
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
            int output = out.floats(wc + " output", values, values.length, "SCALAR", AccessorWriter.NO_TARGET, false);
            sampler(wc, samplers, raw.times(c), output, interpolation);
            ObjectNode ch = channels.addObject();
            ch.put("sampler", samplers.size() - 1);
            ch.putObject("target").put("node", plan.partNode(c.target())).put("path", "weights");
        }
        animations.add(json);
    }

    /** @return the interpolation written: STEP for a CUBICSPLINE channel of one key (with a warning), else its own */
    private static Interpolation written(String where, Interpolation interpolation, int keys, List<String> warnings) {
        if (interpolation == Interpolation.CUBICSPLINE && keys < 2) {
            warnings.add(where + ": one CUBICSPLINE key, written as STEP (glTF requires two keys for CUBICSPLINE; "
                    + "the value is the same at every time)");
            return Interpolation.STEP;
        }
        return interpolation;
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
