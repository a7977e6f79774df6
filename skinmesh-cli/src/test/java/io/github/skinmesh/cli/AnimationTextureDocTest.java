package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.gltf.GltfWriter;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The documents of {@code skinmesh vat} and {@code skinmesh bones-texture} and what the commands write
 * agree: every field of the {@code --json} reports and of the manifests (vertex with normals, and
 * bones) is documented, and every documented field occurs.
 */
class AnimationTextureDocTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Path VAT = Path.of("..", "docs", "vat.md");
    private static final Path BONES = Path.of("..", "docs", "bones-texture.md");

    @TempDir
    static Path tmp;
    static Path file;

    @BeforeAll
    static void writeCharacter() throws IOException {
        file = tmp.resolve("humanoid.glb");
        GltfWriter.writeGlb(Combine.combineCharacters(List.of(Humanoids.generate(1).character()),
                CombineOptions.DEFAULTS).character(), file);
    }

    /** @return the lines of a document under the heading {@code from}, up to the next heading of its level or higher */
    private static String section(Path doc, String from) throws IOException {
        assertThat(doc).isRegularFile();
        List<String> lines = Files.readAllLines(doc);
        int at = lines.indexOf(from);
        assertThat(at).as("%s has the heading %s", doc, from).isNotNegative();
        int level = from.indexOf(' ');
        StringBuilder sb = new StringBuilder();
        for (String line : lines.subList(at + 1, lines.size())) {
            int hashes = line.indexOf(' ');
            if (hashes > 0 && hashes <= level && line.substring(0, hashes).chars().allMatch(c -> c == '#')) {
                break;
            }
            sb.append(line).append('\n');
        }
        return sb.toString();
    }

    private static Set<String> fields(Path json) throws IOException {
        Set<String> out = new TreeSet<>();
        DocFields.paths(MAPPER.readTree(json.toFile()), out);
        return out;
    }

    private static Set<String> fields(String json) throws IOException {
        Set<String> out = new TreeSet<>();
        DocFields.paths(MAPPER.readTree(json), out);
        return out;
    }

    @Test
    void theVatReportIsDocumented() throws IOException {
        assertThat(Files.readString(VAT)).contains("describe version **" + AnimationTextures.REPORT_FORMAT_VERSION + "**")
                .contains("### Report (formatVersion " + AnimationTextures.REPORT_FORMAT_VERSION + ")");
        String out = Cli.run("vat", file, "--clip", "walk", "--out", tmp.resolve("vat"), "--normals", "--fps", "4",
                "--json", "--quiet").assertOk().out();
        assertThat(DocFields.documented(section(VAT, "### Report (formatVersion 1)"))).isEqualTo(fields(out));
    }

    @Test
    void theBonesTextureReportIsDocumented() throws IOException {
        assertThat(Files.readString(BONES)).contains("## Report (formatVersion "
                + AnimationTextures.REPORT_FORMAT_VERSION + ")");
        String out = Cli.run("bones-texture", file, "--clip", "walk", "--out", tmp.resolve("bones"), "--fps", "4",
                "--json", "--quiet").assertOk().out();
        assertThat(DocFields.documented(section(BONES, "## Report (formatVersion 1)"))).isEqualTo(fields(out));
    }

    @Test
    void theManifestIsDocumented() throws IOException {
        Cli.run("vat", file, "--clip", "walk", "--out", tmp.resolve("m-vat"), "--normals", "--fps", "4", "--quiet")
                .assertOk();
        Cli.run("bones-texture", file, "--clip", "walk", "--out", tmp.resolve("m-bones"), "--fps", "4", "--quiet")
                .assertOk();
        Set<String> written = fields(tmp.resolve("m-vat").resolve("manifest.json"));
        written.addAll(fields(tmp.resolve("m-bones").resolve("manifest.json")));
        assertThat(DocFields.documented(section(VAT, "## The manifest"))).isEqualTo(written);
    }
}
