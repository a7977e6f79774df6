package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.gltf.GltfReader;
import io.github.skinmesh.gltf.GltfWriter;
import io.github.skinmesh.laya.LayaModels;
import io.github.skinmesh.laya.LmConvention;
import io.github.skinmesh.laya.LmReadOptions;
import io.github.skinmesh.laya.LmReadResult;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code skinmesh lm}: glTF and .lm in, one .lm per mesh, conventions, byte-for-byte rewrites, errors. */
class LmCommandTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

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
    void aSkinnedGltfMeshIsWrittenInDrawsOfAtMost24BonesAndReadsBackAsTheSource() throws IOException {
        Path in = combinedHumanoid();
        Path out = tmp.resolve("out").resolve("humanoid.lm");
        Cli.Run run = Cli.run("lm", in, "--out", out, "--json");
        run.assertOk();
        JsonNode r = MAPPER.readTree(run.out());
        assertThat(r.get("convention").asText()).isEqualTo("gltf");
        assertThat(r.get("source").asText()).isEqualTo("gltf");
        JsonNode f = r.get("files").get(0);
        assertThat(r.get("files")).hasSize(1);
        assertThat(f.get("file").asText()).isEqualTo(out.toString());
        assertThat(f.get("bytes").asLong()).isEqualTo(Files.size(out));
        assertThat(f.get("partitioned").asBoolean()).isTrue();
        assertThat(f.get("maxBones").asInt()).isEqualTo(24);

        Mesh source = GltfReader.read(in).parts().get(0).mesh();
        LmReadResult back = LayaModels.read(out, LmReadOptions.DEFAULTS.withConvention(LmConvention.GLTF));
        Mesh m = back.mesh();
        assertThat(m.vertexCount()).isEqualTo(f.get("vertices").asInt())
                .isEqualTo(source.vertexCount() + f.get("duplicatedVertices").asInt());
        assertThat(m.skin().paletteSize()).isEqualTo(f.get("bones").asInt()).isEqualTo(source.skin().paletteSize());
        int draws = 0;
        for (Submesh s : m.submeshes()) {
            for (Draw d : s.draws()) {
                assertThat(d.paletteEntryCount()).isLessThanOrEqualTo(24);
                draws++;
            }
        }
        assertThat(draws).isEqualTo(f.get("draws").asInt());
        // every source vertex is in the file unchanged (the first copy keeps the source's index)
        float[] p = m.positions();
        assertThat(Arrays.copyOf(p, 3 * source.vertexCount())).containsExactly(source.positions());
        assertThat(Cli.hiddenFiles(tmp)).isEmpty();
    }

    /** One glTF mesh on two nodes with different skins: one file per skin, each with its own bones. */
    @Test
    void aMeshSharedByNodesWithDifferentSkinsIsWrittenOncePerSkin() throws IOException {
        Path in = tmp.resolve("shared.glb");
        Files.write(in, TinyGlb.glb(json -> {
            ((com.fasterxml.jackson.databind.node.ArrayNode) json.get("nodes")).addObject().put("name", "twin")
                    .put("mesh", 0).put("skin", 1);
            ((com.fasterxml.jackson.databind.node.ArrayNode) json.get("skins")).addObject().putArray("joints").add(0);
            ((com.fasterxml.jackson.databind.node.ArrayNode) json.at("/scenes/0/nodes")).add(3);
            // the same node twice with the first skin adds nothing
            ((com.fasterxml.jackson.databind.node.ArrayNode) json.get("nodes")).addObject().put("name", "copy")
                    .put("mesh", 0).put("skin", 0);
            ((com.fasterxml.jackson.databind.node.ArrayNode) json.at("/scenes/0/nodes")).add(4);
        }));
        Path dir = tmp.resolve("lm");
        Cli.Run run = Cli.run("lm", in, "--out", dir, "--json");
        run.assertOk();
        JsonNode files = MAPPER.readTree(run.out()).get("files");
        assertThat(files).hasSize(2);
        List<String> bones = new ArrayList<>();
        List<Float> bindY = new ArrayList<>();
        for (JsonNode f : files) {
            Mesh m = LayaModels.read(Path.of(f.get("file").asText()), LmReadOptions.DEFAULTS).mesh();
            assertThat(m.skin().paletteSize()).isEqualTo(1);
            bones.add(m.skin().boneName(0));
            bindY.add(m.skin().inverseBindMatrix(0, new org.joml.Matrix4f()).m31());
        }
        assertThat(bones).containsExactly("joint", "root");
        assertThat(bindY).containsExactly(-1f, 0f);
        assertThat(Cli.files(dir)).hasSize(2);
    }

    @Test
    void theTableNamesEveryFileAndGreedyNeverMakesFewerDrawsThanOptimized() throws IOException {
        Path in = combinedHumanoid();
        Cli.Run greedy = Cli.run("lm", in, "--out", tmp.resolve("g.lm"), "--mode", "greedy", "--json");
        greedy.assertOk();
        Cli.Run optimized = Cli.run("lm", in, "--out", tmp.resolve("o.lm"));
        optimized.assertOk();
        assertThat(optimized.out()).contains("file").contains("duplicated").contains("index bits")
                .contains(tmp.resolve("o.lm").toString());
        LmReadResult o = LayaModels.read(tmp.resolve("o.lm"), LmReadOptions.DEFAULTS);
        int oDraws = o.mesh().submeshes().stream().mapToInt(s -> s.draws().size()).sum();
        assertThat(oDraws).isLessThanOrEqualTo(MAPPER.readTree(greedy.out()).at("/files/0/draws").asInt());
        Cli.run("lm", in, "--out", tmp.resolve("16.lm"), "--max-bones", "16").assertOk();
        LayaModels.read(tmp.resolve("16.lm"), LmReadOptions.DEFAULTS).mesh().submeshes()
                .forEach(s -> s.draws().forEach(d -> assertThat(d.paletteEntryCount()).isLessThanOrEqualTo(16)));
    }

    @Test
    void severalMeshesGoIntoAFolderOneFileEach() throws IOException {
        Character c = Humanoids.generate(1).character();
        Path in = tmp.resolve("parts.glb");
        GltfWriter.writeGlb(c, in);
        Path dir = tmp.resolve("lm");
        Cli.Run run = Cli.run("lm", in, "--out", dir, "--json");
        run.assertOk();
        JsonNode files = MAPPER.readTree(run.out()).get("files");
        assertThat(files).hasSize(c.parts().size());
        List<Path> expected = new ArrayList<>();
        Set<String> taken = new java.util.HashSet<>();
        for (int i = 0; i < c.parts().size(); i++) {
            Part p = c.parts().get(i);
            String name = LmCommand.fileName(p.mesh().name(), i, taken);
            taken.add(name.toLowerCase(java.util.Locale.ROOT));
            expected.add(Path.of(name));
            JsonNode f = files.get(i);
            assertThat(f.get("mesh").asText()).isEqualTo(p.mesh().name());
            LmReadResult back = LayaModels.read(dir.resolve(name), LmReadOptions.DEFAULTS.withConvention(LmConvention.GLTF));
            assertThat(back.mesh().name()).isEqualTo(p.mesh().name());
            assertThat(back.mesh().vertexCount()).isEqualTo(f.get("vertices").asInt());
        }
        assertThat(Cli.files(dir)).containsExactlyInAnyOrderElementsOf(expected);
        // one .lm name for several meshes is an error, and nothing is written
        Cli.Run one = Cli.run("lm", in, "--out", tmp.resolve("one.lm"));
        one.assertBadInput(in.toString(), c.parts().size() + " meshes", "give a folder");
        assertThat(Files.exists(tmp.resolve("one.lm"))).isFalse();
    }

    @Test
    void fileNamesAreSafeAndUnique() {
        assertThat(LmCommand.fileName("Body", 0, Set.of())).isEqualTo("Body.lm");
        assertThat(LmCommand.fileName("a/b c:é", 3, Set.of())).isEqualTo("a_b_c__.lm");
        assertThat(LmCommand.fileName("", 4, Set.of())).isEqualTo("mesh4.lm");
        assertThat(LmCommand.fileName("..", 5, Set.of())).isEqualTo("mesh5.lm");
        assertThat(LmCommand.fileName("BODY", 6, Set.of("body.lm"))).isEqualTo("BODY-6.lm");
        // a mesh already named like the suffixed one: the name is still new
        assertThat(LmCommand.fileName("Body", 2, Set.of("body.lm", "body-2.lm"))).isEqualTo("Body-2-2.lm");
        assertThat(LmCommand.fileName("Body", 2, Set.of("body.lm", "body-2.lm", "body-2-2.lm")))
                .isEqualTo("Body-2-3.lm");
    }

    @Test
    void meshesNamedLikeAnotherMeshsSuffixedFileAllGetAFile() throws IOException {
        // meshes 'Body', 'Body-2', 'Body': the third would take 'Body-2.lm', the second's file
        Character c = TestFiles.texturedQuad();
        Part quad = c.parts().get(0);
        Character.Builder b = Character.builder(c.name(), c.skeleton());
        List<String> names = List.of("Body", "Body-2", "Body");
        for (int i = 0; i < names.size(); i++) {
            Mesh m = quad.mesh();
            b.addPart(Part.of("part" + i, Mesh.builder(names.get(i)).positions(m.positions()).indices(m.indices())
                    .build()));
        }
        Path in = tmp.resolve("bodies.glb");
        GltfWriter.writeGlb(b.build(), in);
        Path dir = tmp.resolve("bodies");
        Cli.run("lm", in, "--out", dir).assertOk();
        assertThat(Cli.files(dir)).containsExactlyInAnyOrder(Path.of("Body.lm"), Path.of("Body-2.lm"),
                Path.of("Body-2-2.lm"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"unity_default_resources-Cube.lm", "light_celing_1-light_celing_1.lm",
        "dajia-business01_m_lowpoly.lm", "LayaMonkey-LayaMonkey.lm"})
    void anOfficialFileIsWrittenBackByteForByte(String fixture) throws IOException {
        Optional<Path> file = SharedFiles.file("fixtures/laya/" + fixture);
        assumeTrue(file.isPresent(), SharedFiles.ABSENT);
        Path out = tmp.resolve("copy.lm");
        Cli.run("lm", file.get(), "--out", out).assertOk();
        assertThat(Files.readAllBytes(out)).isEqualTo(Files.readAllBytes(file.get()));
        Cli.run("lm", file.get(), "--out", out, "--convention", "laya").assertOk();
        assertThat(Files.readAllBytes(out)).isEqualTo(Files.readAllBytes(file.get()));
        // another convention would convert out of LayaAir's space and back: a usage error, nothing written
        for (String other : new String[] {"gltf", "unity"}) {
            Path none = tmp.resolve(other + ".lm");
            Cli.run("lm", file.get(), "--out", none, "--convention", other).assertUsage("--convention: " + other
                    + " does not apply to " + file.get() + ", a .lm file's data is in LayaAir's space already");
            assertThat(Files.exists(none)).isFalse();
        }
        // asking for a bone limit partitions again: the file is a valid .lm with the same triangles
        Cli.Run again = Cli.run("lm", file.get(), "--out", out, "--max-bones", "24", "--json");
        again.assertOk();
        LmReadResult original = LayaModels.read(file.get(), LmReadOptions.DEFAULTS);
        LmReadResult rewritten = LayaModels.read(out, LmReadOptions.DEFAULTS);
        assertThat(rewritten.mesh().indexCount()).isEqualTo(original.mesh().indexCount());
        assertThat(MAPPER.readTree(again.out()).at("/files/0/partitioned").asBoolean())
                .isEqualTo(original.mesh().skin() != null);
    }

    @Test
    void badUsageExitsWith2() throws IOException {
        Path in = combinedHumanoid();
        Path out = tmp.resolve("x.lm");
        Cli.run("lm", in, "--out", out, "--convention", "maya").assertUsage("--convention: maya, expected gltf, unity or laya");
        Cli.run("lm", in, "--out", out, "--mode", "best").assertUsage("--mode: best, expected greedy or optimized");
        Cli.run("lm", in, "--out", out, "--max-bones", "0").assertUsage("--max-bones: 0, expected 1..256");
        Cli.run("lm", in, "--out", out, "--max-bones", "257").assertUsage("--max-bones: 257, expected 1..256");
        Cli.run("lm", in).assertUsage("--out");
        assertThat(Files.exists(out)).isFalse();
    }

    @Test
    void badInputIsOneLineNamingTheFileAndLeavesNothing() throws IOException {
        Path out = tmp.resolve("x.lm");
        Cli.run("lm", tmp.resolve("missing.glb"), "--out", out).assertBadInput("missing.glb", "no such file");
        Cli.run("lm", tmp.resolve("missing.lm"), "--out", out).assertBadInput("missing.lm", "no such file");
        Path txt = Files.writeString(tmp.resolve("model.obj"), "v 0 0 0");
        Cli.run("lm", txt, "--out", out).assertBadInput("model.obj", "expected a .glb, .gltf or .lm name");
        // a truncated .lm: the reader's message names the file, the field and the offset
        Path in = combinedHumanoid();
        Cli.run("lm", in, "--out", out).assertOk();
        byte[] whole = Files.readAllBytes(out);
        Path cut = Files.write(tmp.resolve("cut.lm"), Arrays.copyOf(whole, whole.length / 2));
        Cli.Run truncated = Cli.run("lm", cut, "--out", tmp.resolve("y.lm"));
        truncated.assertBadInput(cut.toString(), "offset");
        assertThat(truncated.err().lines()).hasSize(1);
        // a writer error: a triangle with more bones than --max-bones
        Cli.Run tight = Cli.run("lm", in, "--out", tmp.resolve("z.lm"), "--max-bones", "2");
        tight.assertBadInput(in.toString(), "expected at most maxBones 2", "raise --max-bones");
        assertThat(tight.err()).doesNotContain("OversizeTriangles").doesNotContain("LayaModels.write");
        assertThat(tight.err().lines()).hasSize(1);
        // the input is never overwritten, an existing output stays when the run fails
        Cli.run("lm", out, "--out", out).assertBadInput(out.toString());
        assertThat(Files.readAllBytes(out)).isEqualTo(whole);
        Path file = Files.writeString(tmp.resolve("notAFolder"), "x");
        Cli.run("lm", in, "--out", file).assertBadInput("notAFolder", "not a folder");
        assertThat(Files.exists(tmp.resolve("y.lm"))).isFalse();
        assertThat(Files.exists(tmp.resolve("z.lm"))).isFalse();
        assertThat(Cli.hiddenFiles(tmp)).isEmpty();
    }

    @Test
    void warningsGoToStderrUnlessQuietAndTheUnityConventionRoundTrips() throws IOException {
        Character c = TestFiles.texturedQuad();
        Part part = c.parts().get(0);
        Mesh morphed = part.mesh().toBuilder().addMorphTarget(MorphTarget.of("smile", new float[12], null, null))
                .build();
        Character withMorph = Character.builder(c.name(), c.skeleton()).addPart(Part.of(part.name(), morphed)).build();
        Path in = tmp.resolve("quad.glb");
        GltfWriter.writeGlb(withMorph, in);
        Mesh quad = GltfReader.read(in).parts().get(0).mesh();
        Path out = tmp.resolve("quad.lm");
        Cli.Run run = Cli.run("lm", in, "--out", out, "--convention", "unity");
        run.assertOk();
        assertThat(run.err()).isEqualTo("skinmesh lm: " + out + ": mesh 'quad': 1 morph target not written"
                + System.lineSeparator());
        Cli.Run quiet = Cli.run("lm", in, "--out", out, "--convention", "unity", "--quiet");
        quiet.assertOk();
        assertThat(quiet.err()).isEmpty();
        LmReadResult back = LayaModels.read(out, LmReadOptions.DEFAULTS.withConvention(LmConvention.UNITY));
        assertThat(back.mesh().positions()).containsExactly(quad.positions());
        assertThat(back.mesh().indices()).containsExactly(quad.indices());
        LmReadResult raw = LayaModels.read(out, LmReadOptions.DEFAULTS);
        assertThat(raw.mesh().positions()[3]).isEqualTo(-quad.positions()[3]);
    }

    /** An existing folder is a folder even when its name ends in .lm, as the contract's "when OUT is a folder" says. */
    @Test
    void anExistingFolderWhoseNameEndsInLmReceivesOneFilePerMesh() throws IOException {
        Character c = Humanoids.generate(1).character();
        Path in = tmp.resolve("parts.glb");
        GltfWriter.writeGlb(c, in);
        Path dir = Files.createDirectory(tmp.resolve("models.lm"));
        Cli.Run run = Cli.run("lm", in, "--out", dir, "--json");
        run.assertOk();
        JsonNode files = MAPPER.readTree(run.out()).get("files");
        assertThat(files).hasSize(c.parts().size());
        assertThat(Cli.files(dir)).hasSize(c.parts().size());
        for (JsonNode f : files) {
            assertThat(Path.of(f.get("file").asText()).getParent()).isEqualTo(dir);
        }
        // one mesh into an existing folder of that kind: MESHNAME.lm inside it
        Path one = Files.createDirectory(tmp.resolve("one.lm"));
        Path body = combinedHumanoid();
        Cli.run("lm", body, "--out", one).assertOk();
        assertThat(Cli.files(one)).hasSize(1);
    }

    /**
     * The {@code --json} document ({@code docs/lm.md}) and the output agree: the documented version is
     * the command's, every field the output has is documented and every documented field occurs, for
     * glTF input with several meshes and with one, and for .lm input.
     */
    @Test
    void theDocumentMatchesTheJsonOutput() throws IOException {
        Path doc = Path.of("..", "docs", "lm.md");
        assertThat(doc).as("the lm document, beside the modules").isRegularFile();
        String text = Files.readString(doc);
        assertThat(text).contains("this page describes version **" + LmCommand.JSON_FORMAT_VERSION + "**")
                .contains("## Schema (formatVersion " + LmCommand.JSON_FORMAT_VERSION + ")");
        Set<String> output = new java.util.TreeSet<>();
        Path parts = tmp.resolve("parts.glb");
        GltfWriter.writeGlb(Humanoids.generate(2).character(), parts);
        JsonNode gltf = MAPPER.readTree(Cli.run("lm", parts, "--out", tmp.resolve("parts"), "--json").assertOk().out());
        assertThat(gltf.get("formatVersion").asInt()).isEqualTo(LmCommand.JSON_FORMAT_VERSION);
        DocFields.paths(gltf, output);
        Path quad = tmp.resolve("quad.glb");
        GltfWriter.writeGlb(TestFiles.texturedQuad(), quad);
        DocFields.paths(MAPPER.readTree(Cli.run("lm", quad, "--out", tmp.resolve("quad.lm"), "--json").assertOk().out()),
                output);
        JsonNode lm = MAPPER.readTree(Cli.run("lm", tmp.resolve("quad.lm"), "--out", tmp.resolve("again.lm"), "--json")
                .assertOk().out());
        assertThat(lm.get("source").asText()).isEqualTo("lm");
        DocFields.paths(lm, output);
        Set<String> documented = DocFields.documented(text.substring(text.indexOf("\n## Schema")));
        assertThat(documented).isEqualTo(output);
    }
}
