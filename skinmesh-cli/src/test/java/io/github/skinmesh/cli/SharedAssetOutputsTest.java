package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The reports of {@code skinmesh inspect} (text and JSON) and {@code skinmesh skin} (the JSON
 * description with the positions' SHA-256, and the summary line) for the shared assets stay what
 * they were when glTF primitives were read as separate meshes: {@code cli-baseline/} holds those
 * outputs, with the input path as {@code ${FILE}} and the output path as {@code ${OUT}}. Inspect's
 * baselines are those of its JSON format version 1, which only added to them: the format version and
 * path, pointers, problem codes and subjects, parts with bounds, images; in the text, the images and
 * bounds sections and each problem's {@code [CODE pointer]}. The positions in skin's baselines (hash,
 * bounds, samples) were re-recorded once, deliberately, when the skinning kernels changed their order
 * of operations to give the same bits scalar, SIMD and multi-threaded (last-bit changes only).
 */
class SharedAssetOutputsTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    static String baseline(String name, Path file, Path out) throws IOException {
        try (InputStream in = SharedAssetOutputsTest.class.getResourceAsStream("/cli-baseline/" + name)) {
            assertThat(in).as("test resource cli-baseline/%s", name).isNotNull();
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return text.replace("${FILE}", file.toString()).replace("${OUT}", out == null ? "" : out.toString());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"CesiumMan", "Fox", "RiggedSimple"})
    void inspectReportsAsBefore(String asset) throws IOException {
        Path file = InspectCommandTest.asset(asset + ".glb");
        assertThat(Cli.run("inspect", file).assertOk().out()).isEqualTo(baseline(asset + ".inspect.txt", file, null));
        assertThat(MAPPER.readTree(Cli.run("inspect", file, "--json").assertOk().out()))
                .isEqualTo(MAPPER.readTree(baseline(asset + ".inspect.json", file, null)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"CesiumMan", "Fox", "RiggedSimple"})
    void skinWritesAsBefore(String asset, @TempDir Path dir) throws IOException {
        Path file = InspectCommandTest.asset(asset + ".glb");
        Path rest = dir.resolve("rest.bin");
        Cli.Run run = Cli.run("skin", file, "--out", rest, "--json", dir.resolve("rest.json"), "--quiet").assertOk();
        assertThat(run.out()).isEqualTo(baseline(asset + ".rest.out", file, rest));
        assertThat(MAPPER.readTree(Files.readString(dir.resolve("rest.json"))))
                .isEqualTo(MAPPER.readTree(baseline(asset + ".rest.json", file, rest)));
        Path clip = dir.resolve("c0.bin");
        run = Cli.run("skin", file, "--clip", "0", "--time", "0.5", "--space", "world", "--out", clip, "--json",
                dir.resolve("c0.json"), "--quiet").assertOk();
        assertThat(run.out()).isEqualTo(baseline(asset + ".c0.out", file, clip));
        assertThat(MAPPER.readTree(Files.readString(dir.resolve("c0.json"))))
                .isEqualTo(MAPPER.readTree(baseline(asset + ".c0.json", file, clip)));
    }
}
