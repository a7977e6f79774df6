package io.github.skinmesh.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.SkinMeshException;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.mesh.Meshes;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.gltf.AssetPoser;
import io.github.skinmesh.gltf.GltfAsset;
import io.github.skinmesh.gltf.PartSource;
import io.github.skinmesh.vat.BakeSpace;
import io.github.skinmesh.vat.TextureKind;
import io.github.skinmesh.vat.VatClip;
import io.github.skinmesh.vat.VatFiles;
import io.github.skinmesh.vat.VatFormat;
import io.github.skinmesh.vat.VatManifest;
import io.github.skinmesh.vat.VatResult;
import io.github.skinmesh.vat.VatTexture;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.joml.Matrix4f;
import picocli.CommandLine;

/**
 * What {@code skinmesh vat} and {@code skinmesh bones-texture} share: the skinned primitives of a
 * glTF file as parts, in the order of {@code skinmesh skin}; the clips that {@code --clip} selects;
 * the bake's files written all together through {@link Outputs}; the report, as a table or as JSON
 * (the formats of the project's {@code docs/vat.md} and {@code docs/bones-texture.md}).
 */
final class AnimationTextures {
    /**
     * Version of the {@code --json} report, a public format whose schema the command documents give.
     * It changes only when a field is removed, renamed or changes meaning.
     */
    static final int REPORT_FORMAT_VERSION = 1;
    /**
     * What the report's {@code space} says: {@code skin}'s default space, each skinned node's own
     * ({@code inverse(W_skinnedNode) * world}).
     */
    static final String SPACE = "model";
    /** Largest difference from the identity of a node's world matrix that still counts as the identity. */
    private static final float IDENTITY_TOLERANCE = 1e-6f;

    private AnimationTextures() {
    }

    /**
     * One skinned glTF primitive of the input, where its vertices are in the bake.
     *
     * @param node glTF node index
     * @param nodeName the node's (made-unique) name, the part's
     * @param mesh glTF mesh index
     * @param primitive index of the primitive in its mesh
     * @param skin glTF skin index
     * @param firstVertex its first vertex in the texture's vertex order
     * @param vertexCount its vertices
     */
    record Primitive(int node, String nodeName, int mesh, int primitive, int skin, int firstVertex, int vertexCount) {
    }

    /**
     * The input of a bake: the file's skinned parts laid out as {@code skin} orders its output, and the
     * selected clips.
     *
     * @param skeleton the file's skeleton
     * @param parts the parts to bake: vertex {@code v} of part {@code p} is vertex {@code v} plus the
     *     vertices of the parts before it, which is {@code skin}'s order
     * @param primitives the skinned primitives in that order
     * @param clips the selected clips, in texture order
     * @param clipIndices their indices among the file's clips
     * @param space each part relative to its skinned node ({@code W_node = model(nodeBone) * nodeMatrix}),
     *     the space of {@code skin}'s default output
     * @param transformedNodes the skinned nodes whose world matrix at rest is not the identity, so that
     *     the baked space (the node's own) differs from the glTF scene's
     */
    record Source(Skeleton skeleton, List<Part> parts, List<Primitive> primitives, List<AnimationClip> clips,
            int[] clipIndices, BakeSpace space, List<String> transformedNodes) {
        /** @return the total vertex count */
        int vertexCount() {
            int n = 0;
            for (Primitive p : primitives) {
                n += p.vertexCount();
            }
            return n;
        }
    }

    /** One bake of the source's parts and clips into textures. */
    @FunctionalInterface
    interface Baker {
        /**
         * @throws ValidationException when the library refuses the input (its message names the element)
         */
        VatResult bake(Source source, Progress progress);
    }

    /**
     * What a command asks for: its name, the input and the clips, the output folder and format, the
     * texture roles it writes, and how it reports.
     *
     * @param command {@code vat} or {@code bones-texture}
     * @param roles the textures the bake writes, in order, for checking the targets before the work
     * @param maxWidthOption whether the command has {@code --max-width} (messages name it then)
     */
    record Request(String command, Path file, List<String> clips, Path out, float fps, VatFormat format,
            List<String> roles, boolean json, boolean maxWidthOption) {
    }

    /**
     * Runs a bake command: checks the output folder and its files before any work, reads the file,
     * bakes with {@code baker} (progress on stderr when it is a terminal), writes every file or none,
     * and prints the report (a table, or JSON with {@code --json}) and the bake's warnings.
     *
     * @return the exit code
     * @throws SkinMeshException naming the file (and the element) when an input is bad or a file
     *     cannot be written
     * @throws OutOfMemory when the heap is too small for the bake
     */
    static int run(CommandLine cl, QuietOption quiet, Request r, Baker baker) {
        String name = "skinmesh " + r.command();
        requireFolder(r.out());
        Outputs outputs = new Outputs(List.of(r.file()));
        outputs.checkTargets(targets(r.out(), r.roles(), r.format()));
        PrintWriter err = cl.getErr();
        Source source = load(r.file(), r.clips(), name, quiet.quiet(), err);
        if (!quiet.quiet()) {
            noteSpace(err, name, r.file(), source);
        }
        quiet.noteScalarKernel();
        VatResult result;
        List<BakeFile> files;
        try (ConsoleProgress progress = quiet.progress()) {
            result = baker.bake(source, progress);
            files = files(result, r.format());
        } catch (ValidationException e) {
            throw badInput(r.file(), e, r.maxWidthOption());
        } catch (OutOfMemoryError e) {
            throw new OutOfMemory("baking " + r.file(), e);
        }
        write(outputs, r.out(), files);
        PrintWriter w = cl.getOut();
        if (r.json()) {
            w.print(Json.text(report(r.command(), r.file(), r.out(), source, r.fps(), r.format(), result, files)));
        } else {
            w.print(text(r.file(), r.out(), source, r.format(), result, files));
        }
        w.flush();
        if (!quiet.quiet()) {
            for (String warning : result.warnings()) {
                err.println(name + ": " + r.file() + ": " + warning);
            }
            err.flush();
        }
        return SkinMeshCommand.OK;
    }

    /**
     * Reads the file, lays out its skinned primitives and resolves the clips. Unless quiet, notes on
     * {@code err} what the reader dropped or ignored.
     *
     * @throws SkinMeshException naming the file when it cannot be read, has no skinned primitive, or a
     *     clip is unknown, selected twice, or shares its name with another selected clip
     */
    static Source load(Path file, List<String> selectors, String command, boolean quiet, PrintWriter err) {
        GltfAsset asset = Inputs.readGltf(file, Inputs.WITHOUT_PIXELS);
        if (!quiet) {
            Inputs.noteDroppedImages(err, command, file, asset, "baking needs no pixels");
            Inputs.noteReadWarnings(err, command, file, asset);
        }
        AssetPoser poser;
        try {
            poser = AssetPoser.bind(asset);
        } catch (ValidationException e) {
            throw new SkinMeshException(file + ": " + e.getMessage(), e);
        }
        if (poser.primitiveCount() == 0) {
            throw new SkinMeshException(file + ": no skinned primitive to bake (no node has both a skin and a mesh with "
                    + "a triangle primitive); nothing written");
        }
        List<Part> parts = new ArrayList<>();
        List<Primitive> primitives = new ArrayList<>();
        List<String> transformed = new ArrayList<>();
        List<Integer> nodeBones = new ArrayList<>();
        List<float[]> nodeMatrices = new ArrayList<>();
        float[] restModel = asset.skeleton().restModelMatricesInto(new float[16 * asset.skeleton().boneCount()], 0);
        int first = 0;
        for (int p = 0; p < poser.primitiveCount();) {
            PartSource source = poser.source(p);
            Part part = poser.part(p);
            int end = p;
            while (end < poser.primitiveCount() && poser.source(end) == source) {
                end++;
            }
            List<PartSource.Primitive> ranges = new ArrayList<>();
            for (int q = p; q < end; q++) {
                PartSource.Primitive prim = source.primitives().get(poser.primitiveIndex(q));
                ranges.add(prim);
                primitives.add(new Primitive(source.node(), part.name(), source.mesh(), poser.primitiveIndex(q),
                        source.skin(), first, prim.vertexCount()));
                first += prim.vertexCount();
            }
            int before = parts.size();
            addParts(part, ranges, parts);
            for (int added = before; added < parts.size(); added++) { // each part relative to its skinned node
                nodeBones.add(source.nodeBone());
                nodeMatrices.add(source.nodeMatrixInto(new float[16], 0));
            }
            if (!isIdentity(nodeWorldAtRest(source, restModel))) {
                transformed.add("nodes[" + source.node() + "] '" + part.name() + "'");
            }
            p = end;
        }
        List<AnimationClip> clips = new ArrayList<>();
        int[] indices = new int[selectors.size()];
        for (int i = 0; i < selectors.size(); i++) {
            int index = Inputs.clipIndex(file, asset.clips(), selectors.get(i));
            AnimationClip clip = asset.clips().get(index);
            for (int j = 0; j < i; j++) {
                if (indices[j] == index) {
                    throw new SkinMeshException(file + ": clip " + index + " '" + clip.name() + "' is selected twice (--clip "
                            + selectors.get(j) + " and --clip " + selectors.get(i) + "), expected each clip once");
                }
                if (clips.get(j).name().equals(clip.name())) {
                    throw new SkinMeshException(file + ": clips " + indices[j] + " and " + index + " are both named '"
                            + clip.name() + "'; a texture's clip table tells its clips apart by name, so bake them "
                            + "into separate folders");
                }
            }
            indices[i] = index;
            clips.add(clip);
        }
        int[] bones = new int[nodeBones.size()];
        float[] matrices = new float[16 * bones.length];
        for (int i = 0; i < bones.length; i++) {
            bones[i] = nodeBones.get(i);
            System.arraycopy(nodeMatrices.get(i), 0, matrices, 16 * i, 16);
        }
        BakeSpace space;
        try {
            space = BakeSpace.ofParts(bones, matrices);
        } catch (ValidationException e) { // the reader gives finite affine node matrices
            throw new SkinMeshException(file + ": " + e.getMessage(), e);
        }
        return new Source(asset.skeleton(), parts, primitives, clips, indices, space, transformed);
    }

    /**
     * Adds a skinned part's primitives to the bake: the part itself when its primitives' vertex
     * ranges follow each other over its whole mesh (the common case), otherwise one part per
     * primitive holding that primitive's range, so that vertices which several primitives share
     * appear once per primitive, as {@code skin} writes them. Each keeps the part's name, which the
     * clips' morph weights are keyed by.
     */
    private static void addParts(Part part, List<PartSource.Primitive> ranges, List<Part> into) {
        Mesh mesh = part.mesh();
        int next = 0;
        for (PartSource.Primitive r : ranges) {
            if (r.firstVertex() != next) {
                next = -1;
                break;
            }
            next += r.vertexCount();
        }
        if (next == mesh.vertexCount()) {
            into.add(part);
            return;
        }
        for (PartSource.Primitive r : ranges) {
            int[] newToOld = new int[r.vertexCount()]; // new vertex i is the part's vertex firstVertex + i
            for (int i = 0; i < newToOld.length; i++) {
                newToOld[i] = r.firstVertex() + i;
            }
            Submesh s = mesh.submeshes().get(r.submesh());
            int[] triangles = new int[s.indexCount()];
            for (int i = 0; i < triangles.length; i++) {
                triangles[i] = mesh.index(s.firstIndex() + i) - r.firstVertex();
            }
            Mesh own = Meshes.selectVertices(mesh, newToOld, triangles, List.of());
            into.add(Part.of(part.name(), own, part.attachBone(), part.transform(new Matrix4f())));
        }
    }

    /** @return {@code W_node = restModel(nodeBone) * nodeMatrix}, the skinned node's world matrix at rest */
    private static Matrix4f nodeWorldAtRest(PartSource source, float[] restModel) {
        Matrix4f node = source.nodeMatrix(new Matrix4f());
        if (source.nodeBone() == Index.NONE) {
            return node;
        }
        return new Matrix4f().set(restModel, 16 * source.nodeBone()).mul(node);
    }

    private static boolean isIdentity(Matrix4f m) {
        return m.equals(new Matrix4f(), IDENTITY_TOLERANCE);
    }

    /**
     * Notes on {@code err} which skinned nodes carry a transform of their own: their positions are baked
     * in the node's space ({@code skinmesh skin}'s default), which a renderer places with the node's
     * world matrix to show them as the glTF scene does.
     */
    static void noteSpace(PrintWriter err, String command, Path file, Source source) {
        if (source.transformedNodes().isEmpty()) {
            return;
        }
        err.println(command + ": " + file + ": baked in each skinned node's own space (what skinmesh skin writes by "
                + "default); " + String.join(", ", source.transformedNodes()) + " " + (source.transformedNodes().size() == 1
                ? "has a world matrix" : "have world matrices") + " other than the identity: draw with it as the model "
                + "matrix to place the mesh as the glTF scene does");
        err.flush();
    }

    /**
     * Says which file and which option a library message is about: the file first, and the
     * library's option names as the command's.
     */
    static SkinMeshException badInput(Path file, ValidationException e, boolean maxWidthOption) {
        return new SkinMeshException(file + ": " + (maxWidthOption ? VAT_TERMS : BONES_TEXTURE_TERMS)
                .apply(e.getMessage()), e);
    }

    /** The pages advice of the library: the commands neither split a bake into pages nor take a height. */
    private static final String PAGES_ADVICE = "lower the rate, raise maxWidth or maxHeight, bake fewer clips per "
            + "texture, or split the clips across pages (PageMode.SPLIT)";

    /** The rules both commands share, after the size rules. */
    private static final MessageRewrites SHARED_TERMS = MessageRewrites.of(
            "maxHeight", "the largest height",
            "lower the rate", "lower --fps",
            "so bake in the character's space or combine the parts first", "so combine the parts first",
            "; bake in the character's space instead", " (skinmesh skin cannot pose it in its default space either)",
            "combine the parts first", "combine the parts first (skinmesh combine)",
            "options ask for POSITIONS_NORMALS", "--normals asks for them",
            "use the float or a normalized encoding", "use --encoding float, unorm16 or unorm8",
            "use the float encoding", "use --encoding float");

    /** {@code skinmesh vat}'s terms: it has {@code --max-width}. */
    static final MessageRewrites VAT_TERMS = MessageRewrites.of(
            PAGES_ADVICE, "lower --fps, raise --max-width, or bake fewer clips per folder",
            "maxWidth or maxHeight", "--max-width")
            .then(SHARED_TERMS)
            .then(MessageRewrites.of("maxWidth", "--max-width"));

    /** {@code skinmesh bones-texture}'s terms: it has no width option either. */
    static final MessageRewrites BONES_TEXTURE_TERMS = MessageRewrites.of(
            PAGES_ADVICE, "lower --fps or bake fewer clips per folder",
            "maxWidth or maxHeight", "the width")
            .then(SHARED_TERMS);

    /** One file of a bake: its name in the output folder, the texture role it holds ({@code null} for the manifest), its bytes. */
    record BakeFile(String name, String texture, byte[] bytes) {
    }

    /**
     * The files of a bake, textures in the bake's order and {@code manifest.json} last, exactly as
     * {@link VatFiles#write} writes them.
     *
     * @throws ValidationException when the format cannot hold the encoding (the commands check that first)
     */
    static List<BakeFile> files(VatResult result, VatFormat format) {
        VatManifest manifest = result.manifest(format);
        List<BakeFile> files = new ArrayList<>();
        for (VatTexture t : result.textures()) {
            files.add(new BakeFile(manifest.textures().get(t.name()), t.name(), VatFiles.encode(t, format)));
        }
        files.add(new BakeFile(VatFiles.MANIFEST, null, manifest.toJson().getBytes(StandardCharsets.UTF_8)));
        return files;
    }

    /** @return the file names a bake with these textures writes, for checking the targets before the work */
    static Path[] targets(Path dir, List<String> roles, VatFormat format) {
        Path[] targets = new Path[roles.size() + 1];
        for (int i = 0; i < roles.size(); i++) {
            targets[i] = dir.resolve(roles.get(i) + "." + format.extension());
        }
        targets[roles.size()] = dir.resolve(VatFiles.MANIFEST);
        return targets;
    }

    /**
     * Refuses an output folder that exists as something else than a folder (a file, the input), before
     * any work.
     *
     * @throws SkinMeshException naming it
     */
    static void requireFolder(Path dir) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new SkinMeshException(dir + ": exists and is not a folder, expected the output folder of the textures "
                    + "and manifest.json");
        }
    }

    /** Writes the files into {@code dir} through {@code outputs} and commits them: all of them or none. */
    static void write(Outputs outputs, Path dir, List<BakeFile> files) {
        try (outputs) {
            for (BakeFile f : files) {
                outputs.write(dir.resolve(f.name()), f.bytes());
            }
            outputs.commit();
        }
    }

    /**
     * The {@code --json} report.
     *
     * @param command {@code vat} or {@code bones-texture}
     * @param fps the requested rate
     * @param format the written file format
     * @param result the bake
     * @param files the written files
     * @return the report object
     */
    static ObjectNode report(String command, Path file, Path out, Source source, float fps, VatFormat format,
            VatResult result, List<BakeFile> files) {
        ObjectNode root = Json.object();
        root.put("formatVersion", REPORT_FORMAT_VERSION);
        root.put("command", command);
        root.put("file", file.toString());
        root.put("out", out.toString());
        root.put("space", SPACE);
        root.put("kind", result.kind().manifestName());
        root.put("encoding", result.encoding().manifestName());
        root.put("format", format.extension());
        root.put("fps", fps);
        root.put("width", result.width());
        root.put("height", result.height());
        root.put("rowsPerFrame", result.rowsPerFrame());
        root.put("vertexCount", source.vertexCount());
        if (result.kind() == TextureKind.BONES) {
            root.put("boneCount", result.elementCount());
            ArrayNode bones = root.putArray("bones");
            for (int b = 0; b < result.elementCount(); b++) {
                bones.add(source.parts().get(0).mesh().skin().boneName(b));
            }
        } else {
            root.put("normals", result.textures().stream().anyMatch(t -> t.name().equals("normals")));
            root.put("offsets", result.offsets());
        }
        ArrayNode prims = root.putArray("primitives");
        for (Primitive p : source.primitives()) {
            prims.addObject().put("node", p.node()).put("nodeName", p.nodeName()).put("mesh", p.mesh())
                    .put("primitive", p.primitive()).put("skin", p.skin()).put("firstVertex", p.firstVertex())
                    .put("vertexCount", p.vertexCount());
        }
        ArrayNode clips = root.putArray("clips");
        for (int c = 0; c < result.clips().size(); c++) {
            VatClip clip = result.clips().get(c);
            ObjectNode o = clips.addObject();
            o.put("index", source.clipIndices()[c]);
            o.put("name", clip.name());
            o.put("firstRow", clip.firstRow());
            o.put("frames", clip.frames());
            o.put("fps", clip.fps());
            o.put("duration", clip.duration());
            o.put("loop", clip.loop());
            o.put("maxError", clip.maxError());
            o.put("rmsError", clip.rmsError());
            Json.bounds(o.putObject("bounds"), clip.bounds());
        }
        Json.bounds(root.putObject("bounds"), result.bounds());
        root.put("maxError", result.maxError());
        root.put("rmsError", result.rmsError());
        if (result.kind() == TextureKind.VERTEX) {
            double normal = result.normalMaxErrorDegrees();
            if (Double.isNaN(normal)) {
                root.putNull("normalMaxErrorDegrees");
            } else {
                root.put("normalMaxErrorDegrees", normal);
            }
        }
        root.put("textureBytes", result.byteLength());
        ArrayNode written = root.putArray("files");
        long total = 0;
        for (BakeFile f : files) {
            ObjectNode o = written.addObject();
            o.put("file", f.name());
            if (f.texture() == null) {
                o.putNull("texture");
            } else {
                o.put("texture", f.texture());
            }
            o.put("bytes", f.bytes().length);
            total += f.bytes().length;
        }
        root.put("fileBytes", total);
        ArrayNode warnings = root.putArray("warnings");
        result.warnings().forEach(warnings::add);
        return root;
    }

    /** The report for people: a summary line, the files, the error and the clip table. */
    static String text(Path file, Path out, Source source, VatFormat format, VatResult result, List<BakeFile> files) {
        StringBuilder sb = new StringBuilder();
        int frames = 0;
        for (VatClip c : result.clips()) {
            frames += c.frames();
        }
        int prims = source.primitives().size();
        sb.append(String.format(Locale.ROOT, "%s: %d skinned primitive%s, %d vertices", file, prims,
                prims == 1 ? "" : "s", source.vertexCount()));
        if (result.kind() == TextureKind.BONES) {
            sb.append(String.format(Locale.ROOT, ", %d palette bones", result.elementCount()));
        }
        sb.append(String.format(Locale.ROOT, "; %d clip%s, %d frames -> %s%n", result.clips().size(),
                result.clips().size() == 1 ? "" : "s", frames, out));
        Table t = new Table("file", "texture", "size", "encoding", "bytes");
        long total = 0;
        for (BakeFile f : files) {
            boolean texture = f.texture() != null;
            t.row(f.name(), texture ? f.texture() : "", texture ? result.width() + "x" + result.height() : "",
                    texture ? result.encoding().manifestName() + " " + format.extension() : "", f.bytes().length);
            total += f.bytes().length;
        }
        t.row("total", "", "", "", total);
        sb.append(t.render());
        sb.append(String.format(Locale.ROOT, "position error (decoded against exact skinning, every frame): max %s, RMS %s"
                + " model units", number(result.maxError()), number(result.rmsError())));
        if (result.kind() == TextureKind.VERTEX && !Double.isNaN(result.normalMaxErrorDegrees())) {
            sb.append(String.format(Locale.ROOT, "; normals: max %s degrees", number(result.normalMaxErrorDegrees())));
        }
        sb.append(String.format(Locale.ROOT, "%n"));
        Table clips = new Table("clip", "index", "rows", "frames", "fps", "duration", "loop", "max error", "RMS error",
                "bounds min", "bounds max");
        for (int c = 0; c < result.clips().size(); c++) {
            VatClip clip = result.clips().get(c);
            int lastRow = clip.firstRow() + clip.frames() * result.rowsPerFrame() - 1;
            clips.row(clip.name().isEmpty() ? "(unnamed)" : clip.name(), source.clipIndices()[c],
                    clip.firstRow() + ".." + lastRow, clip.frames(), number(clip.fps()), number(clip.duration()),
                    clip.loop() ? "yes" : "no", number(clip.maxError()), number(clip.rmsError()),
                    vector(clip.bounds().minX(), clip.bounds().minY(), clip.bounds().minZ()),
                    vector(clip.bounds().maxX(), clip.bounds().maxY(), clip.bounds().maxZ()));
        }
        sb.append(clips.render());
        return sb.toString();
    }

    /** @return {@code v} with 4 significant digits, without an exponent for everyday magnitudes */
    static String number(double v) {
        if (v == 0 || Double.isNaN(v)) {
            return v == 0 ? "0" : "n/a";
        }
        double a = Math.abs(v);
        return a >= 1e-4 && a < 1e7 ? new java.math.BigDecimal(v).round(new java.math.MathContext(4)).stripTrailingZeros()
                .toPlainString() : String.format(Locale.ROOT, "%.3e", v);
    }

    private static String vector(float x, float y, float z) {
        return "(" + number(x) + ", " + number(y) + ", " + number(z) + ")";
    }
}
