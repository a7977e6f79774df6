package io.github.skinmesh.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.mesh.Meshes;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.validate.MeshValidator;
import io.github.skinmesh.core.validate.Problem;
import io.github.skinmesh.core.validate.ValidationReport;
import io.github.skinmesh.gltf.GltfAsset;
import io.github.skinmesh.gltf.PartSource;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code skinmesh inspect}: a summary of a glTF file — meshes, primitives, vertex and index counts,
 * attributes, skins and joint counts, bones carrying weight per primitive, animations with
 * durations, morph targets, and the problems validation finds.
 */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = "Summarizes a .glb/.gltf file: meshes, primitives, vertex and index counts, attributes, skins and "
            + "joint counts, bones with weight per primitive, animations with durations, morph targets, problems "
            + "found by validation.")
final class InspectCommand implements Callable<Integer> {
    @Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A .glb or .gltf file.")
    Path file;

    @Option(names = "--json", description = "Print one JSON object instead of text.")
    boolean json;

    /**
     * What is inspected about one glTF primitive: its part (node), its index in the node's mesh, and
     * the primitive alone as a mesh (its vertex range and its submesh of the part's mesh).
     */
    private record PrimitiveSummary(Part part, PartSource source, int index, Mesh mesh, ValidationReport report) {
        /** @return the material of the primitive's one submesh */
        Material material() {
            return mesh.materials().get(mesh.submeshes().get(0).materialIndex());
        }
    }

    @Override
    public Integer call() throws Exception {
        GltfAsset asset = Inputs.readGltf(file);
        long bytes = Files.size(file);
        List<PrimitiveSummary> prims = new ArrayList<>();
        for (int i = 0; i < asset.parts().size(); i++) {
            Part part = asset.parts().get(i);
            PartSource source = asset.source(i);
            for (int p = 0; p < source.primitives().size(); p++) {
                PartSource.Primitive prim = source.primitives().get(p);
                if (prim.isRead()) {
                    Mesh mesh = primitive(part.mesh(), prim);
                    prims.add(new PrimitiveSummary(part, source, p, mesh, MeshValidator.validate(mesh,
                            asset.skeleton())));
                }
            }
        }
        int errors = 0;
        int warnings = 0;
        for (PrimitiveSummary p : prims) {
            errors += p.report().errorCount();
            warnings += p.report().warningCount();
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.print(Json.text(toJson(asset, bytes, prims, errors, warnings)));
        } else {
            printText(out, asset, bytes, prims, errors, warnings);
        }
        out.flush();
        return SkinMeshCommand.OK;
    }

    /**
     * One glTF primitive of a part as a mesh of its own: its vertex range and its submesh's
     * triangles, renumbered from 0 (the part's mesh itself when that is all of it).
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
        return Meshes.selectVertices(mesh, newToOld, indices,
                List.of(new Submesh(0, indices.length, sub.materialIndex())));
    }

    static List<String> attributes(Mesh mesh) {
        List<String> a = new ArrayList<>();
        a.add("POSITION");
        if (mesh.hasNormals()) {
            a.add("NORMAL");
        }
        if (mesh.hasTangents()) {
            a.add("TANGENT");
        }
        for (int c = 0; c < mesh.uvChannelCount(); c++) {
            a.add("TEXCOORD_" + c);
        }
        if (mesh.hasColors()) {
            a.add("COLOR_0");
        }
        Skin skin = mesh.skin();
        if (skin != null) {
            int sets = (skin.weights().influencesPerVertex() + 3) / 4;
            for (int s = 0; s < sets; s++) {
                a.add("JOINTS_" + s);
                a.add("WEIGHTS_" + s);
            }
        }
        return a;
    }

    /** @return how many palette entries carry a non-zero weight on some vertex */
    static int weightedBones(Skin skin) {
        BoneWeights w = skin.weights();
        boolean[] used = new boolean[skin.paletteSize()];
        int count = 0;
        for (int v = 0; v < w.vertexCount(); v++) {
            for (int k = 0; k < w.influencesPerVertex(); k++) {
                if (w.weight(v, k) > 0 && !used[w.joint(v, k)]) {
                    used[w.joint(v, k)] = true;
                    count++;
                }
            }
        }
        return count;
    }

    private void printText(PrintWriter out, GltfAsset asset, long bytes, List<PrimitiveSummary> prims, int errors,
            int warnings) {
        Skeleton s = asset.skeleton();
        out.printf(Locale.ROOT, "%s: %d bytes, glTF 2.0%n", file, bytes);
        out.printf(Locale.ROOT, "skeleton: %d bones%n", s.boneCount());
        int skinned = asset.character().skinnedParts().size();
        int rigid = asset.parts().size() - skinned;
        out.printf(Locale.ROOT, "meshes: %d skinned instance%s, %d rigid instance%s, %d primitives%n",
                skinned, skinned == 1 ? "" : "s", rigid, rigid == 1 ? "" : "s", prims.size());
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
            out.printf(Locale.ROOT, "    primitive %d: %d vertices, %d indices (%d triangles), %s%n", p.index(),
                    m.vertexCount(), m.indexCount(), m.triangleCount(), String.join(" ", attributes(m)));
            Material mat = p.material();
            out.printf(Locale.ROOT, "      material '%s' (%s, %s%s)%n", mat.name(), mat.template(),
                    mat.alphaMode().name().toLowerCase(Locale.ROOT), mat.doubleSided() ? ", double-sided" : "");
            Skin skin = m.skin();
            if (skin != null) {
                out.printf(Locale.ROOT, "      skin: %d joints, %d with weight, %d influences per vertex%n",
                        skin.paletteSize(), weightedBones(skin), skin.weights().influencesPerVertex());
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
            out.printf(Locale.ROOT, "  %d '%s': %.4f s (keys %.4f..%.4f s), %d channels, %d morph channels%n", c,
                    clip.name(), clip.duration(), clip.startTime(), clip.duration(), clip.channels().size(),
                    clip.morphChannels().size());
        }
        out.printf(Locale.ROOT, "problems: %d error%s, %d warning%s%n", errors, errors == 1 ? "" : "s", warnings,
                warnings == 1 ? "" : "s");
        for (PrimitiveSummary p : prims) {
            for (Problem problem : p.report().problems()) {
                out.printf(Locale.ROOT, "  node %d '%s' primitive %d: %s%n", p.source().node(), p.part().name(),
                        p.index(), problem);
            }
        }
        if (!asset.warnings().isEmpty()) {
            out.printf(Locale.ROOT, "import notes: %d%n", asset.warnings().size());
            for (String w : asset.warnings()) {
                out.println("  " + w);
            }
        }
    }

    private ObjectNode toJson(GltfAsset asset, long bytes, List<PrimitiveSummary> prims, int errors, int warnings) {
        ObjectNode root = Json.object();
        root.put("file", file.getFileName().toString());
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
            o.put("skinned", i.isSkinned());
            o.put("vertices", m.vertexCount());
            o.put("indices", m.indexCount());
            ArrayNode attrs = o.putArray("attributes");
            attributes(m).forEach(attrs::add);
            o.put("material", p.material().name());
            Skin skin = m.skin();
            if (skin != null) {
                o.put("skin", i.skin());
                o.put("joints", skin.paletteSize());
                o.put("jointsWithWeight", weightedBones(skin));
                o.put("influencesPerVertex", skin.weights().influencesPerVertex());
            }
            ArrayNode targets = o.putArray("morphTargets");
            m.morphTargets().forEach(t -> targets.add(t.name()));
            ArrayNode problems = o.putArray("problems");
            for (Problem problem : p.report().problems()) {
                ObjectNode q = problems.addObject();
                q.put("severity", problem.severity().name());
                q.put("element", problem.element());
                q.put("message", problem.message());
            }
        }
        ArrayNode anims = root.putArray("animations");
        for (AnimationClip clip : asset.clips()) {
            ObjectNode a = anims.addObject();
            a.put("name", clip.name());
            a.put("duration", clip.duration());
            a.put("start", clip.startTime());
            a.put("channels", clip.channels().size());
            a.put("morphChannels", clip.morphChannels().size());
        }
        root.put("errors", errors);
        root.put("warnings", warnings);
        ArrayNode notes = root.putArray("importNotes");
        asset.warnings().forEach(notes::add);
        return root;
    }
}
