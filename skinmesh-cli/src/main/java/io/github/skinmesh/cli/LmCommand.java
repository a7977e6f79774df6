package io.github.skinmesh.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.SkinMeshException;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.partition.PartitionMode;
import io.github.skinmesh.gltf.GltfAsset;
import io.github.skinmesh.laya.LayaModels;
import io.github.skinmesh.laya.LmConvention;
import io.github.skinmesh.laya.LmDraws;
import io.github.skinmesh.laya.LmReadOptions;
import io.github.skinmesh.laya.LmReadResult;
import io.github.skinmesh.laya.LmWriteOptions;
import io.github.skinmesh.laya.LmWriteResult;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code skinmesh lm}: writes the meshes of a glTF or {@code .lm} file as LayaAir
 * {@code LAYAMODEL:0501} files, one per mesh.
 */
@Command(name = "lm", mixinStandardHelpOptions = true,
        description = {"Writes LayaAir .lm files (LAYAMODEL:0501, the layout of LayaAir's Unity exporter) from a glTF"
            + " or .lm file: one .lm per mesh (a glTF mesh used by several nodes is written once per skin, in its own"
            + " space; node transforms, materials and clips are not part of a .lm).",
            "OUT is a .lm name when FILE has one mesh, else a folder (one that exists, or a name not ending in .lm)"
            + " that receives MESHNAME.lm per mesh (characters"
            + " other than letters, digits, '.', '_' and '-' become '_'; an unnamed mesh is mesh<index>, a repeated"
            + " name gets -<index>, and -<index>-2, -3, ... if that is taken too).",
            "--convention names the space of FILE's data: gltf (the default for glTF: winding reversed, tangent w"
            + " negated, as LayaAir's glTF importer does), unity (x mirrored, v flipped, as LayaAir's Unity exporter"
            + " does) or laya (written as it is; the default for .lm, and the only one a .lm file's data can be in).",
            "Skinned meshes are partitioned into draws of at most --max-bones bones. From a .lm with --convention laya"
            + " and neither --max-bones nor --mode, the file's draws and stored bounds are kept, so an official file"
            + " is written back byte for byte.",
            "Prints a row per file written (--json: one JSON object, a public format with a formatVersion); what a"
            + " .lm cannot hold goes to stderr as a warning (not with --quiet)."})
final class LmCommand implements Callable<Integer> {
    /** Version of the {@code --json} object (documented with its schema in the project's lm page). */
    static final int JSON_FORMAT_VERSION = 1;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A .glb, .gltf or .lm file.")
    Path file;

    @Option(names = "--out", paramLabel = "OUT", required = true,
            description = "The .lm file to write, or a folder (an existing folder, or a name not ending in .lm) for"
                + " one .lm per mesh.")
    Path out;

    @Option(names = "--convention", paramLabel = "C",
            description = "gltf, unity or laya: the space of FILE's data (default: gltf for glTF, laya for .lm).")
    String convention;

    @Option(names = "--max-bones", paramLabel = "N",
            description = "The most bones one draw may bind, 1.." + LmWriteOptions.MAX_BONES_LIMIT + " (default: "
                + LmWriteOptions.LAYA_MAX_BONES + ", LayaAir's limit).")
    Integer maxBones;

    @Option(names = "--mode", paramLabel = "MODE",
            description = "greedy (triangles grouped as LayaAir's Unity exporter does) or optimized (fewer draws and"
                + " duplicated vertices; the default).")
    String mode;

    @Option(names = "--json", description = "Print what was written as one JSON object on stdout instead of a table.")
    boolean json;

    @Mixin
    QuietOption quiet;

    /** One mesh to write and where. */
    private record Job(String mesh, Mesh data, LmWriteOptions options, Path target) {
    }

    /** One file written. */
    private record Written(Job job, LmWriteResult result) {
    }

    @Override
    public Integer call() {
        CommandLine cl = spec.commandLine();
        boolean lmInput = file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".lm");
        if (!lmInput && !Inputs.isGltf(file)) {
            throw new SkinMeshException(file + ": not a glTF or .lm file, expected a .glb, .gltf or .lm name");
        }
        LmConvention conv = convention == null ? (lmInput ? LmConvention.LAYA : LmConvention.GLTF)
                : switch (convention.toLowerCase(Locale.ROOT)) {
                    case "gltf" -> LmConvention.GLTF;
                    case "unity" -> LmConvention.UNITY;
                    case "laya" -> LmConvention.LAYA;
                    default -> throw new CommandLine.ParameterException(cl, "--convention: " + convention
                            + ", expected gltf, unity or laya");
                };
        if (lmInput && conv != LmConvention.LAYA) {
            // reading would convert out of LayaAir's space and writing back into it: nothing would change
            throw new CommandLine.ParameterException(cl, "--convention: " + convention + " does not apply to " + file
                    + ", a .lm file's data is in LayaAir's space already; leave the option out or give laya");
        }
        PartitionMode partitionMode = mode == null ? PartitionMode.OPTIMIZED : switch (mode.toLowerCase(Locale.ROOT)) {
            case "greedy" -> PartitionMode.GREEDY;
            case "optimized" -> PartitionMode.OPTIMIZED;
            default -> throw new CommandLine.ParameterException(cl, "--mode: " + mode + ", expected greedy or optimized");
        };
        if (maxBones != null) {
            Inputs.requireRange(cl, "--max-bones", maxBones, 1, LmWriteOptions.MAX_BONES_LIMIT);
        }
        // a folder that exists is a folder whatever its name; otherwise a name ending in .lm is a file
        boolean outIsFile = out.getFileName() != null && !Files.isDirectory(out)
                && out.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".lm");
        if (!outIsFile && Files.exists(out) && !Files.isDirectory(out)) {
            throw new SkinMeshException(out + ": exists and is not a folder, expected a folder or a .lm name");
        }
        Outputs outputs = new Outputs(List.of(file));
        if (outIsFile) {
            outputs.checkTargets(out);
        }
        LmWriteOptions partitioned = LmWriteOptions.DEFAULTS.withConvention(conv).withMode(partitionMode)
                .withMaxBones(maxBones == null ? LmWriteOptions.LAYA_MAX_BONES : maxBones);
        List<Job> jobs = new ArrayList<>();
        String source;
        if (lmInput) {
            source = "lm";
            LmReadResult read = Inputs.readLm(file, LmReadOptions.DEFAULTS.withConvention(conv));
            LmWriteOptions options = conv == LmConvention.LAYA && maxBones == null && mode == null
                    ? read.rewriteOptions() : partitioned.withDraws(LmDraws.PARTITION);
            String name = read.mesh().name();
            jobs.add(new Job(name, read.mesh(), options, outIsFile ? out : out.resolve(fileName(name, 0, Set.of()))));
        } else {
            source = "gltf";
            GltfAsset asset = Inputs.readGltf(file);
            // a glTF mesh is written once per skin: nodes with different skins give different bones and bind
            // matrices; nodes sharing mesh and skin (or rigid nodes sharing a mesh) give the same part mesh
            Set<Long> seen = new HashSet<>();
            Set<String> names = new HashSet<>();
            for (int i = 0; i < asset.parts().size(); i++) {
                int meshIndex = asset.source(i).mesh();
                if (!seen.add((long) meshIndex << 32 | (asset.source(i).skin() & 0xFFFFFFFFL))) {
                    continue;
                }
                Mesh m = asset.parts().get(i).mesh();
                String name = fileName(m.name(), meshIndex, names);
                names.add(name.toLowerCase(Locale.ROOT));
                jobs.add(new Job(m.name(), m, partitioned, outIsFile ? out : out.resolve(name)));
            }
            if (jobs.isEmpty()) {
                throw new SkinMeshException(file + ": no mesh, nothing to write");
            }
            if (outIsFile && jobs.size() > 1) {
                throw new SkinMeshException(file + ": " + jobs.size() + " meshes, but --out " + out + " names one .lm"
                        + " file; give a folder for one .lm per mesh");
            }
        }
        outputs.checkTargets(jobs.stream().map(Job::target).toArray(Path[]::new));
        List<Written> written = new ArrayList<>();
        try (outputs) {
            for (Job job : jobs) {
                LmWriteResult r;
                try {
                    r = LayaModels.write(job.data, job.options);
                } catch (ValidationException e) {
                    throw new SkinMeshException(file + ": " + message(e), e);
                }
                outputs.write(job.target, r::writeTo);
                written.add(new Written(job, r));
            }
            outputs.commit();
        }
        PrintWriter w = cl.getOut();
        if (json) {
            w.println(Json.text(describe(file, source, conv, written)));
        } else {
            Table t = new Table("file", "mesh", "vertices", "duplicated", "submeshes", "draws", "bones", "index bits",
                    "bytes");
            for (Written x : written) {
                t.row(x.job.target, quote(x.job.mesh), x.result.vertexCount(), x.result.duplicatedVertices(),
                        x.job.data.submeshes().size(), x.result.drawCount(), bones(x.job.data),
                        8 * x.result.indexBytes(), x.result.size());
            }
            w.print(t.render());
        }
        w.flush();
        if (!quiet.quiet()) {
            PrintWriter err = cl.getErr();
            for (Written x : written) {
                for (String warning : x.result.warnings()) {
                    err.println("skinmesh lm: " + x.job.target + ": " + strip(warning));
                }
            }
            err.flush();
        }
        return SkinMeshCommand.OK;
    }

    /** The writer's message in this command's terms: no API name, {@code --max-bones} for the bone limit. */
    static final MessageRewrites LM_TERMS = MessageRewrites.of(
            "OversizeTriangles.DROP_INFLUENCES drops its smallest influences until it fits", "raise --max-bones");

    /** The writer's message without its API name, in this command's terms. */
    private static String message(ValidationException e) {
        return LM_TERMS.apply(strip(e.getMessage()));
    }

    private static String strip(String message) {
        String prefix = "LayaModels.write: ";
        return message.startsWith(prefix) ? message.substring(prefix.length()) : message;
    }

    private static int bones(Mesh m) {
        return m.skin() == null ? 0 : m.skin().paletteSize();
    }

    private static String quote(String name) {
        return name.isEmpty() ? "(unnamed)" : "'" + name + "'";
    }

    /**
     * The file name of a mesh: its name with characters other than ASCII letters, digits, {@code .},
     * {@code _} and {@code -} replaced by {@code _}, {@code mesh<index>} when that leaves nothing
     * usable, {@code -<index>} appended when its lower case is in {@code taken} (and then
     * {@code -2}, {@code -3}, ... until it is not), then {@code .lm}.
     */
    static String fileName(String meshName, int index, Set<String> taken) {
        StringBuilder b = new StringBuilder();
        meshName.codePoints().forEach(c -> b.append(c < 128 && (Character.isLetterOrDigit(c) || c == '.' || c == '_'
                || c == '-') ? (char) c : '_'));
        String base = b.toString();
        if (base.isEmpty() || base.chars().allMatch(c -> c == '.')) {
            base = "mesh" + index;
        }
        String name = base + ".lm";
        if (taken.contains(name.toLowerCase(Locale.ROOT))) {
            name = base + "-" + index + ".lm";
            for (int k = 2; taken.contains(name.toLowerCase(Locale.ROOT)); k++) {
                name = base + "-" + index + "-" + k + ".lm";
            }
        }
        return name;
    }

    /** The {@code --json} object. */
    static ObjectNode describe(Path file, String source, LmConvention conv, List<Written> written) {
        ObjectNode root = Json.object();
        root.put("formatVersion", JSON_FORMAT_VERSION);
        root.put("file", file.toString());
        root.put("source", source);
        root.put("convention", conv.name().toLowerCase(Locale.ROOT));
        ArrayNode files = root.putArray("files");
        for (Written x : written) {
            ObjectNode o = files.addObject();
            o.put("file", x.job.target.toString());
            o.put("mesh", x.job.mesh);
            o.put("bytes", x.result.size());
            o.put("vertices", x.result.vertexCount());
            o.put("sourceVertices", x.result.sourceVertexCount());
            o.put("duplicatedVertices", x.result.duplicatedVertices());
            o.put("submeshes", x.job.data.submeshes().size());
            o.put("draws", x.result.drawCount());
            o.put("bones", bones(x.job.data));
            o.put("maxBones", x.job.options.maxBones());
            o.put("partitioned", x.result.partitioned());
            o.put("indexBytes", x.result.indexBytes());
            ArrayNode decl = o.putArray("declaration");
            x.result.declaration().forEach(e -> decl.add(e.declarationName()));
            ArrayNode warnings = o.putArray("warnings");
            x.result.warnings().forEach(s -> warnings.add(strip(s)));
        }
        return root;
    }
}
