package io.github.skinmesh.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.SkinMeshException;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.partition.OversizeTriangles;
import io.github.skinmesh.core.partition.Partition;
import io.github.skinmesh.core.partition.PartitionMode;
import io.github.skinmesh.core.partition.PartitionOptions;
import io.github.skinmesh.core.partition.PartitionReport;
import io.github.skinmesh.core.partition.PartitionResult;
import io.github.skinmesh.core.partition.SubmeshPartition;
import io.github.skinmesh.gltf.GltfAsset;
import io.github.skinmesh.gltf.GltfWriter;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.joml.Matrix4f;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code skinmesh partition}: splits every skinned primitive of a glTF file into bone-palette
 * partitions of at most N bones, reports what that costs, and can write the result with a node,
 * mesh and skin per partition.
 */
@Command(name = "partition", mixinStandardHelpOptions = true,
        description = {"Splits every skinned primitive of a glTF file into bone-palette partitions (draws) of at most"
            + " --max-bones bones, duplicating the vertices that partitions share.",
            "--mode greedy groups triangles exactly as LayaAir's Unity exporter does (zero-weight slots count);"
            + " --mode optimized (the default) counts weighted bones only and makes no more draws than greedy, with"
            + " fewer duplicated vertices.",
            "Prints per primitive and in total: draws, vertices before and after, duplicated vertices, the most bones"
            + " of a draw and a lower bound on draws; --report writes the same as JSON (format in docs/partition.md).",
            "--out writes a glTF binary in which every partition is a node with its own mesh and a skin holding"
            + " exactly its bones."})
final class PartitionCommand implements Callable<Integer> {
    /**
     * Version of the {@code --report} JSON, a public format whose schema is the project's partition
     * report document. It changes only when a field is removed, renamed or changes meaning.
     */
    static final int REPORT_FORMAT_VERSION = 1;

    /** The partitioner's message in this command's terms: {@code --drop-influences} for the oversize rule. */
    static final MessageRewrites PARTITION_TERMS = MessageRewrites.of(
            "OversizeTriangles.DROP_INFLUENCES", "--drop-influences");

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A .glb or .gltf file.")
    Path file;

    @Option(names = "--max-bones", paramLabel = "N", required = true,
            description = "The most bones one draw may bind, 1.." + Skin.MAX_PALETTE_SIZE + " (LayaAir: 24).")
    int maxBones;

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "optimized",
            description = "greedy or optimized (default: ${DEFAULT-VALUE}).")
    String mode;

    @Option(names = "--drop-influences",
            description = "Make a triangle whose own bones exceed N fit by dropping its vertices' smallest influences"
                + " (reported), instead of failing.")
    boolean dropInfluences;

    @Option(names = "--out", paramLabel = "OUT.glb", description = "Also write the result, a node per partition.")
    Path out;

    @Option(names = "--report", paramLabel = "R.json", required = true, description = "Write the report as JSON.")
    Path report;

    @Option(names = "--json", description = "Print the report as one JSON object on stdout instead of a table.")
    boolean json;

    @Mixin
    QuietOption quiet;

    @Override
    public Integer call() {
        CommandLine cl = spec.commandLine();
        PartitionMode partitionMode = switch (mode.toLowerCase(Locale.ROOT)) {
            case "greedy" -> PartitionMode.GREEDY;
            case "optimized" -> PartitionMode.OPTIMIZED;
            default -> throw new CommandLine.ParameterException(cl, "--mode: " + mode + ", expected greedy or optimized");
        };
        Inputs.requireRange(cl, "--max-bones", maxBones, 1, Skin.MAX_PALETTE_SIZE);
        if (out != null && !out.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".glb")) {
            throw new CommandLine.ParameterException(cl, "--out: " + out + ", expected a .glb name (partition writes"
                    + " glTF binary)");
        }
        if (out != null && report.toAbsolutePath().normalize().equals(out.toAbsolutePath().normalize())) {
            throw new CommandLine.ParameterException(cl, "--report: " + report + " is also the --out file, expected"
                    + " two files");
        }
        Outputs outputs = new Outputs(List.of(file));
        if (out == null) {
            outputs.checkTargets(report);
        } else {
            outputs.checkTargets(out, report);
        }
        GltfAsset asset = Inputs.readGltf(file);
        Character character = asset.character();
        PartitionOptions options = PartitionOptions.DEFAULTS.withMode(partitionMode)
                .withOversize(dropInfluences ? OversizeTriangles.DROP_INFLUENCES : OversizeTriangles.FAIL);
        List<Result> results = new ArrayList<>();
        Character.Builder partitioned = Character.builder(character.name(), character.skeleton());
        try (ConsoleProgress progress = quiet.progress()) {
            for (Part p : character.parts()) {
                if (!p.isSkinned()) {
                    partitioned.addPart(p);
                    continue;
                }
                PartitionResult r;
                try {
                    r = Partition.partition(p.mesh(), maxBones, options, progress);
                } catch (ValidationException e) {
                    throw new SkinMeshException(file + ": part " + quote(p.name()) + ": "
                            + PARTITION_TERMS.apply(e.getMessage()), e);
                }
                results.add(new Result(p.name(), r));
                partitioned.addPart(Part.of(p.name(), r.mesh(), p.attachBone(), p.transform(new Matrix4f())));
            }
        }
        if (results.isEmpty()) {
            throw new SkinMeshException(file + ": no skinned primitive, nothing to partition");
        }
        character.clips().forEach(partitioned::addClip);
        ObjectNode described = describe(file, maxBones, partitionMode, results);
        try (outputs) {
            if (out != null) {
                Character split = Partition.splitDraws(partitioned.build());
                outputs.write(out, stream -> {
                    try {
                        GltfWriter.writeGlb(split, stream);
                    } catch (ValidationException e) {
                        throw new SkinMeshException(out + ": the partitioned character cannot be written as glTF: "
                                + e.getMessage(), e);
                    }
                });
            }
            outputs.write(report, Json.bytes(described));
            outputs.commit();
        }
        PrintWriter w = cl.getOut();
        if (json) {
            w.println(Json.text(described));
        } else {
            w.print(table(results).render());
        }
        w.flush();
        if (!quiet.quiet()) {
            PrintWriter err = cl.getErr();
            for (Result r : results) {
                for (String warning : r.result.report().warnings()) {
                    err.println("skinmesh partition: part " + quote(r.part) + ": " + warning);
                }
            }
            err.flush();
        }
        return SkinMeshCommand.OK;
    }

    /** A skinned part and what partitioning it gave. */
    record Result(String part, PartitionResult result) {
    }

    private static String quote(String name) {
        return name.isEmpty() ? "(unnamed)" : "'" + name + "'";
    }

    /** The table printed on stdout: a row per primitive, then the total. */
    static Table table(List<Result> results) {
        Table t = new Table("part", "primitive", "triangles", "draws", "vertices before", "vertices after",
                "duplicated", "max bones", "lower bound");
        Totals total = new Totals();
        for (Result r : results) {
            for (SubmeshPartition s : r.result.report().submeshes()) {
                t.row(r.part, s.submesh(), s.triangles(), s.draws(), s.verticesBefore(), s.verticesAfter(),
                        s.duplicatedVertices(), s.maxBonesPerDraw(), s.lowerBound());
            }
            total.add(r.result.report());
        }
        return t.row("total", "", total.triangles, total.draws, total.verticesBefore, total.verticesAfter,
                total.duplicated, total.maxBones, total.lowerBound);
    }

    /** Sums over the skinned parts. */
    private static final class Totals {
        long triangles;
        long draws;
        long verticesBefore;
        long verticesAfter;
        long duplicated;
        int maxBones;
        long lowerBound;
        long droppedInfluences;
        long changedVertices;
        long changedTriangles;
        double weightRemoved;

        void add(PartitionReport r) {
            for (SubmeshPartition s : r.submeshes()) {
                triangles += s.triangles();
            }
            draws += r.draws();
            verticesBefore += r.verticesBefore();
            verticesAfter += r.verticesAfter();
            duplicated += r.duplicatedVertices();
            maxBones = Math.max(maxBones, r.maxBonesPerDraw());
            lowerBound += r.lowerBound();
            droppedInfluences += r.droppedInfluences();
            changedVertices += r.changedVertices();
            changedTriangles += r.changedTriangles();
            weightRemoved += r.weightRemoved();
        }
    }

    /** The {@code --report} JSON. */
    static ObjectNode describe(Path file, int maxBones, PartitionMode mode, List<Result> results) {
        ObjectNode root = Json.object();
        root.put("formatVersion", REPORT_FORMAT_VERSION);
        root.put("file", file.toString());
        root.put("mode", mode.name().toLowerCase(Locale.ROOT));
        root.put("maxBones", maxBones);
        ArrayNode primitives = root.putArray("primitives");
        ArrayNode warnings = Json.object().arrayNode();
        Totals total = new Totals();
        for (Result r : results) {
            PartitionReport report = r.result.report();
            for (SubmeshPartition s : report.submeshes()) {
                ObjectNode o = primitives.addObject();
                o.put("part", r.part);
                o.put("mesh", r.result.mesh().name());
                o.put("primitive", s.submesh());
                o.put("triangles", s.triangles());
                o.put("draws", s.draws());
                o.put("verticesBefore", s.verticesBefore());
                o.put("verticesAfter", s.verticesAfter());
                o.put("duplicatedVertices", s.duplicatedVertices());
                o.put("maxBonesPerDraw", s.maxBonesPerDraw());
                o.put("lowerBound", s.lowerBound());
            }
            total.add(report);
            for (String warning : report.warnings()) {
                warnings.add("part " + quote(r.part) + ": " + warning);
            }
        }
        ObjectNode t = root.putObject("total");
        t.put("parts", results.size());
        t.put("triangles", total.triangles);
        t.put("draws", total.draws);
        t.put("verticesBefore", total.verticesBefore);
        t.put("verticesAfter", total.verticesAfter);
        t.put("duplicatedVertices", total.duplicated);
        t.put("maxBonesPerDraw", total.maxBones);
        t.put("lowerBound", total.lowerBound);
        ObjectNode dropped = root.putObject("droppedInfluences");
        dropped.put("influences", total.droppedInfluences);
        dropped.put("vertices", total.changedVertices);
        dropped.put("triangles", total.changedTriangles);
        dropped.put("weightRemoved", total.weightRemoved);
        root.set("warnings", warnings);
        return root;
    }
}
