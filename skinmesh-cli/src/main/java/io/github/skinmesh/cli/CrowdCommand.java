package io.github.skinmesh.cli;

import io.github.skinmesh.core.SkinMeshException;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.gltf.GltfAsset;
import io.github.skinmesh.vat.VatClip;
import io.github.skinmesh.vat.VatEncoding;
import io.github.skinmesh.vat.VatFiles;
import io.github.skinmesh.vat.VatResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code skinmesh crowd}: bakes the bone-matrix texture of a character's clips and writes a web page
 * that draws a crowd of it in one instanced WebGL 2 draw, with the per-instance data and the
 * texture's manifest.
 */
@Command(name = "crowd", mixinStandardHelpOptions = true,
        description = {"Bakes the bone-matrix texture of the clips and writes DIR/index.html, a web page that draws"
            + " a crowd of the character in one instanced WebGL 2 draw: each instance plays its own clip from its own"
            + " phase at its own speed, skinned in the vertex shader from the texture with the GLSL functions"
            + " skinmesh-vat ships, blending the two frames around its time.",
            "The page is self-contained (the mesh, the texture and the instances are embedded; it loads nothing):"
            + " open it in a browser with WebGL 2. Drag to orbit, wheel or pinch to zoom, double-click to reset;"
            + " it shows the instance count and the frame rate, and says what is missing when the browser lacks"
            + " WebGL 2 or float textures or the texture is larger than the device allows. #t=0.5 after the address"
            + " draws a still frame at 0.5 s.",
            "Also writes bones.exr and manifest.json (the format of bones-texture, rows of at most 2048 texels),"
            + " instances.json: per instance its clip, phase, speed and transform (a grid on the ground, seeded"
            + " headings), and bounds.json: each instance's bounds over its whole clip and the batch's. The same"
            + " input and --seed give the same bytes (formats in docs/crowd.md).",
            "Parts with several bone palettes are combined into one skinned mesh first. A texture taller than 2048"
            + " rows (what every WebGL 2 device allows) is a warning; more than 16384 rows an error."})
final class CrowdCommand implements Callable<Integer> {
    @Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A .glb or .gltf file with a skinned character.")
    Path file;

    @Option(names = "--clip", paramLabel = "C", required = true, arity = "1..*",
            description = "Clips to bake, in texture order: a name, or an index when an integer; several values or "
                + "the option repeated (at most " + Crowd.MAX_CLIPS + ").")
    List<String> clips;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "Output folder (created if missing).")
    Path out;

    @Option(names = "--instances", paramLabel = "N", defaultValue = "" + Crowd.DEFAULT_INSTANCES,
            description = "Instances in the crowd, 1.." + Crowd.MAX_INSTANCES + " (default: ${DEFAULT-VALUE}).")
    int instances;

    @Option(names = "--fps", paramLabel = "F", defaultValue = "30",
            description = "Frames per second of the texture (default: ${DEFAULT-VALUE}).")
    float fps;

    @Option(names = "--encoding", paramLabel = "float|half", defaultValue = "half",
            description = "Texel encoding of the texture: float or half (default: ${DEFAULT-VALUE}).")
    String encoding;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of the instances' clips, phases, speeds and headings (default: ${DEFAULT-VALUE}).")
    long seed;

    @Mixin
    QuietOption quiet;

    @Override
    public Integer call() {
        CommandLine cl = spec.commandLine();
        Inputs.requireRange(cl, "--instances", instances, 1, Crowd.MAX_INSTANCES);
        VatCommand.requireFps(cl, fps);
        VatEncoding texels = switch (encoding) {
            case "float" -> VatEncoding.FLOAT;
            case "half" -> VatEncoding.HALF;
            default -> throw new CommandLine.ParameterException(cl, "--encoding: " + encoding
                    + ", expected float or half (a bone texture holds matrices, which have no fixed range)");
        };
        if (clips.size() > Crowd.MAX_CLIPS) {
            throw new CommandLine.ParameterException(cl, "--clip: " + clips.size() + " clips, expected at most "
                    + Crowd.MAX_CLIPS + " (the page's vertex shader holds the clip table in uniforms)");
        }
        AnimationTextures.requireFolder(out);
        Outputs outputs = new Outputs(List.of(file));
        outputs.checkTargets(out.resolve(Crowd.TEXTURE), out.resolve(VatFiles.MANIFEST),
                out.resolve(Crowd.INSTANCES), out.resolve(Crowd.BOUNDS), out.resolve(Crowd.PAGE));
        GltfAsset asset = Inputs.readGltf(file, Inputs.WITHOUT_PIXELS);
        PrintWriter err = cl.getErr();
        if (!quiet.quiet()) {
            Inputs.noteDroppedImages(err, "skinmesh crowd", file, asset, "the page draws that material's color factor");
            Inputs.noteReadWarnings(err, "skinmesh crowd", file, asset);
        }
        List<Integer> indices = new ArrayList<>();
        for (String c : clips) {
            indices.add(Inputs.clipIndex(file, asset.clips(), c));
        }
        Character source = asset.character();
        if (source.parts().stream().noneMatch(p -> p.isSkinned() || p.attachBone() != null)) {
            throw new SkinMeshException(file + ": no skinned mesh and no mesh hanging from a bone; a crowd page draws"
                    + " an animated character");
        }
        Crowd crowd;
        try {
            Character character = Crowd.drawable(source);
            if (character != source && !quiet.quiet()) {
                err.println("skinmesh crowd: " + file + ": the " + source.parts().size() + " parts have more than one"
                        + " bone palette (or are rigid); combined into one skinned mesh for the bone texture");
                err.flush();
            }
            // combining keeps the clips, in order
            List<AnimationClip> selected = new ArrayList<>();
            for (int i : indices) {
                selected.add(character.clips().get(i));
            }
            try (ConsoleProgress progress = quiet.progress()) {
                crowd = Crowd.build(character, selected, new Crowd.Settings(instances, fps, texels, seed), progress);
            }
        } catch (SkinMeshException e) {
            throw new SkinMeshException(file + ": " + e.getMessage(), e);
        } catch (OutOfMemoryError e) {
            throw new OutOfMemory("baking the crowd of " + file, e);
        }
        if (!quiet.quiet()) {
            for (String w : crowd.warnings()) {
                err.println("skinmesh crowd: " + file + ": " + w);
            }
        }
        err.flush();
        try (outputs) {
            for (Map.Entry<String, byte[]> f : crowd.files().entrySet()) {
                outputs.write(out.resolve(f.getKey()), f.getValue());
            }
            outputs.commit();
        }
        PrintWriter w = cl.getOut();
        report(w, file.toString(), crowd);
        w.println("files written:");
        for (Path p : outputs.written()) {
            w.println("  " + p);
        }
        w.flush();
        return SkinMeshCommand.OK;
    }

    /** Prints what the crowd holds: instances, mesh, clips, texture and error, and how to open the page. */
    static void report(PrintWriter w, String source, Crowd crowd) {
        VatResult bake = crowd.bake();
        CrowdMesh mesh = crowd.mesh();
        CrowdInstances inst = crowd.instances();
        w.printf(Locale.ROOT, "%s: %d instance%s of '%s' in one instanced draw: %d vertices, %d triangles and %d bones"
                + " each, %d influences per vertex%n", source, inst.count(), inst.count() == 1 ? "" : "s",
                crowd.character().name(), mesh.vertexCount(), mesh.triangleCount(), mesh.paletteSize(),
                mesh.influences());
        Table clips = new Table("clip", "frames", "fps", "duration s", "loops", "max error", "instances");
        int[] perClip = new int[bake.clips().size()];
        for (int i = 0; i < inst.count(); i++) {
            perClip[inst.clip(i)]++;
        }
        for (int c = 0; c < bake.clips().size(); c++) {
            VatClip clip = bake.clips().get(c);
            clips.row(clip.name(), clip.frames(), clip.fps(), String.format(Locale.ROOT, "%.3f", clip.duration()),
                    clip.loop() ? "yes" : "no", String.format(Locale.ROOT, "%.3g", clip.maxError()), perClip[c]);
        }
        w.print(clips.render());
        w.printf(Locale.ROOT, "bones texture: %dx%d texels, %s, %d bytes; max error %.3g, RMS %.3g model units (every"
                + " vertex of every frame against exact skinning)%n", bake.width(), bake.height(),
                bake.encoding().manifestName(), bake.byteLength(), bake.maxError(), bake.rmsError());
        w.printf(Locale.ROOT, "instances: a %d-column grid, %.3g model units apart; phases, speeds %.1f..%.1f and"
                + " headings from seed %d; frames blended in the vertex shader%n", inst.columns(), inst.spacing(),
                CrowdInstances.MIN_SPEED, CrowdInstances.MAX_SPEED, inst.seed());
        w.printf(Locale.ROOT, "page: %s, %d bytes, self-contained; open it in a browser with WebGL 2%n", Crowd.PAGE,
                crowd.pageBytes());
    }
}
