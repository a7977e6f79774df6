package io.github.skinmesh.vat.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.vat.Vat;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The keyframe decode functions ship beside the vertex animation texture ones, with the decoder's
 * arithmetic, and compile: GLSL as ES 1.00, ES 3.00 and 3.30 vertex shaders, HLSL as a vertex
 * shader, with Khronos' {@code glslangValidator} when it is installed (Debian: glslang-tools).
 */
class KeysShaderResourcesTest {
    static String resource(String file) throws IOException {
        try (InputStream in = Vat.class.getResourceAsStream(file)) {
            assertThat(in).as(file).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"skinmesh_keys.glsl", "skinmesh_keys.hlsl"})
    void theFunctionsShipWithTheDecodersArithmetic(String file) throws IOException {
        String text = resource(file);
        String prefix = file.endsWith(".glsl") ? "skinmesh" : "Skinmesh";
        for (String f : new String[] {"KeyWeights(", "KeyPosition(", "KeyNormal("}) {
            assertThat(text).as(file).contains(prefix + f);
        }
        for (int k = 0; k < Keyframes.KEYS; k++) {
            assertThat(text).contains("_" + Keyframes.positionAttribute(k)).contains("_" + Keyframes.normalAttribute(k));
        }
        // the Lagrange weights of KeyframeDecoder.weightsInto, in the same order of products, and the blend
        assertThat(text).contains("d = t - keyTimes")
                .contains("d.y * d.z * d.w / ((k.x - k.y) * (k.x - k.z) * (k.x - k.w))")
                .contains("d.x * d.z * d.w / ((k.y - k.x) * (k.y - k.z) * (k.y - k.w))")
                .contains("d.x * d.y * d.w / ((k.z - k.x) * (k.z - k.y) * (k.z - k.w))")
                .contains("d.x * d.y * d.z / ((k.w - k.x) * (k.w - k.y) * (k.w - k.z))")
                .contains("w.x * p0 + w.y * p1 + w.z * p2 + w.w * p3")
                .contains("normalize(w.x * n0 + w.y * n1 + w.z * n2 + w.w * n3)");
    }

    @org.junit.jupiter.api.Test
    void theSourcesAreTheResources() throws IOException {
        assertThat(Keyframes.glslSource()).isEqualTo(resource("skinmesh_keys.glsl"));
        assertThat(Keyframes.hlslSource()).isEqualTo(resource("skinmesh_keys.hlsl"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"100", "300 es", "330", "hlsl"})
    void theFunctionsCompile(String version, @TempDir Path dir) throws Exception {
        Path validator = onPath("glslangValidator");
        assumeTrue(validator != null, "glslangValidator is not installed (Debian package glslang-tools)");
        List<String> command = new ArrayList<>(List.of(validator.toString()));
        Path source;
        if (version.equals("hlsl")) {
            source = dir.resolve("keys.hlsl");
            Files.writeString(source, resource("skinmesh_keys.hlsl") + "\nfloat4 main(float3 p0 : TEXCOORD0,"
                    + " float3 p1 : TEXCOORD1, float3 p2 : TEXCOORD2, float3 p3 : TEXCOORD3, uniform float4 keyTimes,"
                    + " uniform float t) : SV_Position\n{\n    float4 w = SkinmeshKeyWeights(keyTimes, t);\n"
                    + "    return float4(SkinmeshKeyPosition(p0, p1, p2, p3, w) + SkinmeshKeyNormal(p0, p1, p2, p3, w),"
                    + " 1.0);\n}\n");
            command.addAll(List.of("-D", "-V", "-S", "vert", "-e", "main", "-o", dir.resolve("keys.spv").toString()));
        } else {
            source = dir.resolve("keys.vert");
            boolean es1 = version.equals("100");
            String in = es1 ? "attribute" : "in";
            Files.writeString(source, "#version " + version + "\n" + (version.equals("330") ? "" : "precision highp float;\n")
                    + resource("skinmesh_keys.glsl") + "\n" + in + " vec3 p0;\n" + in + " vec3 p1;\n" + in + " vec3 p2;\n"
                    + in + " vec3 p3;\nuniform vec4 keyTimes;\nuniform float t;\nvoid main() {\n"
                    + "    vec4 w = skinmeshKeyWeights(keyTimes, t);\n"
                    + "    gl_Position = vec4(skinmeshKeyPosition(p0, p1, p2, p3, w) + skinmeshKeyNormal(p0, p1, p2, p3, w),"
                    + " 1.0);\n}\n");
        }
        command.add(source.toString());
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("glslangValidator %s:%n%s", version, output).isZero();
    }

    private static Path onPath(String tool) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String d : path.split(java.io.File.pathSeparator)) {
            Path p = Path.of(d, tool);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }
}
