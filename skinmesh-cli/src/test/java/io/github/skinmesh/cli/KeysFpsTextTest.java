package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.internal.DecimalText;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code skinmesh keys} prints the rate as the key table and the manifests write it: the shortest
 * decimal by one rule on every JDK ({@link DecimalText}), not {@code Float.toString}, which on JDK 17
 * gives some floats a digit more (100000008 is {@code 1.00000008E8} there, {@code 1.0000001E8} by
 * the rule).
 */
class KeysFpsTextTest {
    @TempDir
    Path tmp;

    /** The tiny skinned document with a translation clip of {@code duration} seconds on its joint. */
    private Path tinyClip(float duration) throws IOException {
        ObjectNode json = TinyGlb.json();
        ((ObjectNode) json.get("accessors").get(6)).putArray("max").add(duration);
        ObjectNode animation = json.putArray("animations").addObject().put("name", "blink");
        animation.putArray("samplers").addObject().put("input", 6).put("output", 7).put("interpolation", "LINEAR");
        ObjectNode channel = animation.putArray("channels").addObject().put("sampler", 0);
        channel.putObject("target").put("node", 1).put("path", "translation");
        byte[] bin = TinyGlb.bin();
        // the times are the 2 floats of accessor 6, after the 204 bytes of accessors 0..5
        ByteBuffer.wrap(bin).order(ByteOrder.LITTLE_ENDIAN).putFloat(204 + 4, duration);
        Path in = tmp.resolve("blink.glb");
        Files.write(in, TinyGlb.glb(json, bin));
        return in;
    }

    @Test
    void theRateIsPrintedByTheShortestDecimalRule() throws IOException {
        float fps = 100000008f;
        assertThat(DecimalText.of(fps)).isEqualTo("1.0000001E8");
        Path in = tinyClip(1e-6f);
        Cli.Run run = Cli.run("keys", in, "--clip", "blink", "--out", tmp.resolve("blink.keys.glb"), "--fps",
                "1.00000008E8", "--quiet");
        run.assertOk();
        assertThat(run.out()).contains(" at 1.0000001E8 fps (");
        assertThat(run.out()).doesNotContain("1.00000008E8");
        Cli.Run usual = Cli.run("keys", tinyClip(1), "--clip", "blink", "--out", tmp.resolve("b.glb"), "--quiet");
        usual.assertOk();
        assertThat(usual.out()).contains(" at 30.0 fps (31 frames)");
    }

    /** The {@code --json} report embeds the key table as the file holds it; its rate reads back to the float. */
    @Test
    void theJsonReportHoldsTheTablesRate() throws IOException {
        Path in = tinyClip(1e-6f);
        Path out = tmp.resolve("j.glb");
        Cli.Run run = Cli.run("keys", in, "--clip", "blink", "--out", out, "--fps", "1.00000008E8", "--json",
                "--quiet");
        run.assertOk();
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.JsonNode report = mapper.readTree(run.out());
        com.fasterxml.jackson.databind.JsonNode table = mapper.readTree(tmp.resolve("j.json").toFile());
        assertThat((float) report.get("keys").get("fps").doubleValue()).isEqualTo(100000008f);
        assertThat(report.get("keys").get("fps").doubleValue()).isEqualTo(table.get("fps").doubleValue());
    }
}
