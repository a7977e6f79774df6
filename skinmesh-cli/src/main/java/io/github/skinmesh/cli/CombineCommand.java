package io.github.skinmesh.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.atlas.AtlasOptions;
import io.github.skinmesh.atlas.AtlasPage;
import io.github.skinmesh.atlas.AtlasReport;
import io.github.skinmesh.atlas.AtlasResult;
import io.github.skinmesh.atlas.Atlases;
import io.github.skinmesh.atlas.TiledPart;
import io.github.skinmesh.atlas.TilingMode;
import io.github.skinmesh.core.SkinMeshException;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.combine.BindCorrection;
import io.github.skinmesh.core.combine.BoneMove;
import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineInput;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.combine.CombineReport;
import io.github.skinmesh.core.combine.CombineResult;
import io.github.skinmesh.core.combine.Provenance;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.gltf.GltfAsset;
import io.github.skinmesh.gltf.GltfWriter;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code skinmesh combine}: combines the skinned parts of glTF files (and their rigid meshes hanging
 * from a bone) into one skinned mesh on one skeleton, written as a glTF binary.
 */
@Command(name = "combine", mixinStandardHelpOptions = true,
        description = {"Combines the skinned parts of glTF files into one skinned mesh on one skeleton: one draw call"
            + " per material instead of one per part and material.",
            "Every skinned primitive of each input file takes part, and every rigid mesh hanging from a bone (it"
            + " becomes skinned to that bone). Rigid meshes that hang from no bone are left out and reported.",
            "The skeleton is FILE's with --skeleton, else the union of the parts' skeletons by bone name. The output"
            + " carries the clips of the --skeleton file, or without it those of the first part's file.",
            "Bones bound with different inverse bind matrices by two parts are reconciled (the later part's vertices"
            + " re-expressed; inexact ones reported with their deviation); submeshes with equal materials merge.",
            "With --atlas, the PNG textures of materials that share a template and render state are packed into atlas"
            + " pages (every map on one layout) and the parts' texture coordinates remapped, so each render state"
            + " becomes one material and one draw call; transparent and double-sided materials stay apart. A texture"
            + " tiling up to 4 times along an axis is baked repeated; a part tiling more stays out of the atlas."})
final class CombineCommand implements Callable<Integer> {
    /**
     * Version of the {@code --report} JSON, a public format whose schema is the project's combine
     * report document. It changes only when a field is removed, renamed or changes meaning.
     */
    static final int REPORT_FORMAT_VERSION = 1;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0..*", arity = "1..*", paramLabel = "PART", description = "A .glb or .gltf file with parts.")
    List<Path> parts;

    @Option(names = "--out", paramLabel = "OUT.glb", required = true,
            description = "The combined character, as glTF binary (a .glb name).")
    Path out;

    @Option(names = "--skeleton", paramLabel = "FILE",
            description = "A .glb or .gltf file whose skeleton (and clips) the result uses.")
    Path skeleton;

    @Option(names = "--report", paramLabel = "R.json", description = "Also write the report as JSON.")
    Path report;

    @Option(names = "--atlas", description = "Pack the textures of mergeable materials into atlases and remap the"
            + " parts' texture coordinates, so each render state draws once.")
    boolean atlas;

    /** The atlas options of {@code --atlas}: the defaults, with tiling textures baked or left out. */
    static final AtlasOptions ATLAS_OPTIONS = AtlasOptions.DEFAULTS.withTiling(TilingMode.BAKE_REPEAT_OR_KEEP_OUT);

    @Mixin
    QuietOption quiet;

    @Override
    public Integer call() {
        CommandLine cl = spec.commandLine();
        List<Path> inputFiles = new ArrayList<>(parts);
        if (skeleton != null) {
            inputFiles.add(skeleton);
        }
        if (!out.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".glb")) {
            throw new CommandLine.ParameterException(cl, "--out: " + out
                    + ", expected a .glb name (combine writes glTF binary)");
        }
        if (report != null && report.toAbsolutePath().normalize().equals(out.toAbsolutePath().normalize())) {
            throw new CommandLine.ParameterException(cl, "--report: " + report
                    + " is also the --out file, expected two files");
        }
        Outputs outputs = new Outputs(inputFiles);
        if (report == null) {
            outputs.checkTargets(out);
        } else {
            outputs.checkTargets(out, report);
        }

        List<CombineInput> inputs = new ArrayList<>();
        List<Path> inputFile = new ArrayList<>(); // per input, the file it comes from
        List<String> notes = new ArrayList<>();
        Character first = null;
        for (Path file : parts) {
            GltfAsset asset = Inputs.readGltf(file);
            asset.warnings().forEach(w -> notes.add(file + ": " + w));
            Character c = asset.character();
            if (first == null) {
                first = c;
            }
            for (Part p : c.parts()) {
                if (p.isSkinned() || p.attachBone() != null) {
                    inputs.add(CombineInput.of(c, p));
                    inputFile.add(file);
                } else {
                    notes.add(file + ": part " + quote(p.name()) + " is a rigid mesh hanging from no bone; left out");
                }
            }
        }
        if (inputs.isEmpty()) {
            throw new SkinMeshException(String.join(", ", parts.stream().map(Path::toString).toList())
                    + ": no skinned part and no rigid part on a bone, nothing to combine");
        }
        AtlasResult atlased = null;
        if (atlas) {
            List<Part> flat = new ArrayList<>();
            inputs.forEach(in -> flat.add(in.part()));
            try (ConsoleProgress progress = quiet.progress()) {
                atlased = Atlases.atlasParts(flat, ATLAS_OPTIONS, progress);
            } catch (SkinMeshException e) {
                throw new SkinMeshException(naming(e.getMessage(), inputFile, null), e);
            }
            inputs = withParts(inputs, atlased.parts());
            first = inputs.get(0).source() == null ? first : inputs.get(0).source();
        }
        CombineOptions options = CombineOptions.DEFAULTS.withClipSource(first);
        if (skeleton != null) {
            GltfAsset asset = Inputs.readGltf(skeleton);
            asset.warnings().forEach(w -> notes.add(skeleton + ": " + w));
            options = CombineOptions.DEFAULTS.withSkeletonOf(asset.character());
        }
        CombineResult result;
        try (ConsoleProgress progress = quiet.progress()) {
            result = Combine.combine(inputs, options, progress);
        } catch (SkinMeshException e) {
            throw new SkinMeshException(naming(e.getMessage(), inputFile, skeleton), e);
        }

        try (outputs) {
            Character combined = result.character();
            outputs.write(out, stream -> {
                try {
                    GltfWriter.writeGlb(combined, stream);
                } catch (ValidationException e) {
                    throw new SkinMeshException(out + ": the combined character cannot be written as glTF: "
                            + e.getMessage(), e);
                }
            });
            if (report != null) {
                outputs.write(report, Json.bytes(describe(result, atlased, notes)));
            }
            outputs.commit();
        }
        PrintWriter w = cl.getOut();
        CombineReport r = result.report();
        w.printf(Locale.ROOT, "combined %d part%s from %d file%s: draw calls %d -> %d, vertices %d -> %d, bones %d -> %d,"
                + " %s indices -> %s%n", r.partsBefore(), r.partsBefore() == 1 ? "" : "s", parts.size(), parts.size() == 1 ? "" : "s",
                r.drawCallsBefore(), r.drawCallsAfter(), r.verticesBefore(), r.verticesAfter(), r.bonesBefore(),
                r.bonesAfter(), 8 * r.indexWidth().bytes() + "-bit", out);
        if (atlased != null) {
            AtlasReport a = atlased.report();
            StringBuilder pages = new StringBuilder();
            for (AtlasPage page : a.pages()) {
                pages.append(pages.length() == 0 ? "" : ", ").append(page.material()).append(' ').append(page.width())
                        .append('x').append(page.height()).append(String.format(Locale.ROOT, " (fill %.3f)", page.fill()));
            }
            w.printf(Locale.ROOT, "atlas: %d material%s merged into %d page%s%s; draw calls %d -> %d%n", a.materialsMerged(),
                    a.materialsMerged() == 1 ? "" : "s", a.pageCount(), a.pageCount() == 1 ? "" : "s",
                    a.pageCount() == 0 ? "" : ": " + pages, a.drawCallsBefore(), a.drawCallsAfter());
        }
        w.flush();
        if (!quiet.quiet()) {
            PrintWriter err = cl.getErr();
            for (String note : notes) {
                err.println("skinmesh combine: " + note);
            }
            if (atlased != null) {
                for (String warning : atlased.report().warnings()) {
                    err.println("skinmesh combine: " + naming(warning, inputFile, null));
                }
            }
            for (String warning : r.warnings()) {
                err.println("skinmesh combine: " + warning);
            }
            err.flush();
        }
        return SkinMeshCommand.OK;
    }

    /** Core's "(input 3)", the index of a part among the combined ones. */
    private static final Pattern INPUT = Pattern.compile("\\(input (\\d+)\\)");

    /**
     * Core names a part by its name and its index among the inputs, {@code part 'hat' (input 3)};
     * on the command line the index becomes the file the part comes from, and a message about the
     * skeleton says which file {@code --skeleton} named.
     */
    static String naming(String message, List<Path> inputFile, @Nullable Path skeleton) {
        Matcher m = INPUT.matcher(message);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            int i = Integer.parseInt(m.group(1));
            String file = i < inputFile.size() ? "(in " + inputFile.get(i) + ")" : m.group();
            m.appendReplacement(sb, Matcher.quoteReplacement(file));
        }
        m.appendTail(sb);
        if (skeleton != null && message.contains("skeleton")) {
            sb.append("; the target skeleton is --skeleton ").append(skeleton);
        }
        return sb.toString();
    }

    private static String quote(String name) {
        return name.isEmpty() ? "(unnamed)" : "'" + name + "'";
    }

    /**
     * The inputs with their parts replaced by the atlased ones: each character the inputs come from gets
     * its atlased parts (its other parts unchanged), so the inputs stay parts of their characters.
     */
    static List<CombineInput> withParts(List<CombineInput> inputs, List<Part> atlased) {
        java.util.Map<Character, java.util.Map<String, Part>> replaced = new java.util.IdentityHashMap<>();
        for (int i = 0; i < inputs.size(); i++) {
            Character c = inputs.get(i).source();
            replaced.computeIfAbsent(c, x -> new java.util.HashMap<>()).put(inputs.get(i).part().name(), atlased.get(i));
        }
        java.util.Map<Character, Character> rebuilt = new java.util.IdentityHashMap<>();
        for (java.util.Map.Entry<Character, java.util.Map<String, Part>> e : replaced.entrySet()) {
            List<Part> parts = new ArrayList<>();
            for (Part p : e.getKey().parts()) {
                parts.add(e.getValue().getOrDefault(p.name(), p));
            }
            rebuilt.put(e.getKey(), e.getKey().withParts(parts));
        }
        List<CombineInput> out = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            out.add(CombineInput.of(rebuilt.get(inputs.get(i).source()), atlased.get(i)));
        }
        return out;
    }

    /** The {@code --report} JSON. */
    static ObjectNode describe(CombineResult result, @Nullable AtlasResult atlased, List<String> notes) {
        CombineReport r = result.report();
        ObjectNode root = Json.object();
        root.put("formatVersion", REPORT_FORMAT_VERSION);
        ObjectNode before = root.putObject("before");
        before.put("parts", r.partsBefore());
        before.put("vertices", r.verticesBefore());
        before.put("triangles", r.trianglesBefore());
        before.put("bones", r.bonesBefore());
        before.put("drawCalls", r.drawCallsBefore());
        ObjectNode after = root.putObject("after");
        after.put("parts", r.partsAfter());
        after.put("vertices", r.verticesAfter());
        after.put("triangles", r.trianglesAfter());
        after.put("bones", r.bonesAfter());
        after.put("drawCalls", r.drawCallsAfter());
        after.put("indexBits", 8 * r.indexWidth().bytes());

        Character c = result.character();
        Mesh mesh = result.mesh();
        ObjectNode skeleton = root.putObject("skeleton");
        skeleton.put("name", c.skeleton().name());
        skeleton.put("bones", c.skeleton().boneCount());
        ArrayNode palette = skeleton.putArray("palette");
        for (int e = 0; e < mesh.skin().paletteSize(); e++) {
            palette.add(mesh.skin().boneName(e));
        }
        ArrayNode dropped = skeleton.putArray("droppedBones");
        r.droppedBones().forEach(dropped::add);
        ArrayNode moves = root.putArray("moves");
        for (BoneMove m : r.moves()) {
            ObjectNode o = moves.addObject();
            o.put("part", m.partName());
            o.put("bone", m.bone());
            o.put("ancestor", m.ancestor());
            o.put("vertices", m.vertices());
        }
        ArrayNode corrections = root.putArray("bindCorrections");
        for (BindCorrection b : r.corrections()) {
            ObjectNode o = corrections.addObject();
            o.put("bone", b.bone());
            o.put("part", result.report().provenance().partName(b.part()));
            o.put("referencePart", result.report().provenance().partName(b.referencePart()));
            o.put("vertices", b.vertices());
            o.put("exactVertices", b.exactVertices());
            o.put("deviationBound", b.deviationBound());
            o.put("measuredDeviation", b.measuredDeviation());
        }
        ArrayNode submeshes = root.putArray("submeshes");
        for (Submesh s : mesh.submeshes()) {
            Material m = mesh.materials().get(s.materialIndex());
            ObjectNode o = submeshes.addObject();
            o.put("material", m.name());
            o.put("alphaMode", m.alphaMode().name());
            o.put("doubleSided", m.doubleSided());
            o.put("triangles", s.triangleCount());
        }
        ArrayNode parts = root.putArray("parts");
        Provenance p = r.provenance();
        for (int i = 0; i < p.partCount(); i++) {
            ObjectNode o = parts.addObject();
            o.put("name", p.partName(i));
            ArrayNode runs = o.putArray("vertexRuns");
            for (Provenance.VertexRun run : p.vertexRuns()) {
                if (run.part() == i) {
                    ObjectNode ro = runs.addObject();
                    ro.put("firstSource", run.firstSource());
                    ro.put("firstOutput", run.firstOutput());
                    ro.put("count", run.count());
                }
            }
            ArrayNode ranges = o.putArray("indexRanges");
            for (Provenance.IndexRange range : p.indexRanges(i)) {
                ObjectNode ro = ranges.addObject();
                ro.put("firstSourceIndex", range.firstSourceIndex());
                ro.put("firstIndex", range.firstIndex());
                ro.put("indexCount", range.indexCount());
            }
        }
        if (atlased != null) {
            AtlasReport a = atlased.report();
            ObjectNode o = root.putObject("atlas");
            o.put("drawCallsBefore", a.drawCallsBefore());
            o.put("drawCallsAfter", a.drawCallsAfter());
            o.put("materialsMerged", a.materialsMerged());
            o.put("splitVertices", a.splitVertices());
            ArrayNode pages = o.putArray("pages");
            for (AtlasPage page : a.pages()) {
                ObjectNode po = pages.addObject();
                po.put("material", page.material());
                po.put("width", page.width());
                po.put("height", page.height());
                po.put("fill", page.fill());
                ArrayNode slots = po.putArray("slots");
                page.slots().forEach(slots::add);
                ArrayNode images = po.putArray("images");
                page.images().forEach(images::add);
                ArrayNode sources = po.putArray("sourceMaterials");
                page.sourceMaterials().forEach(sources::add);
            }
            ArrayNode tiling = o.putArray("tiling");
            for (TiledPart t : a.tiling()) {
                ObjectNode to = tiling.addObject();
                to.put("part", t.part());
                to.put("material", t.material());
                to.put("texCoord", t.texCoord());
                to.put("minU", t.minU());
                to.put("maxU", t.maxU());
                to.put("minV", t.minV());
                to.put("maxV", t.maxV());
                to.put("action", t.action().name());
                to.put("tilesU", t.tilesU());
                to.put("tilesV", t.tilesV());
            }
        }
        ArrayNode warnings = root.putArray("warnings");
        notes.forEach(warnings::add);
        if (atlased != null) {
            atlased.report().warnings().forEach(warnings::add);
        }
        r.warnings().forEach(warnings::add);
        return root;
    }
}
