package io.github.skinmesh.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.SkinMeshException;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.DecimalText;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.gltf.GltfAsset;
import io.github.skinmesh.gltf.GltfWriteOptions;
import io.github.skinmesh.gltf.GltfWriter;
import io.github.skinmesh.vat.keys.KeyframeOptions;
import io.github.skinmesh.vat.keys.KeyframeResult;
import io.github.skinmesh.vat.keys.Keyframes;
import io.github.skinmesh.vat.keys.KeySegment;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
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
import picocli.CommandLine.Spec;

/**
 * {@code skinmesh keys}: bakes a clip of the skinned primitives of a glTF file into keyframes in
 * vertex channels, one mesh per segment with 4 key poses in custom attributes, and writes them as
 * glTF binary with the segment table in its extras and in a JSON file beside it.
 */
@Command(name = "keys", mixinStandardHelpOptions = true,
        description = {"Bakes a clip into keyframes in vertex channels, for devices without vertex texture fetch: the"
            + " clip is split into segments, each a mesh whose custom vertex attributes _KEY_POSITION_0..3 (and"
            + " _KEY_NORMAL_0..3 when every part has normals) hold 4 key poses; a vertex shader interpolates them"
            + " with the cubic through the 4 keys at the segment's key times (skinmesh_keys.glsl/.hlsl).",
            "The vertices are those of FILE's skinned primitives in the order of skinmesh skin (glTF nodes with a mesh"
                + " and a skin, in node order), posed in the character's model space. The clip is sampled at --fps:"
                + " frame f at min(f / fps, duration), the last frame at the duration exactly; errors are measured at"
                + " every frame, segments span at least " + Keyframes.MIN_SEGMENT_INTERVALS + " frame intervals, and"
                + " each segment's two inner key times are searched to minimize its largest error (never more than"
                + " with them at the thirds).",
            "OUT holds one mesh (and node) per segment; OUT's extras (key skinmeshKeys) and OUT.json (OUT with .json"
                + " in place of .glb) hold the segment table and the measured errors (format in docs/keys.md)."})
final class KeysCommand implements Callable<Integer> {
    /** The key of the document's extras that holds the segment table. */
    static final String EXTRAS_KEY = "skinmeshKeys";
    /** Reads the table keeping each number's decimal text, so stdout repeats it digit for digit. */
    private static final ObjectMapper EXACT = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .setNodeFactory(JsonNodeFactory.withExactBigDecimals(true));

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A .glb or .gltf file.")
    Path file;

    @Option(names = "--clip", paramLabel = "C", required = true, description = "Clip name, or index when an integer.")
    String clip;

    @Option(names = "--out", paramLabel = "OUT.glb", required = true,
            description = "The glTF binary to write; the table goes to OUT with .json in place of .glb.")
    Path out;

    /** The library's message in this command's terms: no API name, {@code --fps} for the rate. */
    static final MessageRewrites KEYS_TERMS = MessageRewrites.of(
            "Keyframes.bake: ", "",
            "raise the rate", "raise --fps",
            "lower the rate", "lower --fps");

    @Option(names = "--fps", paramLabel = "F", defaultValue = "30",
            description = "Rate of the dense sampling, frames per second, finite and > 0 (default: ${DEFAULT-VALUE}).")
    float fps;

    @Option(names = "--segments", paramLabel = "auto|N", defaultValue = "auto",
            description = {"auto (the default): each segment as long as an error within 0.5 %% of the diagonal of the"
                + " clip's box allows; N: N segments of equal frame counts, 1.." + KeyframeOptions.MAX_SEGMENTS + "."})
    String segments;

    @Option(names = "--json", description = "Print the report as one JSON object on stdout instead of a table.")
    boolean json;

    @Mixin
    QuietOption quiet;

    @Override
    public Integer call() {
        CommandLine cl = spec.commandLine();
        String name = out.getFileName().toString();
        if (!name.toLowerCase(Locale.ROOT).endsWith(".glb") || name.length() == 4) {
            throw new CommandLine.ParameterException(cl, "--out: " + out + ", expected a .glb name (keys writes glTF"
                    + " binary, and the table beside it with .json in place of .glb)");
        }
        VatCommand.requireFps(cl, fps);
        int count = segmentCount(cl);
        Path table = out.resolveSibling(name.substring(0, name.length() - 4) + ".json");
        Outputs outputs = new Outputs(List.of(file));
        outputs.checkTargets(out, table);
        GltfAsset asset = Inputs.readGltf(file);
        int clipIndex = Inputs.clipIndex(file, asset.clips(), clip);
        AnimationClip animation = asset.clips().get(clipIndex);
        List<Part> skinned = new ArrayList<>();
        for (Part p : asset.parts()) {
            if (p.isSkinned()) {
                skinned.add(p);
            }
        }
        if (skinned.isEmpty()) {
            throw new SkinMeshException(file + ": no skinned primitive to bake (no node has both a skin and a mesh with"
                    + " a triangle primitive); nothing written");
        }
        if (!quiet.quiet()) {
            Inputs.noteReadWarnings(cl.getErr(), "skinmesh keys", file, asset);
        }
        quiet.noteScalarKernel();
        KeyframeOptions options = KeyframeOptions.DEFAULTS.withFps(fps).withSegments(count);
        KeyframeResult result;
        try (ConsoleProgress progress = quiet.progress()) {
            result = Keyframes.bake(asset.skeleton(), skinned, animation, options, progress);
        } catch (ValidationException e) {
            throw new SkinMeshException(file + ": " + KEYS_TERMS.apply(e.getMessage()), e);
        } catch (OutOfMemoryError e) {
            throw new OutOfMemory("baking keys of " + file, e);
        }
        String tableJson = result.toJson();
        GltfWriteOptions write = GltfWriteOptions.DEFAULTS.withExtras("{\"" + EXTRAS_KEY + "\": " + tableJson + "}");
        try (outputs) {
            outputs.write(out, stream -> {
                try {
                    GltfWriter.writeGlb(result.character(), stream, write);
                } catch (ValidationException e) {
                    throw new SkinMeshException(out + ": the keyframe meshes cannot be written as glTF: "
                            + e.getMessage(), e);
                }
            });
            outputs.write(table, tableJson.getBytes(StandardCharsets.UTF_8));
            outputs.commit();
        }
        PrintWriter w = cl.getOut();
        if (json) {
            w.print(Json.text(describe(file, animation, out, table, tableJson, result)));
        } else {
            w.printf(Locale.ROOT, "%s: clip %d '%s', %.6g s at %s fps (%d frames), %d vertices%s: %d segment%s%n", file,
                    clipIndex, animation.name(), (double) animation.duration(), DecimalText.of(fps),
                    result.frameCount(), result.vertexCount(), result.hasNormals() ? " with normals" : "",
                    result.segments().size(), result.segments().size() == 1 ? "" : "s");
            w.print(table(result).render());
            w.println("written: " + out + ", " + table);
        }
        w.flush();
        if (!quiet.quiet()) {
            PrintWriter err = cl.getErr();
            for (String warning : result.warnings()) {
                err.println("skinmesh keys: " + file + ": " + warning);
            }
            err.flush();
        }
        return SkinMeshCommand.OK;
    }

    /** @return the {@code --segments} value: {@link KeyframeOptions#AUTO_SEGMENTS} or the count */
    private int segmentCount(CommandLine cl) {
        if (segments.equals("auto")) {
            return KeyframeOptions.AUTO_SEGMENTS;
        }
        int n = -1;
        if (segments.matches("[0-9]{1,9}")) {
            n = Integer.parseInt(segments);
        }
        if (n < 1 || n > KeyframeOptions.MAX_SEGMENTS) {
            throw new CommandLine.ParameterException(cl, "--segments: " + segments + ", expected auto or 1.."
                    + KeyframeOptions.MAX_SEGMENTS);
        }
        return n;
    }

    /** The table printed on stdout: a row per segment, then the whole clip. */
    static Table table(KeyframeResult r) {
        Table t = new Table("segment", "frames", "start s", "end s", "key times s", "max error", "rms error",
                "thirds max");
        for (KeySegment s : r.segments()) {
            t.row(s.index(), s.firstFrame() + ".." + s.lastFrame(), number(s.start()), number(s.end()),
                    number(s.keyTime(1)) + " " + number(s.keyTime(2)), number(s.maxError()), number(s.rmsError()),
                    number(s.thirdsMaxError()));
        }
        return t.row("clip", "0.." + (r.frameCount() - 1), number(0), number(r.duration()), "", number(r.maxError()),
                number(r.rmsError()), "");
    }

    private static String number(double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }

    /** The {@code --json} object: the input, the outputs, the table of OUT.json and the warnings. */
    static ObjectNode describe(Path file, AnimationClip clip, Path out, Path table, String tableJson,
            KeyframeResult r) {
        ObjectNode root = Json.object();
        root.put("file", file.toString());
        root.put("clip", clip.name());
        ObjectNode outputs = root.putObject("outputs");
        outputs.put("glb", out.toString());
        outputs.put("json", table.toString());
        try {
            root.set("keys", EXACT.readTree(tableJson));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the table is JSON", e);
        }
        ArrayNode warnings = root.putArray("warnings");
        r.warnings().forEach(warnings::add);
        return root;
    }
}
