package io.github.skinmesh.gltf;

import static io.github.skinmesh.gltf.internal.Accessors.F32;
import static io.github.skinmesh.gltf.internal.Accessors.I16;
import static io.github.skinmesh.gltf.internal.Accessors.I16N;
import static io.github.skinmesh.gltf.internal.Accessors.I8;
import static io.github.skinmesh.gltf.internal.Accessors.I8N;
import static io.github.skinmesh.gltf.internal.Accessors.U16;
import static io.github.skinmesh.gltf.internal.Accessors.U16N;
import static io.github.skinmesh.gltf.internal.Accessors.U8;
import static io.github.skinmesh.gltf.internal.Accessors.U8N;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.MorphChannel;
import io.github.skinmesh.gltf.internal.Accessors;
import io.github.skinmesh.gltf.internal.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * Decodes glTF animations into {@link AnimationClip}s: translation, rotation and scale channels
 * by bone name, morph weight channels by part name (the name of the node they target). Key times are checked (finite,
 * {@code >= 0}, strictly increasing, or repaired per {@link GltfReadOptions.KeyTimes}); output
 * counts are checked against the input count, the interpolation and the weight count.
 */
final class AnimationImport {
    private final GltfDocument doc;
    private final @Nullable JsonNode animations;

    AnimationImport(GltfDocument doc) {
        this.doc = doc;
        this.animations = Json.array(doc.root(), "animations", "glTF");
    }

    private int count() {
        return animations == null ? 0 : animations.size();
    }

    /** @return per node, whether a translation, rotation or scale channel targets it (other paths do not count) */
    boolean[] transformTargets() {
        boolean[] out = new boolean[doc.nodeCount()];
        for (int a = 0; a < count(); a++) {
            String where = "animations[" + a + "]";
            JsonNode channels = Json.array(Json.element(animations, a, where), "channels", where);
            for (int c = 0; channels != null && c < channels.size(); c++) {
                String wc = where + ".channels[" + c + "]";
                JsonNode target = Json.object(Json.element(channels, c, wc), "target", wc);
                if (target == null) {
                    throw new FormatException(wc + ".target is missing, expected an object");
                }
                int node = Json.index(target, "node", wc + ".target", "nodes", out.length);
                String path = Json.string(target, "path", wc + ".target");
                if (node != Index.NONE && path != null && transformPath(path) != null) {
                    out[node] = true;
                }
            }
        }
        return out;
    }

    /**
     * Decodes every animation into a clip.
     *
     * @param nodes the skeleton (channels on bones are kept)
     * @param parts the parts (weights channels on parts with morph targets are kept)
     * @param primitives the mesh decoder, for morph target counts
     * @param warnings receives the channels dropped and the keys repaired
     * @return one clip per animation, in document order
     * @throws FormatException on a malformed channel, sampler or key list
     */
    List<AnimationClip> clips(SkeletonImport.Nodes nodes, PartImport.Parts parts,
            PrimitiveImport primitives, List<String> warnings) {
        List<AnimationClip> clips = new ArrayList<>();
        for (int a = 0; a < count(); a++) {
            clips.add(clip(a, nodes, parts, primitives, warnings));
        }
        return clips;
    }

    private AnimationClip clip(int a, SkeletonImport.Nodes nodes, PartImport.Parts parts,
            PrimitiveImport primitives, List<String> warnings) {
        Accessors accessors = doc.accessors();
        String where = "animations[" + a + "]";
        JsonNode anim = Json.element(animations, a, where);
        String name = Json.string(anim, "name", where);
        JsonNode samplers = Json.array(anim, "samplers", where);
        JsonNode channels = Json.array(anim, "channels", where);
        int samplerCount = samplers == null ? 0 : samplers.size();
        List<BoneChannel> bones = new ArrayList<>();
        List<MorphChannel> morphs = new ArrayList<>();
        TreeSet<Integer> outside = new TreeSet<>();
        // the animation lasts until the last key of all its channels, dropped ones included
        float droppedEnd = 0;
        List<String> untimed = new ArrayList<>();
        for (int c = 0; channels != null && c < channels.size(); c++) {
            String wc = where + ".channels[" + c + "]";
            JsonNode channel = Json.element(channels, c, wc);
            int s = Json.requiredIndex(channel, "sampler", wc, where + ".samplers", samplerCount);
            JsonNode target = Json.object(channel, "target", wc);
            assert target != null : "checked by transformTargets";
            String path = Json.string(target, "path", wc + ".target");
            int node = Json.index(target, "node", wc + ".target", "nodes", doc.nodeCount());
            if (path == null) {
                throw new FormatException(wc + ".target.path is missing, expected translation, rotation, scale or "
                        + "weights");
            }
            if (node == Index.NONE) {
                warnings.add(wc + ": target has no node (an extension's target?); channel dropped");
                droppedEnd = Math.max(droppedEnd, declaredEnd(samplers, s, wc, untimed));
                continue;
            }
            ChannelPath cp = transformPath(path);
            if (cp == null && !path.equals("weights")) {
                warnings.add(wc + ".target.path '" + path + "' is not supported; channel dropped");
                droppedEnd = Math.max(droppedEnd, declaredEnd(samplers, s, wc, untimed));
                continue;
            }
            int weightCount = 0;
            if (cp == null) {
                weightCount = !parts.isPart(node) ? 0 : primitives.targetCount(doc.mesh(node));
                if (weightCount == 0) {
                    warnings.add(wc + ": weights of nodes[" + node + "], which is not a part with morph "
                            + "targets; channel dropped");
                    droppedEnd = Math.max(droppedEnd, declaredEnd(samplers, s, wc, untimed));
                    continue;
                }
            } else if (nodes.boneOfNode(node) == Index.NONE) {
                outside.add(node);
                droppedEnd = Math.max(droppedEnd, declaredEnd(samplers, s, wc, untimed));
                continue;
            }
            String ws = where + ".samplers[" + s + "]";
            JsonNode sampler = Json.element(samplers, s, ws);
            Interpolation interpolation = interpolation(Json.string(sampler, "interpolation", ws), ws);
            int input = Json.requiredIndex(sampler, "input", ws, "accessors", accessors.count());
            int output = Json.requiredIndex(sampler, "output", ws, "accessors", accessors.count());
            float[] times = accessors.floats(input, ws + ".input", F32, "SCALAR");
            int components = cp == null ? weightCount : cp.components();
            int formats = cp == ChannelPath.ROTATION || cp == null ? F32 | I8N | U8N | I16N | U16N
                    : F32 | (doc.quantized() ? I8 | I8N | U8 | U8N | I16 | I16N | U16 | U16N : 0);
            String type = cp == null ? "SCALAR" : cp == ChannelPath.ROTATION ? "VEC4" : "VEC3";
            float[] values = accessors.floats(output, ws + ".output", formats, type);
            long expected = (long) times.length * interpolation.elementsPerKey() * components;
            if (values.length != expected) {
                throw new FormatException(ws + ".output (accessors[" + output + "]): " + values.length / (cp == null ? 1
                        : components) + " elements, expected input count " + times.length
                        + (interpolation == Interpolation.CUBICSPLINE ? " * 3 (CUBICSPLINE)" : "")
                        + (cp == null ? " * " + weightCount + " morph targets" : "") + " = "
                        + expected / (cp == null ? 1 : components));
            }
            boolean[] keep = keys(times, ws + ".input (accessors[" + input + "])",
                    doc.options().keyTimes() == GltfReadOptions.KeyTimes.DROP_NON_INCREASING);
            int stride = interpolation.elementsPerKey() * components;
            float[] kt = times;
            float[] kv = values;
            if (keep == null) {
                if (cp == ChannelPath.ROTATION) {
                    // the channel normalizes its rotations in place, and the decoded array is shared by every
                    // use of the accessor: each rotation channel gets its own copy, charged like a decoded array
                    doc.budget().charge(wc, "copying the rotation keys of accessors[" + output + "]",
                            4L * values.length);
                    kv = values.clone();
                }
            } else {
                int kept = 0;
                for (boolean k : keep) {
                    kept += k ? 1 : 0;
                }
                doc.budget().charge(wc, "keeping " + kept + " of " + keep.length + " keys",
                        4L * kept * (1 + stride));
                kt = new float[kept];
                kv = new float[kept * stride];
                for (int k = 0, o = 0; k < keep.length; k++) {
                    if (keep[k]) {
                        kt[o] = times[k];
                        System.arraycopy(values, k * stride, kv, o * stride, stride);
                        o++;
                    }
                }
                warnings.add(wc + ": " + (keep.length - kept) + " keys with non-increasing times dropped");
            }
            try {
                if (cp == null) {
                    morphs.add(ModelAccess.get().adoptMorphChannel(nodes.name(node), weightCount,
                            interpolation, kt, kv));
                } else {
                    bones.add(ModelAccess.get().adoptChannel(nodes.skeleton().boneName(nodes.boneOfNode(node)), cp,
                            interpolation, kt, kv));
                }
            } catch (ValidationException e) {
                throw new FormatException(wc + ": " + e.getMessage(), e);
            }
        }
        if (!outside.isEmpty()) {
            StringBuilder sb = new StringBuilder();
            for (int n : outside) {
                sb.append(sb.length() == 0 ? "" : ", ").append("nodes[").append(n).append(']');
            }
            warnings.add(where + ": channels targeting nodes outside the skeleton dropped (" + sb + ")");
        }
        if (!untimed.isEmpty()) {
            warnings.add(String.join(", ", untimed) + ": dropped without a declared end time (no valid max on the"
                    + " input accessor); the clip's duration leaves " + (untimed.size() == 1 ? "it" : "them") + " out");
        }
        AnimationClip clip;
        try {
            clip = AnimationClip.of(name == null ? "" : name, bones, morphs);
        } catch (ValidationException e) {
            throw new FormatException(where + ": " + e.getMessage(), e);
        }
        if (droppedEnd > clip.lastKeyTime()) {
            warnings.add(where + ": lasts " + droppedEnd + " s, to the end of channels it drops ("
                    + (bones.isEmpty() && morphs.isEmpty() ? "it keeps none"
                            : "its kept keys end at " + clip.lastKeyTime() + " s") + "); the clip keeps that duration");
            clip = clip.withDuration(droppedEnd);
        }
        return clip;
    }

    /**
     * The end time of a dropped channel: its sampler's input accessor's {@code max} (glTF requires
     * {@code min} and {@code max} on animation inputs), read without decoding the keys, which the
     * import does not need. A channel whose sampler, input index or {@code max} is missing or
     * malformed, or whose {@code max} is negative, adds its name to {@code untimed} and gives 0:
     * the import drops it either way and does not fail for it.
     */
    private float declaredEnd(@Nullable JsonNode samplers, int s, String channel, List<String> untimed) {
        try {
            JsonNode sampler = samplers == null ? null : samplers.get(s);
            if (sampler != null && sampler.isObject()) {
                int input = Json.index(sampler, "input", "sampler", "accessors", doc.accessors().count());
                JsonNode accessor = input == Index.NONE ? null : doc.root().path("accessors").get(input);
                float[] max = accessor == null || !accessor.isObject() ? null : Json.numbers(accessor, "max",
                        "accessor", 1);
                if (max != null && max[0] >= 0) {
                    return max[0];
                }
            }
        } catch (FormatException e) {
            // malformed: untimed, below
        }
        untimed.add(channel);
        return 0;
    }

    /** @return the property a transform channel's path names, or {@code null} for weights and unsupported paths */
    private static @Nullable ChannelPath transformPath(String path) {
        return switch (path) {
            case "translation" -> ChannelPath.TRANSLATION;
            case "rotation" -> ChannelPath.ROTATION;
            case "scale" -> ChannelPath.SCALE;
            default -> null;
        };
    }

    private static Interpolation interpolation(@Nullable String s, String where) {
        if (s == null) {
            return Interpolation.LINEAR;
        }
        return switch (s) {
            case "LINEAR" -> Interpolation.LINEAR;
            case "STEP" -> Interpolation.STEP;
            case "CUBICSPLINE" -> Interpolation.CUBICSPLINE;
            default -> throw new FormatException(where + ".interpolation '" + s
                    + "', expected LINEAR, STEP or CUBICSPLINE");
        };
    }

    /**
     * Checks key times.
     *
     * @param repair whether non-increasing keys are dropped rather than rejected
     * @return {@code null} when all keys are kept, else the keys to keep (repair mode)
     */
    private static boolean @Nullable [] keys(float[] times, String where, boolean repair) {
        boolean[] keep = null;
        float last = Float.NEGATIVE_INFINITY;
        for (int k = 0; k < times.length; k++) {
            float t = times[k];
            if (!Float.isFinite(t) || t < 0) {
                throw new FormatException(where + ": key " + k + " time " + t + ", expected a finite time >= 0");
            }
            if (!(t > last)) {
                if (!repair) {
                    throw new FormatException(where + ": key " + k + " time " + t + " is not after key " + (k - 1)
                            + " time " + times[k - 1] + ", expected strictly increasing times");
                }
                if (keep == null) {
                    keep = new boolean[times.length];
                    java.util.Arrays.fill(keep, 0, k, true);
                }
                continue;
            }
            if (keep != null) {
                keep[k] = true;
            }
            last = t;
        }
        return keep;
    }
}
