package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.atlas.image.Png;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Sampler;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.TextureRef;
import io.github.skinmesh.gltf.GltfWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.function.Consumer;
import org.joml.Matrix4f;

/** Small glTF files for the command-line tests, and edits of a GLB's JSON (the hostile inputs). */
final class TestFiles {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private TestFiles() {
    }

    /** @return a 2x2 RGBA PNG */
    static byte[] png() {
        byte[] rgba = new byte[16];
        Arrays.fill(rgba, (byte) 0x80);
        return Png.encodeRgba8(2, 2, rgba);
    }

    /**
     * A one-bone character: a skinned quad with UVs, its material sampling a PNG as base color.
     *
     * @return the character
     */
    static Character texturedQuad() {
        Skeleton.Builder b = Skeleton.builder("rig");
        b.addBone("hip", Skeleton.NO_PARENT);
        Skeleton s = b.build();
        float[] w = new float[16];
        for (int v = 0; v < 4; v++) {
            w[4 * v] = 1;
        }
        Material skin = Material.builder("skin")
                .texture(Material.BASE_COLOR, new TextureRef(Image.of("skin", "image/png", png()), 0, Sampler.DEFAULT))
                .build();
        Mesh quad = Mesh.builder("quad").positions(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0})
                .addUvs(new float[] {0, 0, 1, 0, 0, 1, 1, 1}).indices(new int[] {0, 1, 2, 1, 3, 2})
                .skin(Skin.of(new String[] {"hip"}, new Matrix4f().get(new float[16]), BoneWeights.of(4, new int[16], w)))
                .addMaterial(skin).build();
        return Character.builder("rig", s).addPart(Part.of("Quad", quad)).build();
    }

    /** A .gltf of the textured quad (buffer in {@code quad.bin}) whose image file {@code gone.png} does not exist. */
    static Path gltfWithMissingImage(Path dir) throws IOException {
        return toGltf(GltfWriter.toGlb(texturedQuad()), dir, "quad", j -> imageToFile(j, 0, "gone.png"));
    }

    /** @return the JSON chunk of a GLB */
    static ObjectNode json(byte[] glb) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(glb).order(ByteOrder.LITTLE_ENDIAN);
        int length = b.getInt(12);
        return (ObjectNode) MAPPER.readTree(new String(glb, 20, length, StandardCharsets.UTF_8).trim());
    }

    /** @return the BIN chunk of a GLB (empty when it has none) */
    static byte[] bin(byte[] glb) {
        ByteBuffer b = ByteBuffer.wrap(glb).order(ByteOrder.LITTLE_ENDIAN);
        int jsonLength = b.getInt(12);
        int at = 20 + jsonLength;
        if (at + 8 > glb.length) {
            return new byte[0];
        }
        int binLength = b.getInt(at);
        return Arrays.copyOfRange(glb, at + 8, at + 8 + binLength);
    }

    /** @return a GLB of that JSON and BIN chunk */
    static byte[] glb(ObjectNode json, byte[] bin) throws IOException {
        byte[] text = MAPPER.writeValueAsString(json).getBytes(StandardCharsets.UTF_8);
        int jsonPadded = (text.length + 3) & ~3;
        int binPadded = (bin.length + 3) & ~3;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteBuffer header = ByteBuffer.allocate(20).order(ByteOrder.LITTLE_ENDIAN);
        header.putInt(0x46546C67).putInt(2).putInt(12 + 8 + jsonPadded + (bin.length > 0 ? 8 + binPadded : 0))
                .putInt(jsonPadded).putInt(0x4E4F534A);
        out.write(header.array());
        out.write(text);
        for (int i = text.length; i < jsonPadded; i++) {
            out.write(' ');
        }
        if (bin.length > 0) {
            ByteBuffer h = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(binPadded).putInt(0x004E4942);
            out.write(h.array());
            out.write(bin);
            for (int i = bin.length; i < binPadded; i++) {
                out.write(0);
            }
        }
        return out.toByteArray();
    }

    /**
     * Copies a GLB with its JSON edited.
     *
     * @return {@code out}
     */
    static Path editGlb(Path glb, Path out, Consumer<ObjectNode> edit) throws IOException {
        byte[] bytes = Files.readAllBytes(glb);
        ObjectNode json = json(bytes);
        edit.accept(json);
        Files.write(out, glb(json, bin(bytes)));
        return out;
    }

    /**
     * Writes a character as GLB, then overwrites the WEIGHTS_0 floats of the first primitive of the
     * first mesh with {@code weights} (4 per vertex): the writer only writes normalized weights, and
     * inspect must also meet files whose weights are not.
     *
     * @return {@code out}
     */
    static Path writeWithWeights(Character character, Path out, float[] weights) throws IOException {
        byte[] bytes = io.github.skinmesh.gltf.GltfWriter.toGlb(character);
        ObjectNode json = json(bytes);
        byte[] bin = bin(bytes);
        int accessor = json.get("meshes").get(0).get("primitives").get(0).get("attributes").get("WEIGHTS_0").asInt();
        com.fasterxml.jackson.databind.JsonNode a = json.get("accessors").get(accessor);
        assertThat(a.get("componentType").asInt()).as("float weights").isEqualTo(5126);
        assertThat(a.get("count").asInt() * 4).as("weights given").isEqualTo(weights.length);
        int at = json.get("bufferViews").get(a.get("bufferView").asInt()).path("byteOffset").asInt()
                + a.path("byteOffset").asInt();
        ByteBuffer b = ByteBuffer.wrap(bin).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < weights.length; i++) {
            b.putFloat(at + 4 * i, weights[i]);
        }
        Files.write(out, glb(json, bin));
        return out;
    }

    /**
     * Writes a GLB as a {@code .gltf} with its BIN chunk in {@code NAME.bin} beside it, after an edit of
     * the JSON.
     *
     * @return the {@code .gltf} file
     */
    static Path toGltf(byte[] glb, Path dir, String name, Consumer<ObjectNode> edit) throws IOException {
        ObjectNode json = json(glb);
        ((ObjectNode) json.get("buffers").get(0)).put("uri", name + ".bin");
        Files.write(dir.resolve(name + ".bin"), bin(glb));
        edit.accept(json);
        return Files.writeString(dir.resolve(name + ".gltf"), MAPPER.writeValueAsString(json));
    }

    /** Moves image {@code i} of a GLB's JSON out to the file {@code uri} (which the caller may or may not write). */
    static void imageToFile(ObjectNode json, int i, String uri) {
        ObjectNode image = (ObjectNode) json.get("images").get(i);
        image.remove("bufferView");
        image.remove("mimeType");
        image.put("uri", uri);
    }

    /**
     * Appends an animation of one channel, its keys in a new data-URI buffer: {@code times} (seconds)
     * and {@code values} (3 or 4 floats per key) for {@code path} of {@code node}.
     */
    static void addAnimation(ObjectNode json, String name, int node, String path, float[] times, float... values) {
        ByteBuffer data = ByteBuffer.allocate(4 * (times.length + values.length)).order(ByteOrder.LITTLE_ENDIAN);
        for (float t : times) {
            data.putFloat(t);
        }
        for (float v : values) {
            data.putFloat(v);
        }
        ArrayNode buffers = json.withArray("/buffers");
        int buffer = buffers.size();
        buffers.addObject().put("byteLength", data.capacity()).put("uri", "data:application/octet-stream;base64,"
                + Base64.getEncoder().encodeToString(data.array()));
        ArrayNode views = json.withArray("/bufferViews");
        int view = views.size();
        views.addObject().put("buffer", buffer).put("byteOffset", 0).put("byteLength", 4 * times.length);
        views.addObject().put("buffer", buffer).put("byteOffset", 4 * times.length)
                .put("byteLength", 4 * values.length);
        ArrayNode accessors = json.withArray("/accessors");
        int input = accessors.size();
        ObjectNode in = accessors.addObject().put("bufferView", view).put("componentType", 5126)
                .put("count", times.length).put("type", "SCALAR");
        in.putArray("min").add(times[0]);
        in.putArray("max").add(times[times.length - 1]);
        accessors.addObject().put("bufferView", view + 1).put("componentType", 5126).put("count", times.length)
                .put("type", path.equals("rotation") ? "VEC4" : "VEC3");
        ObjectNode anim = json.withArray("/animations").addObject().put("name", name);
        anim.putArray("samplers").addObject().put("input", input).put("output", input + 1);
        anim.putArray("channels").addObject().put("sampler", 0).putObject("target").put("node", node)
                .put("path", path);
        assertThat(values.length).isEqualTo(times.length * (path.equals("rotation") ? 4 : 3));
    }

    /** Sets a node's scale, dropping a matrix it may have. */
    static void scale(ObjectNode json, int node, float x, float y, float z) {
        ObjectNode n = (ObjectNode) json.get("nodes").get(node);
        n.remove("matrix");
        n.putArray("scale").add(x).add(y).add(z);
    }
}
