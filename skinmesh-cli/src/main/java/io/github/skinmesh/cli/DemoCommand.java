package io.github.skinmesh.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.atlas.AtlasOptions;
import io.github.skinmesh.atlas.AtlasPage;
import io.github.skinmesh.atlas.AtlasResult;
import io.github.skinmesh.atlas.Atlases;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.anim.AnimatedBounds;
import io.github.skinmesh.core.anim.AnimatedBoundsOptions;
import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.combine.CombineReport;
import io.github.skinmesh.core.combine.CombineResult;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.TextureRef;
import io.github.skinmesh.core.partition.BoneReduction;
import io.github.skinmesh.core.partition.Partition;
import io.github.skinmesh.core.partition.PartitionMode;
import io.github.skinmesh.core.partition.PartitionOptions;
import io.github.skinmesh.core.partition.PartitionReport;
import io.github.skinmesh.core.partition.PartitionResult;
import io.github.skinmesh.core.partition.ReduceReport;
import io.github.skinmesh.core.skinning.PalettePacking;
import io.github.skinmesh.core.validate.MeshValidator;
import io.github.skinmesh.core.validate.ValidationReport;
import io.github.skinmesh.gltf.GltfWriter;
import io.github.skinmesh.laya.LayaModels;
import io.github.skinmesh.laya.LmWriteOptions;
import io.github.skinmesh.laya.LmWriteResult;
import io.github.skinmesh.testkit.humanoid.Humanoid;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import io.github.skinmesh.vat.BoneTextureOptions;
import io.github.skinmesh.vat.Vat;
import io.github.skinmesh.vat.VatClip;
import io.github.skinmesh.vat.VatDecoder;
import io.github.skinmesh.vat.VatEncoding;
import io.github.skinmesh.vat.VatFormat;
import io.github.skinmesh.vat.VatOptions;
import io.github.skinmesh.vat.VatResult;
import io.github.skinmesh.vat.VatStreams;
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
            "Steps: generate, validate, combine the six parts into one skinned mesh, atlas the parts' textures and combine "
            + "again (one draw call per render state), partition the combined mesh into draws of at most 24 bones (greedy as "
            + "LayaAir's exporter, and optimized), reduce it to 24 bones with the error, sample and skin the walk cycle, "
            + "animated bounds, bone palettes for GPU skinning (3x4 float and half), draw six phases of the walk into "
            + "a PNG, bake the walk of the combined mesh for GPU crowds both ways (vertex animation textures of positions "
            + "and normals, unorm16 PNG, in vat/; a bone-matrix texture, half EXR, in bones/; each with its manifest.json,"
            + " its measured error and a PNG picture of each texture), write the character and the combined character as glTF binary and the combined, partitioned mesh as a "
            + "LayaAir .lm, and a web page drawing a crowd of " + Crowd.DEFAULT_INSTANCES + " of the combined character in "
            + "one instanced WebGL 2 draw (crowd/index.html). Each raw .bin output has a .json beside it giving its layout.",
            "Prints a report and the list of files written, and its progress on stderr when that is a terminal. "
            + "With --quiet, stdout holds only the list of files written and stderr only errors."})
final class DemoCommand implements Callable<Integer> {
    /** Bones per draw the demo partitions the combined mesh into: LayaAir's limit. */
    static final int PARTITION_BONES = 24;
    /** Frames per second at which the demo samples the walk cycle. */
    static final int FPS = 30;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "skinmesh-demo",
            description = "Output folder (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of the generated character (default: ${DEFAULT-VALUE}).")
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

        // 2. combine the six parts into one skinned mesh on the skeleton
        Character character = h.character();
        CombineResult combined = Combine.combineCharacters(List.of(character), CombineOptions.DEFAULTS);

        // 2b. atlas the parts' textures, then combine the atlased parts: one draw call per render state
        AtlasResult atlas = Atlases.atlasCharacter(character, AtlasOptions.DEFAULTS, Progress.NONE);
        CombineResult atlasCombined = Combine.combineCharacters(List.of(atlas.applyTo(character)),
                CombineOptions.DEFAULTS);

        // 2b. partition the combined mesh into draws of at most 24 bones, as LayaAir's exporter does and optimized
        PartitionReport greedy = Partition.partition(combined.mesh(), PARTITION_BONES,
                PartitionOptions.DEFAULTS.withMode(PartitionMode.GREEDY)).report();
        PartitionResult optimizedResult = Partition.partition(combined.mesh(), PARTITION_BONES);
        PartitionReport optimized = optimizedResult.report();
        // 2d. the combined, partitioned mesh as a LayaAir .lm (glTF conventions converted, the optimized draws kept)
        LmWriteResult lm = LayaModels.write(optimizedResult.mesh(), LmWriteOptions.DEFAULTS);

        // 2c. the crowd level of detail: fold bones until the combined mesh keeps 24 with weight, error measured on its clips
        Character whole = combined.character();
        ReduceReport reduced = BoneReduction.reduceBones(combined.mesh(), whole.skeleton(), PARTITION_BONES,
                whole.clips()).report();

        // 3. sample the walk cycle and skin every part at every frame
        AnimationClip walk = h.walk();
        quiet.noteScalarKernel();
        WalkResult walked;
        Bounds conservative;
        Crowd crowd;
        try (ConsoleProgress progress = quiet.progress()) {
            walked = skinClip(h, walk, progress);
            // 4. animated bounds: exact from the frames skinned above, conservative from per-bone boxes
            AnimatedBoundsOptions boxes = AnimatedBoundsOptions.DEFAULTS
                    .withMethod(AnimatedBoundsOptions.Method.CONSERVATIVE);
            conservative = AnimatedBounds.compute(h.character(), walk, boxes, progress).bounds();
            // 4b. a crowd of the combined character on a web page: its clips in a bone texture, one instanced draw
            crowd = Crowd.build(combined.character(), combined.character().clips(),
                    new Crowd.Settings(Crowd.DEFAULT_INSTANCES, FPS, VatEncoding.HALF, seed), progress);
        }

        // 5. a picture of the walk
        WalkPreview.Picture preview = WalkPreview.render(character, walk);

        // 5b. the walk baked for GPU crowds, both ways: vertex animation textures and a bone-matrix texture of the
        // combined mesh (one palette), with a picture of each texture
        Baked baked;
        try (ConsoleProgress progress = quiet.progress()) {
            baked = bake(combined.character(), walk, progress);
        }

        // 6. outputs: the character and the combined character as glTF, the sampled walk, the GPU palettes (each raw file with a JSON
        // describing its layout), the picture, the textures
        try (outputs) {
            outputs.write(out.resolve(GLB), stream -> GltfWriter.writeGlb(character, stream));
            outputs.write(out.resolve(COMBINED_GLB), stream -> GltfWriter.writeGlb(combined.character(), stream));
            outputs.write(out.resolve(ATLAS_GLB), stream -> GltfWriter.writeGlb(atlasCombined.character(), stream));
            outputs.write(out.resolve(COMBINED_LM), lm::writeTo);
            for (Image page : atlas.images()) {
                outputs.write(out.resolve(ATLAS_DIR).resolve(page.name()), page.data());
            }
            String t = String.format(Locale.ROOT, "%.2f", walked.sampleTime);
            String positions = "walk.t" + t + ".positions";
            outputs.write(out.resolve(positions + ".bin"), Outputs.littleEndian(walked.samplePositions));
            outputs.write(out.resolve(positions + ".json"), Json.bytes(positionsLayout(positions + ".bin", character,
                    walk, walked)));
            for (boolean half : new boolean[] {false, true}) {
                String palette = half ? PALETTE_HALF : PALETTE_FLOAT;
                outputs.write(out.resolve(palette + ".bin"), half ? walked.paletteHalf : walked.paletteFloat);
                outputs.write(out.resolve(palette + ".json"), Json.bytes(paletteLayout(palette + ".bin", half,
                        skeleton, walk, walked)));
            }
            outputs.write(out.resolve(PREVIEW), preview.png());
            for (AnimationTextures.BakeFile f : baked.vatFiles) {
                outputs.write(out.resolve(VAT_DIR).resolve(f.name()), f.bytes());
            }
            outputs.write(out.resolve(VAT_DIR).resolve(POSITIONS_PREVIEW), baked.positionsPreview.png());
            outputs.write(out.resolve(VAT_DIR).resolve(NORMALS_PREVIEW), baked.normalsPreview.png());
            for (AnimationTextures.BakeFile f : baked.bonesFiles) {
                outputs.write(out.resolve(BONES_DIR).resolve(f.name()), f.bytes());
            }
            outputs.write(out.resolve(BONES_DIR).resolve(BONES_PREVIEW), baked.bonesPreview.png());
            crowd.files().forEach((name, bytes) -> outputs.write(out.resolve(CROWD_DIR).resolve(name), bytes));
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
            CombineReport c = combined.report();
            w.printf(Locale.ROOT, "combine: %d parts -> %d skinned mesh (%s): draw calls %d -> %d (one per material),"
                    + " vertices %d -> %d, bones %d -> %d%n", c.partsBefore(), c.partsAfter(), COMBINED_GLB,
                    c.drawCallsBefore(), c.drawCallsAfter(), c.verticesBefore(), c.verticesAfter(), c.bonesBefore(),
                    c.bonesAfter());
            w.println(atlasLine(atlas, atlasCombined));
            w.print(beforeAfter(h, reports, combined, atlasCombined).render());
            w.println();
            w.printf(Locale.ROOT, "partition: the combined mesh in draws of at most %d bones (lower bound %d draws)%n",
                    PARTITION_BONES, optimized.lowerBound());
            w.print(new Table("mode", "draws", "duplicated vertices", "vertices", "max bones per draw")
                    .row("greedy (LayaAir exporter)", greedy.draws(), greedy.duplicatedVertices(), greedy.verticesAfter(),
                            greedy.maxBonesPerDraw())
                    .row("optimized", optimized.draws(), optimized.duplicatedVertices(), optimized.verticesAfter(),
                            optimized.maxBonesPerDraw())
                    .render());
            w.printf(Locale.ROOT, "lm: the optimized draws as LayaAir %s (%s): %d vertices, %d draws, %d-bit indices, %d"
                    + " bytes%n", "LAYAMODEL:0501", COMBINED_LM, lm.vertexCount(), lm.drawCount(), 8 * lm.indexBytes(),
                    lm.size());
            for (String warning : lm.warnings()) {
                w.printf(Locale.ROOT, "  %s%n", warning);
            }
            w.printf(Locale.ROOT, "reduce: the combined mesh from %d to %d bones with weight (crowd level of detail, one"
                    + " draw of %d): max error %.4f, RMS %.4f model units over %d sampled poses of its clips%n",
                    reduced.bonesBefore(), reduced.bonesAfter(), PARTITION_BONES, reduced.maxError(), reduced.rmsError(),
                    reduced.sampledPoses());
            VatResult bones = crowd.bake();
            w.printf(Locale.ROOT, "crowd: %d instances of the combined mesh in one instanced WebGL 2 draw, each playing"
                    + " one of %s from its own phase at its own speed, skinned from a %dx%d %s bone texture (max"
                    + " error %.2g): open %s/%s in a browser; a headless browser's screenshot needs a still"
                    + " frame, the page's #t= parameter: %s/%s#t=0.5 draws the crowd at 0.5 s as soon as it loads"
                    + " (its other URL parameters set the camera)%n", crowd.instances().count(),
                    String.join(" or ", bones.clips().stream().map(VatClip::name).toList()), bones.width(), bones.height(),
                    bones.encoding().manifestName(), bones.maxError(), CROWD_DIR, Crowd.PAGE, CROWD_DIR, Crowd.PAGE);
            w.println();
            printBaked(w, walk, baked);
            w.println();
            w.printf(Locale.ROOT, "%s opens in any glTF viewer: drag it into a web viewer such as the Khronos glTF "
                    + "Sample Viewer or the three.js editor.%n", GLB);
            w.printf(Locale.ROOT, "%s: %d phases of %s side by side, seen from the character's right (%dx%d).%n", PREVIEW,
                    WalkPreview.PANELS, walk.name(), preview.width(), preview.height());
            w.println("Each raw .bin has a .json beside it giving its layout (values, order, byte order, bone names, "
                    + "frame times).");
            w.println();
        }
        w.println("files written:");
        for (Path p : outputs.written()) {
            w.println("  " + p);
        }
        w.flush();
        int errors = reports.stream().mapToInt(ValidationReport::errorCount).sum();
        return errors == 0 ? SkinMeshCommand.OK : SkinMeshCommand.BAD_INPUT;
    }

    /** The character as glTF binary. */
    static final String GLB = "humanoid.glb";
    /** The character's parts combined into one skinned mesh, as glTF binary. */
    static final String COMBINED_GLB = "humanoid.combined.glb";
    /** The combined mesh partitioned into draws of at most 24 bones, as a LayaAir {@code .lm}. */
    static final String COMBINED_LM = "humanoid.combined.lm";
    /** The parts atlased, then combined: one submesh per render state, as glTF binary. */
    static final String ATLAS_GLB = "humanoid.atlas.glb";
    /** The folder of the atlas pages. */
    static final String ATLAS_DIR = "atlas";
    /** The walk's bone palettes as 3x4 floats, without the {@code .bin}/{@code .json} extension. */
    static final String PALETTE_FLOAT = "walk.palette3x4.f32";
    /** The walk's bone palettes as 3x4 halves, without the {@code .bin}/{@code .json} extension. */
    static final String PALETTE_HALF = "walk.palette3x4.f16";
    /** The picture of the walk. */
    static final String PREVIEW = "walk.preview.png";
    /** The folder of the walk's vertex animation textures and their manifest. */
    static final String VAT_DIR = "vat";
    /** The folder of the walk's bone-matrix texture and its manifest. */
    static final String BONES_DIR = "bones";
    /** The picture of the positions texture, in {@link #VAT_DIR}. */
    static final String POSITIONS_PREVIEW = "positions.preview.png";
    /** The picture of the normals texture, in {@link #VAT_DIR}. */
    static final String NORMALS_PREVIEW = "normals.preview.png";
    /** The picture of the bone texture, in {@link #BONES_DIR}. */
    static final String BONES_PREVIEW = "bones.preview.png";
    /**
     * Largest width of the demo's vertex animation textures: the 9,555 vertices of a frame take 10 rows (of 956
     * texels), so the texture (and its picture) is about three times as wide as high instead of 33 times at the
     * default 4096.
     */
    static final int VAT_MAX_WIDTH = 1024;
    /** How the demo bakes the vertex animation textures: positions and normals, 16-bit normalized, as PNG. */
    static final VatOptions VAT_OPTIONS = VatOptions.DEFAULTS.withFps(FPS).withEncoding(VatEncoding.UNORM16)
            .withStreams(VatStreams.POSITIONS_NORMALS).withMaxWidth(VAT_MAX_WIDTH);
    /** The file format of the vertex animation textures. */
    static final VatFormat VAT_FORMAT = VatFormat.PNG;
    /** How the demo bakes the bone-matrix texture: half floats. */
    static final BoneTextureOptions BONES_OPTIONS = BoneTextureOptions.DEFAULTS.withFps(FPS)
            .withEncoding(VatEncoding.HALF);
    /** The file format of the bone-matrix texture. */
    static final VatFormat BONES_FORMAT = VatFormat.EXR;
    /** The folder of the crowd page, its bone texture, manifest and instances. */
    static final String CROWD_DIR = "crowd";
    /** Version of the layout descriptions; changes only when a field is removed or changes meaning. */
    static final int LAYOUT_VERSION = 1;

    /** The description of the sampled positions file: vertices per part, in order, float32 xyz. */
    static ObjectNode positionsLayout(String file, Character character, AnimationClip clip, WalkResult walked) {
        ObjectNode o = Json.object();
        o.put("format", "skinmesh demo positions");
        o.put("formatVersion", LAYOUT_VERSION);
        o.put("file", file);
        o.put("layout", "vertexCount x 3 values (x, y, z), the parts' vertices one part after the other in the "
                + "order of parts");
        o.put("encoding", "float32");
        o.put("byteOrder", "little-endian");
        o.put("space", "model space of the character (glTF axes: +Y up, +Z front), skinned by linear blend");
        o.put("clip", clip.name());
        o.put("time", walked.sampleTime);
        long total = character.vertexCount();
        o.put("vertexCount", total);
        o.put("byteLength", 12L * total);
        ArrayNode parts = o.putArray("parts");
        long first = 0;
        for (Part part : character.parts()) {
            int n = part.mesh().vertexCount();
            parts.addObject().put("name", part.name()).put("firstVertex", first).put("vertexCount", n)
                    .put("byteOffset", 12L * first).put("byteLength", 12L * n);
            first += n;
        }
        return o;
    }

    /** The description of a palette file: frames x bones x 12 values, with the bones and the frame times. */
    static ObjectNode paletteLayout(String file, boolean half, Skeleton skeleton, AnimationClip clip,
            WalkResult walked) {
        int bytesPerValue = half ? 2 : 4;
        int bones = skeleton.boneCount();
        ObjectNode o = Json.object();
        o.put("format", "skinmesh demo bone palettes");
        o.put("formatVersion", LAYOUT_VERSION);
        o.put("file", file);
        o.put("layout", "frames x bones x 12 values");
        o.put("encoding", half ? "float16 (IEEE 754 binary16)" : "float32");
        o.put("byteOrder", "little-endian");
        o.put("frames", walked.frames);
        o.put("boneCount", bones);
        o.put("valuesPerBone", PalettePacking.VALUES_PER_BONE);
        o.put("bytesPerValue", bytesPerValue);
        o.put("bytesPerBone", half ? PalettePacking.HALF_BYTES_PER_BONE : PalettePacking.FLOAT_BYTES_PER_BONE);
        o.put("byteLength", (long) walked.frames * bones * PalettePacking.VALUES_PER_BONE * bytesPerValue);
        o.put("offset", "byte offset of value k (0..11) of bone b in frame f: ((f * boneCount + b) * 12 + k) * "
                + "bytesPerValue");
        o.put("matrix", "the bone's skin matrix S = model(bone) * inverse(restModel(bone)) (the meshes are bound in "
                + "the rest pose), as 3 rows of 4, row-major: S00 S01 S02 S03 S10 S11 S12 S13 S20 S21 S22 S23; the "
                + "4th row is 0 0 0 1. A vertex p bound to bones b_i with weights w_i moves to "
                + "sum_i w_i * S(b_i) * (p, 1)");
        o.put("boneOrder", "the skeleton's (parents before children); a mesh joint is the bone of the same name, "
                + "as in the .glb's skins");
        o.put("clip", clip.name());
        o.put("fps", FPS);
        o.put("duration", clip.duration());
        o.put("timing", "frame f is the pose at min(f / fps, duration): play once, the last frame at the duration");
        ArrayNode times = o.putArray("frameTimes");
        for (int f = 0; f < walked.frames; f++) {
            times.add(frameTime(clip, f));
        }
        ArrayNode list = o.putArray("bones");
        for (int b = 0; b < bones; b++) {
            list.addObject().put("index", b).put("name", skeleton.boneName(b)).put("parent", skeleton.parent(b));
        }
        return o;
    }

    /** @return the time of frame {@code f} of the demo's sampling: {@code min(f / FPS, duration)} */
    static float frameTime(AnimationClip clip, int f) {
        return Math.min(f / (float) FPS, clip.duration());
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
            float t = frameTime(clip, f);
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

    /** The walk baked both ways: the bakes, their files and the pictures of their textures. */
    record Baked(VatResult vat, List<AnimationTextures.BakeFile> vatFiles, TexturePreview.Picture positionsPreview,
            TexturePreview.Picture normalsPreview, VatResult bones, List<AnimationTextures.BakeFile> bonesFiles,
            TexturePreview.Picture bonesPreview) {
    }

    /**
     * Bakes a clip of a character with one skinned mesh into vertex animation textures
     * ({@link #VAT_OPTIONS}) and a bone-matrix texture ({@link #BONES_OPTIONS}), and draws each texture.
     */
    static Baked bake(Character combined, AnimationClip clip, Progress progress) {
        VatResult vat = Vat.bakeVertexTextures(combined, List.of(clip), VAT_OPTIONS, progress);
        VatResult bones = Vat.bakeBoneTexture(combined, List.of(clip), BONES_OPTIONS, progress);
        VatDecoder vatDecoder = vat.decoder();
        return new Baked(vat, AnimationTextures.files(vat, VAT_FORMAT), TexturePreview.positions(vatDecoder),
                TexturePreview.normals(vatDecoder), bones, AnimationTextures.files(bones, BONES_FORMAT),
                TexturePreview.bones(bones.decoder()));
    }

    /** The bake's lines: a row per file with its texture's size, encoding, bytes and error, then the pictures. */
    private static void printBaked(PrintWriter w, AnimationClip walk, Baked baked) {
        VatClip vatClip = baked.vat.clips().get(0);
        w.printf(Locale.ROOT, "animation textures: %s baked for GPU crowds, %d frames at %d fps (the last at %.3f s), "
                + "%d vertices and %d palette bones of the combined mesh%n", walk.name(), vatClip.frames(), FPS,
                vatClip.duration(), baked.vat.elementCount(), baked.bones.elementCount());
        Table t = new Table("file", "texture", "size", "encoding", "bytes", "max error", "RMS error");
        addRows(t, VAT_DIR, VAT_FORMAT, baked.vat, baked.vatFiles);
        addRows(t, BONES_DIR, BONES_FORMAT, baked.bones, baked.bonesFiles);
        w.print(t.render());
        for (VatResult r : List.of(baked.vat, baked.bones)) {
            for (String warning : r.warnings()) {
                w.printf(Locale.ROOT, "  %s: %s%n", r == baked.vat ? VAT_DIR : BONES_DIR, warning);
            }
        }
        w.println("errors: positions decoded as a shader decodes them against exact skinning, every vertex of every "
                + "frame, in model units (normals: degrees)");
        w.printf(Locale.ROOT, "previews: %s/%s and %s/%s (positions through the bounds to RGB, normals to RGB), %s/%s "
                + "(the rows of the skin matrices, scaled), row 0 at the top%n", VAT_DIR, POSITIONS_PREVIEW, VAT_DIR,
                NORMALS_PREVIEW, BONES_DIR, BONES_PREVIEW);
    }

    private static void addRows(Table t, String dir, VatFormat format, VatResult result,
            List<AnimationTextures.BakeFile> files) {
        for (AnimationTextures.BakeFile f : files) {
            if (f.texture() == null) {
                t.row(dir + "/" + f.name(), "", "", "", f.bytes().length, "", "");
                continue;
            }
            boolean normals = f.texture().equals("normals");
            t.row(dir + "/" + f.name(), f.texture(), result.width() + "x" + result.height(),
                    result.encoding().manifestName() + " " + format.extension(), f.bytes().length,
                    normals ? AnimationTextures.number(result.normalMaxErrorDegrees()) + " deg"
                            : AnimationTextures.number(result.maxError()),
                    normals ? "" : AnimationTextures.number(result.rmsError()));
        }
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

    /**
     * The before/after table of combining: the six parts drawn separately, then the combined mesh;
     * draw calls, vertices, bones bound (the sum of the parts' palettes, then the combined palette),
     * texture bytes and validation errors.
     */
    static String atlasLine(AtlasResult atlas, CombineResult atlasCombined) {
        StringBuilder pages = new StringBuilder();
        for (AtlasPage page : atlas.report().pages()) {
            pages.append(pages.length() == 0 ? "" : ", ").append(ATLAS_DIR).append('/').append(page.images().get(0))
                    .append(String.format(Locale.ROOT, " %dx%d, fill %.3f", page.width(), page.height(), page.fill()));
        }
        return String.format(Locale.ROOT, "atlas: %d materials merged into %d page%s (%s); masked, blended and "
                + "double-sided materials stay apart: draw calls %d -> %d (%s)", atlas.report().materialsMerged(),
                atlas.report().pageCount(), atlas.report().pageCount() == 1 ? "" : "s", pages,
                atlas.report().drawCallsBefore(), atlasCombined.report().drawCallsAfter(), ATLAS_GLB);
    }

    static Table beforeAfter(Humanoid h, List<ValidationReport> reports, CombineResult combined,
            CombineResult atlasCombined) {
        CombineReport c = combined.report();
        long textureBytes = 0;
        int errors = 0;
        for (int i = 0; i < h.parts().size(); i++) {
            textureBytes += textureBytes(h.parts().get(i));
            errors += reports.get(i).errorCount();
        }
        Mesh mesh = combined.mesh();
        int errorsAfter = MeshValidator.validate(mesh, combined.character().skeleton()).errorCount();
        return new Table("", "draw calls", "vertices", "bones", "texture bytes", "errors")
                .row("before: " + c.partsBefore() + " parts", c.drawCallsBefore(), c.verticesBefore(), c.bonesBefore(),
                        textureBytes, errors)
                .row("after: combined", c.drawCallsAfter(), c.verticesAfter(), c.bonesAfter(), textureBytes(mesh),
                        errorsAfter)
                .row("after: atlas", atlasCombined.report().drawCallsAfter(), atlasCombined.report().verticesAfter(),
                        atlasCombined.report().bonesAfter(), textureBytes(atlasCombined.mesh()),
                        MeshValidator.validate(atlasCombined.mesh(), atlasCombined.character().skeleton()).errorCount());
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
