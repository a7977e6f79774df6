package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.gltf.GltfWriter;
import io.github.skinmesh.testkit.SplitMix64;
import io.github.skinmesh.testkit.humanoid.HumanoidOptions;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import io.github.skinmesh.testkit.random.PaletteSelection;
import io.github.skinmesh.testkit.random.RandomMeshOptions;
import io.github.skinmesh.testkit.random.RandomModels;
import io.github.skinmesh.testkit.random.VertexStreams;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Characters for the crowd tests, written as glTF binary, and readers of what a crowd page embeds. */
final class CrowdFixtures {
    static final ObjectMapper MAPPER = new ObjectMapper();

    private CrowdFixtures() {
    }

    /** Writes the testkit humanoid at its lowest detail (six parts, each with its own palette; walk and idle). */
    static Path humanoid(Path dir) throws IOException {
        return write(dir.resolve("humanoid.glb"),
                Humanoids.generate(1, HumanoidOptions.DEFAULTS.withDetail(HumanoidOptions.MIN_DETAIL)).character());
    }

    /**
     * A random one-part character: {@code bones} bones, 60 vertices, 80 triangles in two submeshes
     * with a red and a blue material, {@code influences} influences, with or without normals, and
     * one 1 s clip named "random" with 5 linear keys per channel.
     */
    static Character random(long seed, int bones, int influences, boolean normals) {
        SplitMix64 rng = new SplitMix64(seed);
        Skeleton skeleton = RandomModels.skeleton(rng, bones);
        Mesh mesh = RandomModels.skinnedMesh(rng, skeleton, RandomMeshOptions.DEFAULTS.withVertexCount(60)
                .withTriangleCount(80).withInfluencesPerVertex(influences).withUvChannels(0).withSubmeshes(2)
                .withStreams(normals ? VertexStreams.NORMALS : VertexStreams.POSITIONS)
                .withPalette(PaletteSelection.ALL_SHUFFLED));
        mesh = mesh.toBuilder().clearMaterials()
                .addMaterial(Material.builder("red").baseColorFactor(0.8f, 0.1f, 0.1f, 1).build())
                .addMaterial(Material.builder("blue").baseColorFactor(0.1f, 0.2f, 0.9f, 1).build()).build();
        AnimationClip clip = RandomModels.clip(rng, skeleton, 1f, 5, Interpolation.LINEAR);
        return Character.builder("random", skeleton).addPart(Part.of("body", mesh)).addClip(clip).build();
    }

    /** Writes a character as glTF binary. */
    static Path write(Path file, Character character) throws IOException {
        Files.createDirectories(file.getParent());
        try (OutputStream out = Files.newOutputStream(file)) {
            GltfWriter.writeGlb(character, out);
        }
        return file;
    }

    /** @return the page's text */
    static String page(Path dir) throws IOException {
        return Files.readString(dir.resolve(Crowd.PAGE), StandardCharsets.UTF_8);
    }

    /** @return the decoded bytes of the page's {@code data-NAME} element, or {@code null} when it has none */
    static byte[] data(String page, String name) {
        Matcher m = Pattern.compile("<script type=\"application/octet-stream\" id=\"data-" + name + "\">([A-Za-z0-9+/=]*)"
                + "</script>").matcher(page);
        if (!m.find()) {
            return null;
        }
        byte[] bytes = Base64.getDecoder().decode(m.group(1));
        assertThat(m.find()).as("a second data-%s element", name).isFalse();
        return bytes;
    }

    /** @return the text of the page's element with that id (a script's content) */
    static String element(String page, String id) {
        Matcher m = Pattern.compile("<script [^>]*id=\"" + Pattern.quote(id) + "\">(.*?)</script>", Pattern.DOTALL)
                .matcher(page);
        assertThat(m.find()).as("element %s", id).isTrue();
        return m.group(1);
    }

    /** @return the page's description of the crowd ({@code crowd-meta}) */
    static JsonNode meta(String page) throws IOException {
        return MAPPER.readTree(element(page, "crowd-meta"));
    }

    /** @return the JSON file */
    static JsonNode json(Path file) throws IOException {
        return MAPPER.readTree(file.toFile());
    }

    /** @return little-endian float32 values */
    static float[] floats(byte[] bytes) {
        float[] f = new float[bytes.length / 4];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(f);
        return f;
    }
}
