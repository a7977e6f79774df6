package io.github.skinmesh.cli;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.anim.AnimatedBounds;
import io.github.skinmesh.core.anim.AnimatedBoundsOptions;
import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.TextureRef;
import io.github.skinmesh.core.skinning.PalettePacking;
import io.github.skinmesh.core.validate.MeshValidator;
import io.github.skinmesh.core.validate.ValidationReport;
import io.github.skinmesh.gltf.GltfWriter;
import io.github.skinmesh.testkit.humanoid.Humanoid;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.joml.Matrix4f;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code skinmesh demo}: runs the pipeline on the built-in procedural character and writes real
 * outputs. Each capability of skinmesh adds its step here.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Runs the pipeline on the built-in procedural character (six parts sharing one skeleton, "
            + "with textures and clips) and writes its outputs.",
            "Steps: generate, validate, sample and skin the walk cycle, animated bounds, bone palettes for GPU "
            + "skinning (3x4 float and half), write the character as glTF binary.",
            "Prints a report and the list of files written, and its progress on stderr when that is a terminal. "
            + "With --quiet, stdout holds only the list of files written and stderr only errors."})
final class DemoCommand implements Callable<Integer> {
    /** Frames per second at which the demo samples the walk cycle. */
    static final int FPS = 30;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "skinmesh-demo",
            description = "Output folder (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the generated character (default: ${DEFAULT-VALUE}).")
    long seed;

    @Mixin
    QuietOption quiet;

    @Override
    public Integer call() {
        PrintWriter w = spec.commandLine().getOut();
        Outputs outputs = new Outputs(List.of());
        Humanoid h = Humanoids.generate(seed);
        Skeleton skeleton = h.skeleton();

        // 1. validate every part against the skeleton
        List<ValidationReport> reports = new ArrayList<>();
        for (Mesh part : h.parts()) {
            reports.add(MeshValidator.validate(part, skeleton));
        }

        // 2. sample the walk cycle and skin every part at every frame
        AnimationClip walk = h.walk();
        quiet.noteScalarKernel();
        WalkResult walked;
        Bounds conservative;
        try (ConsoleProgress progress = quiet.progress()) {
            walked = skinClip(h, walk, progress);
            // 3. animated bounds: exact from the frames skinned above, conservative from per-bone boxes
            AnimatedBoundsOptions boxes = AnimatedBoundsOptions.DEFAULTS
                    .withMethod(AnimatedBoundsOptions.Method.CONSERVATIVE);
            conservative = AnimatedBounds.compute(h.character(), walk, boxes, progress).bounds();
        }

        // 4. outputs: the character as glTF, the sampled walk, the GPU palettes, the textures
        Character character = h.character();
        try (outputs) {
            outputs.write(out.resolve("humanoid.glb"), stream -> GltfWriter.writeGlb(character, stream));
            String t = String.format(Locale.ROOT, "%.2f", walked.sampleTime);
            outputs.write(out.resolve("walk.t" + t + ".positions.bin"), Outputs.littleEndian(walked.samplePositions));
            outputs.write(out.resolve("walk.palette3x4.f32.bin"), walked.paletteFloat);
            outputs.write(out.resolve("walk.palette3x4.f16.bin"), walked.paletteHalf);
            for (Mesh part : h.parts()) {
                for (Material m : part.materials()) {
                    TextureRef tex = m.texture(Material.BASE_COLOR);
                    if (tex != null) {
                        Image img = tex.image();
                        String ext = img.mimeType().equals("image/png") ? ".png" : img.mimeType().equals("image/jpeg") ? ".jpg" : ".img";
                        outputs.write(out.resolve("textures").resolve(part.name() + ext), img.data());
                    }
                }
            }
            outputs.commit();
        }

        if (!quiet.quiet()) {
            printReport(w, h, reports, walk, walked, conservative);
        }
        w.println("files written:");
        for (Path p : outputs.written()) {
            w.println("  " + p);
        }
        w.flush();
        int errors = reports.stream().mapToInt(ValidationReport::errorCount).sum();
        return errors == 0 ? SkinMeshCommand.OK : SkinMeshCommand.BAD_INPUT;
    }

    /** What sampling and skinning the walk produced. */
    static final class WalkResult {
        int frames;
        long skinnedVertices;
        Bounds bounds = Bounds.EMPTY;
        float sampleTime;
        float[] samplePositions;
        byte[] paletteFloat;
        byte[] paletteHalf;
    }

    /**
     * Samples {@code clip} at {@value #FPS} fps (play-once clamped, last frame at the duration),
     * skins every part's positions at every frame (for the bounds and the sample frame), and packs
     * the character's bone palette per frame: bone {@code b} of the skeleton gets
     * {@code model(b) * inverse(restModel(b))} (bind pose = rest pose). Reports each frame to
     * {@code progress} and stops with a {@link io.github.skinmesh.core.CancelledException} when it
     * asks to.
     */
    static WalkResult skinClip(Humanoid h, AnimationClip clip, Progress progress) {
        Skeleton skeleton = h.skeleton();
        int bones = skeleton.boneCount();
        CharacterPoser poser = CharacterPoser.bind(h.character(), clip);
        PosedVertices posed = poser.newOutput();
        float[] model = new float[16 * bones];
        float[] inverseRest = skeleton.restModelMatricesInto(new float[16 * bones], 0);
        Matrix4f m = new Matrix4f();
        Matrix4f ibm = new Matrix4f();
        for (int b = 0; b < bones; b++) {
            m.set(inverseRest, 16 * b).invertAffine().get(inverseRest, 16 * b);
        }
        float[] characterPalette = new float[16 * bones];

        WalkResult r = new WalkResult();
        r.frames = (int) Math.ceil(clip.duration() * FPS) + 1;
        int sampleFrame = r.frames / 2;
        ByteBuffer f32 = ByteBuffer.allocate(r.frames * bones * PalettePacking.FLOAT_BYTES_PER_BONE).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer f16 = ByteBuffer.allocate(r.frames * bones * PalettePacking.HALF_BYTES_PER_BONE).order(ByteOrder.LITTLE_ENDIAN);
        r.samplePositions = new float[3 * (int) poser.vertexCount()];
        String stage = "skinning " + clip.name() + " frames";
        for (int f = 0; f < r.frames; f++) {
            progress.checkCancelled("demo");
            progress.update(stage, f, r.frames);
            float t = Math.min(f / (float) FPS, clip.duration());
            poser.poseInto(t, posed);
            r.bounds = r.bounds.union(posed.bounds());
            r.skinnedVertices += poser.vertexCount();
            if (f == sampleFrame) {
                posed.positionsInto(r.samplePositions, 0);
                r.sampleTime = t;
            }
            poser.modelMatricesInto(model, 0);
            for (int b = 0; b < bones; b++) {
                m.set(model, 16 * b).mulAffine(ibm.set(inverseRest, 16 * b)).get(characterPalette, 16 * b);
            }
            PalettePacking.packFloat3x4Into(characterPalette, 0, bones, f32);
            PalettePacking.packHalf3x4Into(characterPalette, 0, bones, f16, io.github.skinmesh.core.skinning.PackingOptions.DEFAULTS);
        }
        progress.update(stage, r.frames, r.frames);
        r.paletteFloat = f32.array();
        r.paletteHalf = f16.array();
        return r;
    }

    private static void printReport(PrintWriter w, Humanoid h, List<ValidationReport> reports, AnimationClip walk,
            WalkResult walked, Bounds conservative) {
        Skeleton skeleton = h.skeleton();
        w.printf(Locale.ROOT, "skinmesh demo: procedural humanoid, seed %d, %.2f m tall%n", h.seed(), h.height());
        w.printf(Locale.ROOT, "skeleton: %d bones; clips:", skeleton.boneCount());
        for (AnimationClip c : h.clips()) {
            w.printf(Locale.ROOT, " %s %.3f s (%d channels)", c.name(), c.duration(), c.channels().size());
        }
        w.println();
        w.println();
        Table table = new Table("part", "vertices", "triangles", "bones", "draw calls", "texture bytes", "errors", "warnings");
        long vertices = 0;
        long triangles = 0;
        long draws = 0;
        long textureBytes = 0;
        int errors = 0;
        int warnings = 0;
        for (int i = 0; i < h.parts().size(); i++) {
            Mesh part = h.parts().get(i);
            ValidationReport r = reports.get(i);
            long tex = textureBytes(part);
            table.row(part.name(), part.vertexCount(), part.triangleCount(), part.skin().paletteSize(),
                    part.submeshes().size(), tex, r.errorCount(), r.warningCount());
            vertices += part.vertexCount();
            triangles += part.triangleCount();
            draws += part.submeshes().size();
            textureBytes += tex;
            errors += r.errorCount();
            warnings += r.warningCount();
        }
        table.row("total", vertices, triangles, skeleton.boneCount(), draws, textureBytes, errors, warnings);
        w.print(table.render());
        w.println();
        for (ValidationReport r : reports) {
            if (!r.isClean()) {
                w.print(r.toText());
            }
        }
        w.printf(Locale.ROOT, "%s: %d frames at %d fps, %d vertices skinned (linear blend, %s)%n", walk.name(),
                walked.frames, FPS, walked.skinnedVertices, SkinningKernels.name());
        w.printf(Locale.ROOT, "animated bounds (%s): exact %s%n", walk.name(), format(walked.bounds));
        w.printf(Locale.ROOT, "animated bounds (%s): conservative %s%n", walk.name(), format(conservative));
        w.printf(Locale.ROOT, "bone palettes: %d frames x %d bones, %d bytes as 3x4 float, %d bytes as 3x4 half%n",
                walked.frames, skeleton.boneCount(), walked.paletteFloat.length, walked.paletteHalf.length);
        w.println();
    }

    private static long textureBytes(Mesh part) {
        long sum = 0;
        for (Material m : part.materials()) {
            for (TextureRef t : m.textures().values()) {
                sum += t.image().byteLength();
            }
        }
        return sum;
    }

    private static String format(Bounds b) {
        return String.format(Locale.ROOT, "min (%.3f, %.3f, %.3f) max (%.3f, %.3f, %.3f)", b.minX(), b.minY(), b.minZ(),
                b.maxX(), b.maxY(), b.maxZ());
    }
}
