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
 * node) and per morph channel (targeting the instance's node, path {@code weights}); equal key
 * time arrays share one input accessor across all animations. A clip without channels is skipped
 * with a warning (glTF requires one). Not thread-safe; one per export.
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
     * @param clip the clip; its channels name bones and instances of the plan's asset
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
            float[] values = raw.values(c);
            int count = values.length / c.path().components();
            String type = c.path() == ChannelPath.ROTATION ? "VEC4" : "VEC3";
            int output = out.floats(wc + " output", values, count, type, AccessorWriter.NO_TARGET, false);
            sampler(wc, samplers, raw.times(c), output, c.interpolation());
            int node = plan.skeleton().indexOf(c.bone());
            assert node != Index.NONE : "channel bones are checked by GltfAsset";
            ObjectNode ch = channels.addObject();
            ch.put("sampler", samplers.size() - 1);
            ch.putObject("target").put("node", node).put("path", path);
        }
        for (MorphChannel c : clip.morphChannels()) {
            String wc = where + " morph channel " + Checks.quote(c.target());
            float[] values = raw.values(c);
            int output = out.floats(wc + " output", values, values.length, "SCALAR", AccessorWriter.NO_TARGET, false);
            sampler(wc, samplers, raw.times(c), output, c.interpolation());
            ObjectNode ch = channels.addObject();
            ch.put("sampler", samplers.size() - 1);
            ch.putObject("target").put("node", plan.instanceNode(c.target())).put("path", "weights");
        }
        animations.add(json);
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
