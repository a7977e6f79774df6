package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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

/** The shader decode functions ship in the jar, decode every layout the Java decoder does, and compile. */
class ShaderResourcesTest {
    /** Every function, without its prefix ({@code skinmesh} in GLSL, {@code Skinmesh} in HLSL). */
    static final List<String> FUNCTIONS = List.of("VatTexel", "VatTexelPaged", "VatOctahedral", "VatPositionFloat",
            "VatPositionUnorm", "VatNormalFloat", "VatNormalOctahedral", "VatTangentFloat", "VatTangentOctahedral",
            "BoneTransform", "BoneSkin");

    @TempDir
    Path dir;

    static String resource(String file) throws IOException {
        try (InputStream in = Vat.class.getResourceAsStream(file)) {
            assertThat(in).as(file).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"skinmesh_vat.glsl", "skinmesh_vat.hlsl"})
    void theShaderFunctionsShipWithOneFunctionPerLayout(String file) throws IOException {
        String text = resource(file);
        boolean glsl = file.endsWith(".glsl");
        String prefix = glsl ? "skinmesh" : "Skinmesh";
        for (String f : FUNCTIONS) {
            assertThat(text).as(file).contains(prefix + f + "(");
        }
        // the same arithmetic as VatDecoder: bounds min plus the fetched value times the range, the
        // octahedral fold by max(-z, 0), a tangent's handedness from alpha as a * 2 - 1
        assertThat(text).contains("boundsMin + ").contains("* (boundsMax - boundsMin)")
                .contains("max(-n.z, 0.0)").contains("* 2.0 - 1.0").contains("t.w * 2.0 - 1.0");
        // every layout also on texture arrays, for bakes split into pages
        String array = glsl ? "sampler2DArray" : "Texture2DArray<float4>";
        for (String f : List.of("VatPositionFloat", "VatPositionUnorm", "VatNormalFloat", "VatNormalOctahedral",
                "VatTangentFloat", "VatTangentOctahedral", "BoneTransform", "BoneSkin")) {
            assertThat(text).as(f).containsPattern(prefix + f + "\\(" + array.replace("<", "\\<") + " ");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"skinmesh_vat.glsl", "skinmesh_vat.hlsl"})
    void vatShadersGivesTheResourceTextToPasteAfterAShadersOwnHeader(String file) throws IOException {
        String resource = resource(file);
        String text = file.endsWith(".glsl") ? VatShaders.glsl() : VatShaders.hlsl();
        assertThat(text).isEqualTo(resource);
        // functions only: the including shader keeps its own version line, precision and uniforms
        assertThat(text).doesNotContainPattern("(?m)^\\s*#version").doesNotContainPattern("(?m)^\\s*precision ")
                .doesNotContainPattern("(?m)^\\s*uniform ");
    }

    /**
     * The functions compile as GLSL ES 3.00, GLSL 3.30 and HLSL (vertex shaders calling every one of
     * them) with Khronos' glslangValidator; skipped with the reason when it is not installed.
     */
    @ParameterizedTest
    @ValueSource(strings = {"es", "core", "hlsl"})
    void theFunctionsCompileWithGlslang(String dialect) throws Exception {
        String source;
        List<String> command = new ArrayList<>(List.of("glslangValidator"));
        Path file;
        if (dialect.equals("hlsl")) {
            source = resource("skinmesh_vat.hlsl") + HLSL_MAIN;
            file = dir.resolve("vat.hlsl");
            command.addAll(List.of("-D", "-V", "-e", "main", "-S", "vert", "-o", dir.resolve("vat.spv").toString()));
        } else {
            String head = dialect.equals("es") ? "#version 300 es\nprecision highp float;\nprecision highp int;\n"
                    + "precision highp sampler2D;\nprecision highp sampler2DArray;\n" : "#version 330\n";
            source = head + resource("skinmesh_vat.glsl") + GLSL_MAIN;
            file = dir.resolve("vat.vert");
        }
        Files.writeString(file, source);
        command.add(file.toString());
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException notInstalled) {
            assumeTrue(false, "Khronos' glslangValidator is not installed (Debian package glslang-tools): "
                    + notInstalled);
            return;
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(out).isZero();
    }

    private static final String GLSL_MAIN = """
            uniform sampler2D P; uniform sampler2D N; uniform sampler2D T; uniform sampler2D B;
            uniform sampler2DArray PA; uniform sampler2DArray NA; uniform sampler2DArray TA; uniform sampler2DArray BA;
            in vec3 pos; in ivec4 joints; in vec4 weights; in vec2 vatTexel;
            void main() {
                ivec2 t = skinmeshVatTexel(int(vatTexel.x), 3, 10, 2, 4096);
                ivec3 a = skinmeshVatTexelPaged(int(vatTexel.x), 3, 10, 2, 4096, 1);
                vec3 p = skinmeshVatPositionFloat(P, t) + skinmeshVatPositionUnorm(P, t, vec3(0.0), vec3(1.0))
                    + skinmeshVatNormalFloat(N, t) + skinmeshVatNormalOctahedral(N, t)
                    + skinmeshVatTangentFloat(T, t).xyz + skinmeshVatTangentOctahedral(T, t).xyz
                    + skinmeshVatPositionFloat(PA, a) + skinmeshVatPositionUnorm(PA, a, vec3(0.0), vec3(1.0))
                    + skinmeshVatNormalFloat(NA, a) + skinmeshVatNormalOctahedral(NA, a)
                    + skinmeshVatTangentFloat(TA, a).xyz + skinmeshVatTangentOctahedral(TA, a).xyz
                    + skinmeshBoneSkin(B, joints, weights, 3, 10, 2, 4096, pos)
                    + skinmeshBoneSkin(BA, joints, weights, 3, 10, 2, 4096, 1, pos);
                gl_Position = vec4(p, 1.0);
            }
            """;

    private static final String HLSL_MAIN = """
            Texture2D<float4> P; Texture2D<float4> N; Texture2D<float4> T; Texture2D<float4> B;
            Texture2DArray<float4> PA; Texture2DArray<float4> NA; Texture2DArray<float4> TA;
            Texture2DArray<float4> BA;
            float4 main(float3 pos : POSITION, int4 joints : BLENDINDICES, float4 weights : BLENDWEIGHT,
                float2 vatTexel : TEXCOORD0) : SV_Position
            {
                int3 t = SkinmeshVatTexel(int(vatTexel.x), 3, 10, 2, 4096);
                int4 a = SkinmeshVatTexelPaged(int(vatTexel.x), 3, 10, 2, 4096, 1);
                float3 one = float3(1.0, 1.0, 1.0);
                float3 p = SkinmeshVatPositionFloat(P, t) + SkinmeshVatPositionUnorm(P, t, 0.0 * one, one)
                    + SkinmeshVatNormalFloat(N, t) + SkinmeshVatNormalOctahedral(N, t)
                    + SkinmeshVatTangentFloat(T, t).xyz + SkinmeshVatTangentOctahedral(T, t).xyz
                    + SkinmeshVatPositionFloat(PA, a) + SkinmeshVatPositionUnorm(PA, a, 0.0 * one, one)
                    + SkinmeshVatNormalFloat(NA, a) + SkinmeshVatNormalOctahedral(NA, a)
                    + SkinmeshVatTangentFloat(TA, a).xyz + SkinmeshVatTangentOctahedral(TA, a).xyz
                    + SkinmeshBoneSkin(B, joints, weights, 3, 10, 2, 4096, pos)
                    + SkinmeshBoneSkin(BA, joints, weights, 3, 10, 2, 4096, 1, pos);
                return float4(p, 1.0);
            }
            """;
}
