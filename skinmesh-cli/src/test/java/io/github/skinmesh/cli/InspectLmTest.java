package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.laya.LayaModels;
import io.github.skinmesh.laya.LmWriteOptions;
import io.github.skinmesh.laya.LmWriteResult;
import io.github.skinmesh.testkit.SharedFiles;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code .lm} part of {@code skinmesh inspect}: facts of the official files, the written ones, the document. */
class InspectLmTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Path DOC = Path.of("..", "docs", "inspect.md");
    private static final List<String> FIXTURES = List.of("unity_default_resources-Cube.lm",
            "light_celing_1-light_celing_1.lm", "dajia-business01_m_lowpoly.lm", "LayaMonkey-LayaMonkey.lm");

    @TempDir
    Path tmp;

    private static Path fixture(String name) {
        Optional<Path> f = SharedFiles.file("fixtures/laya/" + name);
        assumeTrue(f.isPresent(), SharedFiles.ABSENT);
        return f.get();
    }

    private static JsonNode json(Path file) throws IOException {
        return MAPPER.readTree(Cli.run("inspect", file, "--json").assertOk().out());
    }

    private static List<Integer> ints(JsonNode array) {
        List<Integer> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asInt()));
        return out;
    }

    @Test
    void theSkinnedFixtureHasTwoDrawsWithTheDictionariesItsReadmeLists() throws IOException {
        Path file = fixture("dajia-business01_m_lowpoly.lm");
        JsonNode r = json(file);
        assertThat(r.get("format").asText()).isEqualTo("LayaAir .lm");
        assertThat(r.get("version").asText()).isEqualTo("LAYAMODEL:0501");
        assertThat(r.get("bytes").asLong()).isEqualTo(Files.size(file)).isEqualTo(37839);
        assertThat(r.get("vertices").asInt()).isEqualTo(470);
        assertThat(r.get("indices").asInt()).isEqualTo(1776);
        assertThat(r.get("indexBytes").asInt()).isEqualTo(2);
        assertThat(r.get("vertexBytes").asInt()).isEqualTo(68);
        assertThat(r.get("bones")).hasSize(25);
        assertThat(r.get("declaration").toString())
                .isEqualTo("[\"POSITION\",\"NORMAL\",\"UV\",\"BLENDWEIGHT\",\"BLENDINDICES\",\"TANGENT\"]");
        assertThat(r.get("blocks")).hasSize(2);
        assertThat(r.at("/blocks/0/name").asText()).isEqualTo("MESH");
        assertThat(r.at("/blocks/1/name").asText()).isEqualTo("SUBMESH");
        JsonNode draws = r.at("/submeshes/0/draws");
        assertThat(draws).hasSize(2);
        assertThat(draws.get(0).get("firstIndex").asInt()).isZero();
        assertThat(draws.get(0).get("indices").asInt()).isEqualTo(1728);
        assertThat(ints(draws.get(0).get("dictionary")))
                .containsExactly(0, 1, 7, 6, 4, 3, 8, 5, 17, 16, 2, 9, 10, 11, 12, 13, 14, 15, 18, 19, 20, 21, 22, 23);
        assertThat(draws.get(1).get("firstIndex").asInt()).isEqualTo(1728);
        assertThat(draws.get(1).get("indices").asInt()).isEqualTo(48);
        assertThat(ints(draws.get(1).get("dictionary"))).containsExactly(22, 0, 24);
        // the exporter splits shared vertices: the two draws' vertices add up to the buffer's
        assertThat(draws.get(0).get("vertices").asInt() + draws.get(1).get("vertices").asInt()).isEqualTo(470);
        assertThat(r.get("importNotes")).isEmpty();

        String text = Cli.run("inspect", file).assertOk().out();
        assertThat(text).contains(file + ": 37839 bytes, LayaAir LAYAMODEL:0501")
                .contains("declaration: POSITION,NORMAL,UV,BLENDWEIGHT,BLENDINDICES,TANGENT")
                .contains("470 vertices of 68 bytes, 1776 indices (592 triangles, 16-bit), skinned, 25 bones")
                .contains("  draw 1: indices [1728, 1776), ")
                .containsPattern("draw 1: .* 3 bones: 22 '[^']*', 0 '[^']*', 24 '[^']*'");
    }

    @Test
    void staticFixturesListTheirSubmeshesAndStoredBounds() throws IOException {
        JsonNode cube = json(fixture("unity_default_resources-Cube.lm"));
        assertThat(cube.get("skinned").asBoolean()).isFalse();
        assertThat(cube.get("bones")).isEmpty();
        assertThat(cube.at("/storedBounds/min").toString()).isEqualTo("[-0.5,-0.5,-0.5]");
        assertThat(cube.at("/storedBounds/max").toString()).isEqualTo("[0.5,0.5,0.5]");
        assertThat(cube.at("/submeshes/0/draws")).isEmpty();
        JsonNode light = json(fixture("light_celing_1-light_celing_1.lm"));
        List<int[]> ranges = new ArrayList<>();
        light.get("submeshes").forEach(s -> ranges.add(new int[] {s.get("firstIndex").asInt(),
            s.get("firstIndex").asInt() + s.get("indices").asInt()}));
        assertThat(ranges).containsExactly(new int[] {0, 96}, new int[] {96, 102}, new int[] {102, 108});
        assertThat(light.get("blocks")).hasSize(4);
    }

    @Test
    void aWrittenFileIsInspectedAsWritten() throws IOException {
        Mesh body = Combine.combineCharacters(List.of(Humanoids.generate(1).character()), CombineOptions.DEFAULTS)
                .mesh();
        Path file = tmp.resolve("body.lm");
        LmWriteResult w = LayaModels.write(body, LmWriteOptions.DEFAULTS, file);
        JsonNode r = json(file);
        assertThat(r.get("vertices").asInt()).isEqualTo(w.vertexCount());
        assertThat(r.get("indexBytes").asInt()).isEqualTo(w.indexBytes());
        int draws = 0;
        for (JsonNode s : r.get("submeshes")) {
            for (JsonNode d : s.get("draws")) {
                assertThat(d.get("dictionary").size()).isBetween(1, 24);
                draws++;
            }
        }
        assertThat(draws).isEqualTo(w.drawCount());
        assertThat(r.get("submeshes")).hasSize(body.submeshes().size());
        assertThat(r.get("blocks")).hasSize(1 + body.submeshes().size());
    }

    @Test
    void aBrokenFileExitsWith1NamingTheFieldAndOffset() throws IOException {
        Path file = tmp.resolve("body.lm");
        LayaModels.write(Combine.combineCharacters(List.of(Humanoids.generate(2).character()), CombineOptions.DEFAULTS)
                .mesh(), LmWriteOptions.DEFAULTS, file);
        byte[] b = Files.readAllBytes(file);
        Path cut = Files.write(tmp.resolve("cut.lm"), Arrays.copyOf(b, 40));
        Cli.Run run = Cli.run("inspect", cut, "--json");
        run.assertBadInput(cut.toString(), "offset");
        assertThat(run.stdout()).isEmpty();
        Cli.run("inspect", tmp.resolve("none.lm")).assertBadInput("none.lm", "no such file");
    }

    @Test
    void everyLmFieldIsDocumentedAndEveryDocumentedFieldOccurs() throws IOException {
        Set<String> output = new TreeSet<>();
        for (String name : FIXTURES) {
            DocFields.paths(json(fixture(name)), output);
        }
        String doc = Files.readString(DOC);
        int start = doc.indexOf("\n## `.lm` files");
        assertThat(start).isNotNegative();
        int end = doc.indexOf("\n## ", start + 1);
        Set<String> documented = DocFields.documented(doc.substring(start, end < 0 ? doc.length() : end));
        assertThat(documented).as("documented fields").isEqualTo(output);
    }

}
