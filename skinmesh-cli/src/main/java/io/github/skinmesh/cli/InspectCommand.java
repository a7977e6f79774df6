package io.github.skinmesh.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.mesh.Meshes;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.PixelFormat;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.model.TextureRef;
import io.github.skinmesh.core.validate.Check;
import io.github.skinmesh.core.validate.MeshValidator;
import io.github.skinmesh.core.validate.Problem;
import io.github.skinmesh.core.validate.Severity;
import io.github.skinmesh.gltf.GltfAsset;
import io.github.skinmesh.gltf.ImageSource;
import io.github.skinmesh.gltf.PartSource;
import io.github.skinmesh.laya.LmReadOptions;
import io.github.skinmesh.laya.LmReadResult;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.joml.Matrix4f;
import org.joml.Vector3f;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code skinmesh inspect}: a summary of a glTF file (or of a {@code .lm} file, {@link LmInspection}) — meshes, primitives, vertex and index counts,
 * the attributes each primitive declares, skins and joint counts, bones carrying weight per
 * primitive, animations with durations, morph targets, images, bind-pose bounds, and the problems
 * found, each with a stable {@link ProblemCode}, a severity and a JSON pointer into the file.
 *
 * <p>Reads the file without needing its pixels: an image file that is missing or unreadable is a
 * problem ({@link ProblemCode#IMAGE_MISSING}, {@link ProblemCode#IMAGE_UNREADABLE}), not a failure.
 * The {@code --json} output is a public format, {@value #FORMAT_VERSION} being its
 * {@code formatVersion}; its schema and the problem codes are documented in the project's inspect
 * format document.
 */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = {"Summarizes a .glb/.gltf file: meshes, primitives, vertex and index counts, attributes, skins "
            + "and joint counts, bones with weight per primitive, animations with durations, morph targets, images, "
            + "bind-pose bounds, and problems, each with a stable code, a severity and a JSON pointer into the file.",
            "Image files that are missing or unreadable are reported as problems: inspecting needs no pixels.",
            "For a LayaAir .lm file: the version, the block table, the vertex declaration, the counts, the stored"
            + " bounds, and per submesh its draws with their bone dictionaries."})
final class InspectCommand implements Callable<Integer> {
    /**
     * Version of the {@code --json} format. It changes only when a field is removed, renamed or
     * changes meaning; fields and problem codes may be added without a change, so readers ignore
     * what they do not know.
     */
    static final int FORMAT_VERSION = 1;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A .glb, .gltf or .lm file.")
    Path file;

    @Option(names = "--json", description = "Print one JSON object instead of text.")
    boolean json;

    /**
     * What is inspected about one glTF primitive: its part (node), its index in the node's mesh, and
     * the primitive alone as a mesh (its vertex range and its submesh of the part's mesh).
     */
    private record PrimitiveSummary(Part part, PartSource source, int index, Mesh mesh, List<String> attributes,
            List<InspectProblem> problems) {
        /** @return the material of the primitive's one submesh */
        Material material() {
            return mesh.materials().get(mesh.submeshes().get(0).materialIndex());
        }
    }

    /** One glTF image: what the file says and what was read, and the material texture slots that use it. */
    private record ImageSummary(ImageSource source, String subject, List<TextureUse> usedBy) {
    }

    /** A material's texture slot ({@link Material#BASE_COLOR}, ...) that samples an image. */
    private record TextureUse(String material, String slot) {
        @Override
        public String toString() {
            return slot + " of '" + material + "'";
        }
    }

    @Override
    public Integer call() throws Exception {
        if (file.getFileName() != null && file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".lm")) {
            LmReadResult lm = Inputs.readLm(file, LmReadOptions.DEFAULTS);
            long size = Files.size(file);
            PrintWriter out = spec.commandLine().getOut();
            if (json) {
                out.print(Json.text(LmInspection.json(file, size, lm)));
            } else {
                LmInspection.text(out, file, size, lm);
            }
            out.flush();
            return SkinMeshCommand.OK;
        }
        GltfAsset asset = Inputs.readGltf(file, Inputs.WITHOUT_PIXELS);
        long bytes = Files.size(file);
        List<PrimitiveSummary> prims = new ArrayList<>();
        // nodes that use one mesh share its Mesh object: each primitive of it is cut out and validated once
        Map<Mesh, Map<Integer, Checked>> checked = new IdentityHashMap<>();
        for (int i = 0; i < asset.parts().size(); i++) {
            Part part = asset.parts().get(i);
            PartSource source = asset.source(i);
            Map<Integer, Checked> ofMesh = checked.computeIfAbsent(part.mesh(), m -> new HashMap<>());
            int firstRead = -1;
            for (int p = 0; p < source.primitives().size(); p++) {
                PartSource.Primitive prim = source.primitives().get(p);
                if (prim.isRead()) {
                    if (firstRead < 0) {
                        firstRead = p;
                    }
                    boolean unusedJointsHere = p == firstRead;
                    Checked c = ofMesh.computeIfAbsent(p, k -> check(part.mesh(), prim, asset.skeleton(),
                            unusedJointsHere));
                    String subject = "node " + source.node() + " '" + part.name() + "' primitive " + p;
                    String pointer = "/meshes/" + source.mesh() + "/primitives/" + p;
                    List<InspectProblem> found = new ArrayList<>();
                    for (Problem q : c.problems()) {
                        found.add(new InspectProblem(ProblemCode.of(q.check()), q.severity(), pointer, subject,
                                q.element(), q.message()));
                    }
                    prims.add(new PrimitiveSummary(part, source, p, c.mesh(), prim.attributes(), found));
                }
            }
        }
        List<ImageSummary> images = images(asset);
        List<InspectProblem> problems = new ArrayList<>();
        prims.forEach(p -> problems.addAll(p.problems()));
        problems.addAll(TransformChecks.check(asset));
        problems.addAll(imageProblems(images));
        List<Bounds> partBounds = bindPoseBounds(asset);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.print(Json.text(toJson(asset, bytes, prims, images, partBounds, problems)));
        } else {
            printText(out, asset, bytes, prims, images, partBounds, problems);
        }
        out.flush();
        return SkinMeshCommand.OK;
    }

    /** A glTF primitive as a mesh of its own, and what core's validation finds in it. */
    private record Checked(Mesh mesh, List<Problem> problems) {
    }

    /**
     * Cuts a primitive out and validates it. The primitives of a glTF mesh share the node's skin: a
     * joint is unused when none of them weights it, so that check runs on the whole mesh and is
     * reported on its first primitive ({@code unusedJointsHere}) only.
     */
    private static Checked check(Mesh partMesh, PartSource.Primitive prim, Skeleton skeleton,
            boolean unusedJointsHere) {
        Mesh mesh = primitive(partMesh, prim);
        List<Problem> problems = new ArrayList<>(MeshValidator.validate(mesh, skeleton).problems());
        if (mesh != partMesh) {
            problems.removeIf(q -> q.check() == Check.UNUSED_PALETTE_ENTRY);
            if (unusedJointsHere) {
                for (Problem q : MeshValidator.validate(partMesh, skeleton).problems()) {
                    if (q.check() == Check.UNUSED_PALETTE_ENTRY) {
                        problems.add(q);
                    }
                }
            }
        }
        return new Checked(mesh, problems);
    }

    /**
     * One glTF primitive of a part as a mesh of its own: its vertex range, its submesh's triangles
     * renumbered from 0, and its one material (the part's mesh itself when that is all of it).
     */
    static Mesh primitive(Mesh mesh, PartSource.Primitive prim) {
        Submesh sub = mesh.submeshes().get(prim.submesh());
        int first = prim.firstVertex();
        int n = prim.vertexCount();
        if (first == 0 && n == mesh.vertexCount() && mesh.submeshes().size() == 1 && sub.firstIndex() == 0
                && sub.indexCount() == mesh.indexCount()) {
            return mesh;
        }
        int[] newToOld = new int[n];
        for (int v = 0; v < n; v++) {
            newToOld[v] = first + v;
        }
        int[] indices = new int[sub.indexCount()];
        for (int i = 0; i < indices.length; i++) {
            indices[i] = mesh.index(sub.firstIndex() + i) - first;
        }
        Mesh selected = Meshes.selectVertices(mesh, newToOld, indices,
                List.of(new Submesh(0, indices.length, sub.materialIndex())));
        return selected.toBuilder().clearSubmeshes().clearMaterials()
                .addMaterial(mesh.materials().get(sub.materialIndex())).addSubmesh(0, indices.length, 0).build();
    }

    /** @return per palette entry, whether some vertex has a non-zero weight on it */
    static boolean[] weightedEntries(Skin skin) {
        BoneWeights w = skin.weights();
        boolean[] used = new boolean[skin.paletteSize()];
        for (int v = 0; v < w.vertexCount(); v++) {
            for (int k = 0; k < w.influencesPerVertex(); k++) {
                if (w.weight(v, k) != 0f) {
                    used[w.joint(v, k)] = true;
                }
            }
        }
        return used;
    }

    /** @return how many palette entries carry a non-zero weight on some vertex */
    static int weightedBones(Skin skin) {
        int count = 0;
        for (boolean used : weightedEntries(skin)) {
            count += used ? 1 : 0;
        }
        return count;
    }

    // ---------------------------------------------------------------- images

    /** Per glTF image, its source and the material texture slots that use it. */
    private static List<ImageSummary> images(GltfAsset asset) {
        Map<Image, Integer> indexOf = new IdentityHashMap<>();
        List<List<TextureUse>> uses = new ArrayList<>();
        for (ImageSource s : asset.imageSources()) {
            if (s.image() != null) {
                indexOf.put(s.image(), s.index());
            }
            uses.add(new ArrayList<>());
        }
        for (Material m : asset.materials()) {
            for (Map.Entry<String, TextureRef> t : m.textures().entrySet()) {
                Integer i = indexOf.get(t.getValue().image());
                if (i != null) {
                    uses.get(i).add(new TextureUse(m.name(), t.getKey()));
                }
            }
        }
        List<ImageSummary> out = new ArrayList<>();
        for (ImageSource s : asset.imageSources()) {
            String name = s.uri() != null ? s.uri() : s.image() != null ? s.image().name() : "";
            out.add(new ImageSummary(s, "image " + s.index() + (name.isEmpty() ? "" : " '" + name + "'"),
                    List.copyOf(uses.get(s.index()))));
        }
        return out;
    }

    private static List<InspectProblem> imageProblems(List<ImageSummary> images) {
        List<InspectProblem> out = new ArrayList<>();
        for (ImageSummary summary : images) {
            ImageSource s = summary.source();
            String pointer = "/images/" + s.index();
            String subject = summary.subject();
            Image img = s.image();
            String problem = s.problem();
            if (s.status() == ImageSource.Status.MISSING && problem != null) {
                out.add(new InspectProblem(ProblemCode.IMAGE_MISSING, Severity.ERROR, pointer, subject, "", problem));
            } else if (s.status() == ImageSource.Status.UNREADABLE && problem != null) {
                out.add(new InspectProblem(ProblemCode.IMAGE_UNREADABLE, Severity.ERROR, pointer, subject, "",
                        problem));
            }
            if (img == null) {
                continue;
            }
            String detected = s.detectedMimeType();
            if (detected == null) {
                out.add(new InspectProblem(ProblemCode.IMAGE_FORMAT_UNRECOGNIZED, Severity.WARNING, pointer, subject,
                        "", "its " + img.byteLength() + " bytes start with " + leadingBytes(img)
                                + ", the signature of none of PNG, JPEG, WebP or KTX2"));
            } else if ((detected.equals("image/png") || detected.equals("image/jpeg")) && !img.hasKnownSize()) {
                out.add(new InspectProblem(ProblemCode.IMAGE_DATA_INVALID, Severity.ERROR, pointer, subject, "",
                        "its bytes start like " + detected + " but hold no readable header giving the size and pixel "
                                + "format (truncated or corrupt)"));
            }
            String declared = s.declaredMimeType();
            if (declared != null && detected != null && !declared.equals(detected)) {
                out.add(new InspectProblem(ProblemCode.IMAGE_MIME_TYPE_MISMATCH, Severity.WARNING, pointer, subject, "",
                        "mimeType '" + declared + "', but its bytes are " + detected));
            }
        }
        return out;
    }

    /** @return up to the first 8 bytes in hex, e.g. {@code 47 49 46 38 39 61 01 00} */
    private static String leadingBytes(Image img) {
        byte[] data = img.data();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(8, data.length); i++) {
            sb.append(i == 0 ? "" : " ").append(String.format(Locale.ROOT, "%02X", data[i] & 0xFF));
        }
        return data.length == 0 ? "nothing (empty)" : sb.toString();
    }

    private static String storage(ImageSource.Storage storage) {
        return switch (storage) {
            case BUFFER_VIEW -> "bufferView";
            case DATA_URI -> "dataUri";
            case EXTERNAL -> "external";
            case UNDECLARED -> "undeclared";
        };
    }

    private static String status(ImageSource.Status status) {
        return switch (status) {
            case READ -> "read";
            case NOT_USED -> "notUsed";
            case MISSING -> "missing";
            case UNREADABLE -> "unreadable";
        };
    }

    private static long imageBytes(List<ImageSummary> images) {
        long sum = 0;
        for (ImageSummary s : images) {
            sum += s.source().image() == null ? 0 : s.source().image().byteLength();
        }
        return sum;
    }

    private static int textureCount(List<ImageSummary> images) {
        int n = 0;
        for (ImageSummary s : images) {
            n += s.usedBy().size();
        }
        return n;
    }

    // ---------------------------------------------------------------- bounds

    /**
     * Per part, the box of its vertices in the bind pose: a skinned part's positions as stored (the
     * pose its inverse bind matrices were made for), a rigid part's placed at rest (its attach bone's
     * rest model matrix times its transform); morph targets not applied. A box that overflows float
     * is {@code null} (a transform problem says why).
     */
    private static List<Bounds> bindPoseBounds(GltfAsset asset) {
        float[] model = TransformChecks.restModelMatrices(asset.skeleton());
        List<Bounds> out = new ArrayList<>();
        Matrix4f w = new Matrix4f();
        Matrix4f t = new Matrix4f();
        for (Part part : asset.parts()) {
            Mesh mesh = part.mesh();
            if (part.isSkinned()) {
                out.add(mesh.bounds());
                continue;
            }
            String attach = part.attachBone();
            int bone = attach == null ? Index.NONE : asset.skeleton().indexOf(attach);
            if (bone == Index.NONE) {
                w.identity();
            } else {
                w.set(model, 16 * bone);
            }
            w.mul(part.transform(t));
            float[] xyz = mesh.positions();
            Vector3f p = new Vector3f();
            for (int v = 0; v < mesh.vertexCount(); v++) {
                w.transformPosition(p.set(xyz[3 * v], xyz[3 * v + 1], xyz[3 * v + 2]));
                xyz[3 * v] = p.x;
                xyz[3 * v + 1] = p.y;
                xyz[3 * v + 2] = p.z;
            }
            out.add(Bounds.of(xyz, 0, mesh.vertexCount()));
        }
        return out;
    }

    private static boolean isFinite(Bounds b) {
        return Float.isFinite(b.minX()) && Float.isFinite(b.minY()) && Float.isFinite(b.minZ())
                && Float.isFinite(b.maxX()) && Float.isFinite(b.maxY()) && Float.isFinite(b.maxZ());
    }

    /** @return the union of the finite, non-empty boxes */
    private static Bounds total(List<Bounds> boxes) {
        Bounds total = Bounds.EMPTY;
        for (Bounds b : boxes) {
            if (!b.isEmpty() && isFinite(b)) {
                total = total.union(b);
            }
        }
        return total;
    }

    private static String formatBounds(Bounds b) {
        if (b.isEmpty()) {
            return "empty";
        }
        if (!isFinite(b)) {
            return "overflows float";
        }
        return String.format(Locale.ROOT, "min (%.4f, %.4f, %.4f) max (%.4f, %.4f, %.4f)", b.minX(), b.minY(),
                b.minZ(), b.maxX(), b.maxY(), b.maxZ());
    }

    // ---------------------------------------------------------------- text

    private void printText(PrintWriter out, GltfAsset asset, long bytes, List<PrimitiveSummary> prims,
            List<ImageSummary> images, List<Bounds> partBounds, List<InspectProblem> problems) {
        Skeleton s = asset.skeleton();
        out.printf(Locale.ROOT, "%s: %d bytes, glTF 2.0%n", file, bytes);
        out.printf(Locale.ROOT, "skeleton: %d bones%n", s.boneCount());
        int skinned = asset.character().skinnedParts().size();
        int rigid = asset.parts().size() - skinned;
        out.printf(Locale.ROOT, "meshes: %d skinned instance%s, %d rigid instance%s, %d primitive%s%n",
                skinned, skinned == 1 ? "" : "s", rigid, rigid == 1 ? "" : "s", prims.size(),
                prims.size() == 1 ? "" : "s");
        PartSource last = null;
        for (PrimitiveSummary p : prims) {
            PartSource i = p.source();
            if (i != last) {
                out.printf(Locale.ROOT, "  node %d '%s': mesh %d, %s%n", i.node(), p.part().name(), i.mesh(),
                        i.isSkinned() ? "skin " + i.skin() : "rigid" + (p.part().attachBone() != null
                                ? ", attached to bone '" + p.part().attachBone() + "'" : ""));
                last = i;
            }
            Mesh m = p.mesh();
            out.printf(Locale.ROOT, "    primitive %d: %d vertices, %d indices (%d triangle%s), %s%n", p.index(),
                    m.vertexCount(), m.indexCount(), m.triangleCount(), m.triangleCount() == 1 ? "" : "s",
                    String.join(" ", p.attributes()));
            Material mat = p.material();
            out.printf(Locale.ROOT, "      material '%s' (%s, %s%s)%n", mat.name(), mat.template(),
                    mat.alphaMode().name().toLowerCase(Locale.ROOT), mat.doubleSided() ? ", double-sided" : "");
            Skin skin = m.skin();
            if (skin != null) {
                out.printf(Locale.ROOT, "      skin: %d joints, %d with weight, %d influences per vertex%n",
                        skin.paletteSize(), weightedBones(skin), influences(p));
            }
            if (!m.morphTargets().isEmpty()) {
                List<String> names = new ArrayList<>();
                for (MorphTarget t : m.morphTargets()) {
                    names.add(t.name().isEmpty() ? "(unnamed)" : t.name());
                }
                out.printf(Locale.ROOT, "      morph targets: %d (%s)%n", names.size(), String.join(", ", names));
            }
        }
        out.printf(Locale.ROOT, "animations: %d%n", asset.clips().size());
        for (int c = 0; c < asset.clips().size(); c++) {
            AnimationClip clip = asset.clips().get(c);
            int channels = clip.channels().size();
            int morphChannels = clip.morphChannels().size();
            out.printf(Locale.ROOT, "  %d '%s': %.4f s (keys %.4f..%.4f s), %d channel%s, %d morph channel%s%n", c,
                    clip.name(), clip.duration(), clip.startTime(), clip.lastKeyTime(), channels,
                    channels == 1 ? "" : "s",
                    morphChannels, morphChannels == 1 ? "" : "s");
        }
        printImages(out, images);
        out.printf(Locale.ROOT, "bounds (bind pose): %s%n", formatBounds(total(partBounds)));
        for (int i = 0; i < asset.parts().size(); i++) {
            out.printf(Locale.ROOT, "  node %d '%s': %s%n", asset.source(i).node(), asset.parts().get(i).name(),
                    formatBounds(partBounds.get(i)));
        }
        long errors = problems.stream().filter(InspectProblem::isError).count();
        long warnings = problems.size() - errors;
        out.printf(Locale.ROOT, "problems: %d error%s, %d warning%s%n", errors, errors == 1 ? "" : "s", warnings,
                warnings == 1 ? "" : "s");
        for (InspectProblem problem : problems) {
            out.println("  " + problem.toText());
        }
        if (!asset.warnings().isEmpty()) {
            out.printf(Locale.ROOT, "import notes: %d%n", asset.warnings().size());
            for (String w : asset.warnings()) {
                out.println("  " + w);
            }
        }
    }

    private static void printImages(PrintWriter out, List<ImageSummary> images) {
        long read = images.stream().filter(i -> i.source().isRead()).count();
        int textures = textureCount(images);
        out.printf(Locale.ROOT, "images: %d (%d read, %d bytes), %d texture%s%n", images.size(), read,
                imageBytes(images), textures, textures == 1 ? "" : "s");
        for (ImageSummary summary : images) {
            ImageSource s = summary.source();
            StringBuilder line = new StringBuilder("  ").append(summary.subject()).append(" (")
                    .append(storage(s.storage())).append("): ");
            Image img = s.image();
            if (img == null) {
                line.append(s.status() == ImageSource.Status.NOT_USED ? "not used by a mesh, not read"
                        : status(s.status()));
            } else {
                line.append(img.mimeType()).append(", ");
                line.append(img.hasKnownSize() ? img.width() + "x" + img.height() : "size unknown");
                PixelFormat f = img.pixelFormat();
                line.append(f.isKnown() ? " " + f.colorType() + " " + f.bitDepth() + "-bit" : "").append(", ")
                        .append(img.byteLength()).append(" bytes");
                if (!summary.usedBy().isEmpty()) {
                    line.append("; ").append(summary.usedBy().stream().map(TextureUse::toString)
                            .collect(Collectors.joining(", ")));
                }
            }
            out.println(line);
        }
    }

    // ---------------------------------------------------------------- JSON

    /**
     * The influences a skinned primitive declares: 4 per {@code JOINTS_n} set of its own (the
     * primitive's cut of a mesh keeps the mesh's slot count, 8 when any primitive of it has
     * {@code JOINTS_1}), at most the slots read.
     */
    private static int influences(PrimitiveSummary p) {
        int slots = Objects.requireNonNull(p.mesh().skin()).weights().influencesPerVertex();
        long sets = p.attributes().stream().filter(a -> a.startsWith("JOINTS_")).count();
        return sets == 0 ? slots : (int) Math.min(4 * sets, slots);
    }

    private ObjectNode toJson(GltfAsset asset, long bytes, List<PrimitiveSummary> prims, List<ImageSummary> images,
            List<Bounds> partBounds, List<InspectProblem> problems) {
        ObjectNode root = Json.object();
        root.put("formatVersion", FORMAT_VERSION);
        root.put("file", file.getFileName().toString());
        root.put("path", file.toString());
        root.put("bytes", bytes);
        root.put("format", "glTF 2.0");
        root.put("bones", asset.skeleton().boneCount());
        ArrayNode meshes = root.putArray("primitives");
        for (PrimitiveSummary p : prims) {
            PartSource i = p.source();
            Mesh m = p.mesh();
            ObjectNode o = meshes.addObject();
            o.put("node", i.node());
            o.put("nodeName", p.part().name());
            o.put("mesh", i.mesh());
            o.put("primitive", p.index());
            o.put("pointer", "/meshes/" + i.mesh() + "/primitives/" + p.index());
            o.put("skinned", i.isSkinned());
            o.put("vertices", m.vertexCount());
            o.put("indices", m.indexCount());
            ArrayNode attrs = o.putArray("attributes");
            p.attributes().forEach(attrs::add);
            o.put("material", p.material().name());
            Skin skin = m.skin();
            if (skin != null) {
                o.put("skin", i.skin());
                o.put("joints", skin.paletteSize());
                o.put("jointsWithWeight", weightedBones(skin));
                o.put("influencesPerVertex", influences(p));
            }
            ArrayNode targets = o.putArray("morphTargets");
            m.morphTargets().forEach(t -> targets.add(t.name()));
            problems(o.putArray("problems"), p.problems());
        }
        ArrayNode parts = root.putArray("parts");
        for (int i = 0; i < asset.parts().size(); i++) {
            Part part = asset.parts().get(i);
            PartSource src = asset.source(i);
            ObjectNode o = parts.addObject();
            o.put("node", src.node());
            o.put("name", part.name());
            o.put("mesh", src.mesh());
            if (src.isSkinned()) {
                o.put("skin", src.skin());
            } else {
                o.putNull("skin");
            }
            if (part.attachBone() != null) {
                o.put("attachBone", part.attachBone());
            } else {
                o.putNull("attachBone");
            }
            o.put("vertices", part.mesh().vertexCount());
            bounds(o.putObject("bounds"), partBounds.get(i));
        }
        bounds(root.putObject("bounds"), total(partBounds));
        ArrayNode anims = root.putArray("animations");
        for (int c = 0; c < asset.clips().size(); c++) {
            AnimationClip clip = asset.clips().get(c);
            ObjectNode a = anims.addObject();
            a.put("name", clip.name());
            a.put("pointer", "/animations/" + c);
            a.put("duration", clip.duration());
            a.put("start", clip.startTime());
            a.put("channels", clip.channels().size());
            a.put("morphChannels", clip.morphChannels().size());
        }
        root.put("imageBytes", imageBytes(images));
        root.put("textureCount", textureCount(images));
        ArrayNode imgs = root.putArray("images");
        for (ImageSummary summary : images) {
            ImageSource s = summary.source();
            Image img = s.image();
            ObjectNode o = imgs.addObject();
            o.put("index", s.index());
            o.put("pointer", "/images/" + s.index());
            o.put("storage", storage(s.storage()));
            o.put("uri", s.uri());
            o.put("status", status(s.status()));
            o.put("mimeType", img != null ? img.mimeType() : s.declaredMimeType());
            o.put("declaredMimeType", s.declaredMimeType());
            o.put("detectedMimeType", s.detectedMimeType());
            if (img != null && img.hasKnownSize()) {
                o.put("width", img.width());
                o.put("height", img.height());
            } else {
                o.putNull("width");
                o.putNull("height");
            }
            if (img != null && img.pixelFormat().isKnown()) {
                ObjectNode f = o.putObject("pixelFormat");
                f.put("colorType", img.pixelFormat().colorType().name());
                f.put("bitDepth", img.pixelFormat().bitDepth());
                f.put("channels", img.pixelFormat().channelCount());
            } else {
                o.putNull("pixelFormat");
            }
            if (img != null) {
                o.put("bytes", img.byteLength());
            } else {
                o.putNull("bytes");
            }
            ArrayNode used = o.putArray("usedBy");
            for (TextureUse use : summary.usedBy()) {
                used.addObject().put("material", use.material()).put("slot", use.slot());
            }
        }
        long errors = problems.stream().filter(InspectProblem::isError).count();
        root.put("errors", errors);
        root.put("warnings", problems.size() - errors);
        problems(root.putArray("problems"), problems);
        ArrayNode notes = root.putArray("importNotes");
        asset.warnings().forEach(notes::add);
        return root;
    }

    private static void problems(ArrayNode into, List<InspectProblem> problems) {
        for (InspectProblem problem : problems) {
            ObjectNode q = into.addObject();
            q.put("code", problem.code().name());
            q.put("severity", problem.severity().name());
            q.put("pointer", problem.pointer());
            q.put("subject", problem.subject());
            q.put("element", problem.elementOrSubject());
            q.put("message", problem.message());
        }
    }

    /** Writes {@code min} and {@code max}, both {@code null} for an empty box or one that overflows float. */
    private static void bounds(ObjectNode into, Bounds b) {
        Json.bounds(into, isFinite(b) ? b : Bounds.EMPTY);
    }
}
