package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.gltf.GltfAsset;
import io.github.skinmesh.gltf.GltfReader;
import io.github.skinmesh.gltf.GltfWriter;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code skinmesh partition}: the report, the glTF with a node per draw, bad usage and bad input. */
class PartitionCommandTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Path DOC = Path.of("..", "docs", "partition.md");

    @TempDir
    Path tmp;

    private Path combinedHumanoid() throws IOException {
        Path file = tmp.resolve("humanoid.glb");
        Character c = Combine.combineCharacters(List.of(Humanoids.generate(1).character()), CombineOptions.DEFAULTS)
                .character();
        GltfWriter.writeGlb(c, file);
        return file;
    }

    @Test
    void reportsEveryPrimitiveAndWritesANodeAndSkinPerDraw() throws IOException {
        Path in = combinedHumanoid();
        Path out = tmp.resolve("split.glb");
        Path report = tmp.resolve("r.json");
        Cli.Run run = Cli.run("partition", in, "--max-bones", "16", "--out", out, "--report", report);
        run.assertOk();
        assertThat(run.out()).contains("total").contains("lower bound");
        JsonNode r = MAPPER.readTree(report.toFile());
        assertThat(r.get("formatVersion").asInt()).isEqualTo(PartitionCommand.REPORT_FORMAT_VERSION);
        assertThat(r.get("mode").asText()).isEqualTo("optimized");
        JsonNode total = r.get("total");
        assertThat(total.get("verticesAfter").asLong())
                .isEqualTo(total.get("verticesBefore").asLong() + total.get("duplicatedVertices").asLong());
        assertThat(total.get("draws").asInt()).isGreaterThanOrEqualTo(total.get("lowerBound").asInt());
        assertThat(total.get("maxBonesPerDraw").asInt()).isLessThanOrEqualTo(16);
        GltfAsset split = GltfReader.read(out);
        assertThat(split.character().skinnedParts()).hasSize(total.get("draws").asInt());
        split.character().skinnedParts().forEach(p -> assertThat(p.mesh().skin().paletteSize()).isLessThanOrEqualTo(16));
    }

    @Test
    void greedyNeverHasFewerDrawsThanOptimizedAndJsonGoesToStdout() throws IOException {
        Path in = combinedHumanoid();
        Cli.Run greedy = Cli.run("partition", in, "--max-bones", "24", "--mode", "greedy", "--report",
                tmp.resolve("g.json"), "--json");
        greedy.assertOk();
        JsonNode g = MAPPER.readTree(greedy.out());
        Cli.run("partition", in, "--max-bones", "24", "--report", tmp.resolve("o.json")).assertOk();
        JsonNode o = MAPPER.readTree(tmp.resolve("o.json").toFile());
        assertThat(g.get("mode").asText()).isEqualTo("greedy");
        assertThat(o.at("/total/draws").asInt()).isLessThanOrEqualTo(g.at("/total/draws").asInt());
        assertThat(o.at("/total/duplicatedVertices").asInt()).isLessThanOrEqualTo(g.at("/total/duplicatedVertices").asInt());
    }

    @Test
    void badUsageAndBadInput() throws IOException {
        Path in = combinedHumanoid();
        Cli.Run mode = Cli.run("partition", in, "--max-bones", "24", "--mode", "best", "--report", tmp.resolve("r.json"));
        assertThat(mode.exitCode()).isEqualTo(SkinMeshCommand.USAGE);
        assertThat(mode.err()).contains("--mode: best, expected greedy or optimized");
        Cli.Run zero = Cli.run("partition", in, "--max-bones", "0", "--report", tmp.resolve("r.json"));
        assertThat(zero.exitCode()).isEqualTo(SkinMeshCommand.USAGE);
        assertThat(zero.err()).contains("--max-bones: 0, expected 1..65536");
        Cli.Run huge = Cli.run("partition", in, "--max-bones", "65537", "--report", tmp.resolve("r.json"));
        assertThat(huge.exitCode()).isEqualTo(SkinMeshCommand.USAGE);
        assertThat(huge.err()).contains("--max-bones: 65537, expected 1..65536");
        Cli.Run tight = Cli.run("partition", in, "--max-bones", "2", "--report", tmp.resolve("r.json"));
        assertThat(tight.exitCode()).isEqualTo(SkinMeshCommand.BAD_INPUT);
        assertThat(tight.err()).contains(in.toString()).contains("expected at most maxBones 2")
                .contains("--drop-influences drops its smallest influences");
        Cli.Run dropped = Cli.run("partition", in, "--max-bones", "4", "--drop-influences", "--report",
                tmp.resolve("d.json"));
        dropped.assertOk();
        JsonNode d = MAPPER.readTree(tmp.resolve("d.json").toFile());
        assertThat(d.at("/droppedInfluences/weightRemoved").asDouble()).isPositive();
        assertThat(d.get("warnings")).isNotEmpty();
        assertThat(Files.exists(tmp.resolve("r.json"))).isFalse();
    }

    @Test
    void theDocumentMatchesTheReport() throws IOException {
        assertThat(DOC).isRegularFile();
        String doc = Files.readString(DOC);
        assertThat(doc).contains("this page describes version **" + PartitionCommand.REPORT_FORMAT_VERSION + "**")
                .contains("## Schema (formatVersion " + PartitionCommand.REPORT_FORMAT_VERSION + ")");
        Path in = combinedHumanoid();
        Cli.run("partition", in, "--max-bones", "4", "--drop-influences", "--report", tmp.resolve("r.json")).assertOk();
        Set<String> output = new TreeSet<>();
        DocFields.paths(MAPPER.readTree(tmp.resolve("r.json").toFile()), output);
        Set<String> documented = DocFields.documented(doc.substring(doc.indexOf("\n## Schema")));
        assertThat(documented).isEqualTo(output);
    }

}
