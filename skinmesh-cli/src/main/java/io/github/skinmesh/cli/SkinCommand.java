package io.github.skinmesh.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.SkinMeshException;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.gltf.AssetPoser;
import io.github.skinmesh.gltf.GltfAsset;
import io.github.skinmesh.gltf.PartSource;
import io.github.skinmesh.gltf.PoseSpace;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code skinmesh skin}: poses every skinned primitive of a glTF file and writes float32
 * little-endian x, y, z per vertex, no header, primitives concatenated (glTF nodes with a mesh and
 * a skin in index order, each mesh's primitives in order).
 */
@Command(name = "skin", mixinStandardHelpOptions = true,
        description = {"Poses every skinned primitive of a glTF file and writes float32 little-endian x, y, z per "
            + "vertex, no header.",
            "Order: glTF nodes with both a mesh and a skin, in index order; for each, its mesh's primitives in order"
            + " (a mesh used by several skinned nodes appears once per node).",
            "Without --clip: rest pose (every node at its own TRS/matrix). Clip time is play-once clamped: "
            + "T >= duration gives the last key. Morph targets are applied first, at the clip's weights.",
            "A file without a skinned primitive is an error. Image files that are missing or unreadable are noted "
            + "on stderr and ignored: posing needs no pixels. What else the reader ignores or approximates (a matrix "
            + "that is not a TRS, a skipped primitive) is noted on stderr too."})
final class SkinCommand implements Callable<Integer> {
    /** Clip fields of the {@code --json} description, {@code null} for the rest pose as in the reference files. */
    private static final String[] CLIP_FIELDS = {"clip", "clipIndex", "requestedTime", "effectiveTime", "duration",
        "loop"};

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A .glb or .gltf file.")
    Path file;

    @Option(names = "--clip", paramLabel = "C", description = "Clip name, or index when an integer.")
    String clip;

    @Option(names = "--time", paramLabel = "T", description = "Seconds into the clip, >= 0 (default 0).")
    Float time;

    @Option(names = "--space", paramLabel = "model|world", defaultValue = "model",
            description = {"model (default): inverse(W_skinnedNode) * world; world: sum_i w_i * W_joint_i * IBM_i * p.",
                "A skinned node scaled to zero (itself or an ancestor) has no inverse: model is then an error naming "
                + "the node, world poses it. Positions that overflow the float range are an error, never written."})
    String space;

    @Option(names = "--out", paramLabel = "OUT.bin", required = true,
            description = "Positions output; - writes them to standard output (which then carries nothing else).")
    Path out;

    @Option(names = "--json", paramLabel = "OUT.json", description = "Also write a JSON description of the output.")
    Path json;

    @Mixin
    QuietOption quiet;

    @ParentCommand
    SkinMeshCommand root;

    /** The {@code --out} value that means standard output. */
    static final String STDOUT = "-";

    @Override
    public Integer call() {
        CommandLine cl = spec.commandLine();
        PoseSpace poseSpace = switch (space) {
            case "model" -> PoseSpace.MODEL;
            case "world" -> PoseSpace.WORLD;
            default -> throw new CommandLine.ParameterException(cl, "--space: '" + space + "', expected model or world");
        };
        if (time != null && clip == null) {
            throw new CommandLine.ParameterException(cl, "--time needs --clip");
        }
        if (time != null && !(Float.isFinite(time) && time >= 0)) {
            throw new CommandLine.ParameterException(cl, "--time: " + time
                    + ", expected a finite number of seconds >= 0");
        }
        boolean toStdout = out.toString().equals(STDOUT);
        if (json != null && json.toString().equals(STDOUT)) {
            throw new CommandLine.ParameterException(cl, "--json: '-' is not a file name; only --out writes to "
                    + "standard output");
        }
        if (json != null && json.toAbsolutePath().normalize().equals(out.toAbsolutePath().normalize())) {
            throw new CommandLine.ParameterException(cl, "--json: " + json + " is also the --out file, expected two files");
        }
        Outputs outputs = new Outputs(List.of(file));
        List<Path> targets = new ArrayList<>();
        if (!toStdout) {
            targets.add(out);
        }
        if (json != null) {
            targets.add(json);
        }
        outputs.checkTargets(targets.toArray(new Path[0]));
        GltfAsset asset = Inputs.readGltf(file, Inputs.WITHOUT_PIXELS);
        int clipIndex = clip == null ? -1 : Inputs.clipIndex(file, asset.clips(), clip);
        AnimationClip animation = clipIndex < 0 ? null : asset.clips().get(clipIndex);
        float t = time == null ? 0f : time;

        AssetPoser poser = AssetPoser.bind(asset);
        if (poser.primitiveCount() == 0) {
            throw new SkinMeshException(file + ": no skinned primitive to pose (no node has both a skin and a mesh with "
                    + "a triangle primitive); nothing written");
        }
        if (!quiet.quiet()) {
            Inputs.noteDroppedImages(cl.getErr(), "skinmesh skin", file, asset, "skin needs no pixels");
            Inputs.noteReadWarnings(cl.getErr(), "skinmesh skin", file, asset);
        }
        quiet.noteScalarKernel();
        float[] positions;
        byte[] bin;
        try {
            positions = poser.poseInto(animation, t, poseSpace, new float[3 * poser.vertexCount()], 0);
            bin = Outputs.littleEndian(positions);
        } catch (ValidationException e) { // a pose out of the float range: nothing is written
            throw new SkinMeshException(file + ": " + e.getMessage(), e);
        } catch (OutOfMemoryError e) {
            throw new OutOfMemory("posing " + file, e);
        }

        try (outputs) {
            if (!toStdout) {
                outputs.write(out, bin);
            }
            if (json != null) {
                outputs.write(json, Json.bytes(describe(poser, animation, clipIndex, t, positions, bin)));
            }
            if (toStdout) {
                // last, once every file is staged; the files appear only if standard output took the positions
                cl.getOut().flush();
                writeToStdout(bin);
            }
            outputs.commit();
        }
        if (!toStdout) {
            cl.getOut().printf(Locale.ROOT, "%s: %d skinned primitive%s, %d vertices, %s space, %s -> %s%n", file,
                    poser.primitiveCount(), poser.primitiveCount() == 1 ? "" : "s", poser.vertexCount(),
                    space, animation == null ? "rest pose" : "clip " + clipIndex + " '" + animation.name() + "' at "
                            + effectiveTime(animation, t) + " s", out);
            cl.getOut().flush();
        }
        return SkinMeshCommand.OK;
    }

    private void writeToStdout(byte[] bin) {
        OutputStream stdout = root.stdout();
        try {
            stdout.write(bin);
            stdout.flush();
        } catch (IOException e) {
            throw new SkinMeshException("standard output: cannot write the positions (" + e.getMessage()
                    + "); no output of this run was kept", e);
        }
    }

    /** The time actually sampled: clamped to {@code [0, duration]}. */
    static float effectiveTime(AnimationClip clip, float t) {
        return Math.max(0f, Math.min(t, clip.duration()));
    }

    private ObjectNode describe(AssetPoser poser, AnimationClip animation, int clipIndex, float t, float[] positions,
            byte[] bin) {
        ObjectNode root = Json.object();
        root.put("file", file.getFileName().toString());
        root.put("tool", "skinmesh skin");
        root.put("format", "float32 little-endian xyz per vertex, primitives concatenated in file order");
        root.put("space", space);
        root.put("pose", animation == null ? "rest" : "clip");
        if (animation != null) {
            root.put("clip", animation.name());
            root.put("clipIndex", clipIndex);
            root.put("requestedTime", t);
            root.put("effectiveTime", effectiveTime(animation, t));
            root.put("duration", animation.duration());
            root.put("loop", "once-clamped");
        } else {
            for (String field : CLIP_FIELDS) {
                root.putNull(field);
            }
        }
        root.put("totalVertices", poser.vertexCount());
        root.put("sha256", Inputs.sha256(bin));
        ArrayNode prims = root.putArray("primitives");
        int first = 0;
        for (int p = 0; p < poser.primitiveCount(); p++) {
            PartSource source = poser.source(p);
            int n = poser.vertexCount(p);
            ObjectNode o = prims.addObject();
            o.put("node", source.node());
            o.put("nodeName", poser.part(p).name());
            o.put("mesh", source.mesh());
            o.put("primitive", poser.primitiveIndex(p));
            o.put("skin", source.skin());
            o.put("vertexCount", n);
            o.put("firstVertex", first);
            o.put("byteOffset", 12L * first);
            o.put("byteLength", 12L * n);
            Json.bounds(o, Bounds.of(positions, 3 * first, n));
            ArrayNode samples = o.putArray("samples");
            for (int v : n == 0 ? new int[0] : new int[] {0, n / 2, n - 1}) {
                ObjectNode sample = samples.addObject();
                sample.put("vertex", v);
                int at = 3 * (first + v);
                Json.vector(sample.putArray("position"), positions[at], positions[at + 1], positions[at + 2]);
            }
            first += n;
        }
        return root;
    }
}
