package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.gltf.internal.Glb;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One case per way the reader rejects a document, each built by one edit of
 * {@link TestGltf#minimalSkinned()}: the read fails with a {@link FormatException} whose whole message
 * names the element, the rejected value and the expectation. (The GLB container, accessor bounds and
 * the node hierarchy have their cases in {@link GltfReaderHostileTest}.)
 */
class GltfReaderErrorsTest {
    /** Marks an expected message whose tail comes from the JDK and is only compared up to here. */
    static final String JDK_TAIL = "...";

    /** Reads bytes as GLB when they carry its magic, else as {@code .gltf} JSON, resolving no external files. */
    static GltfAsset read(byte[] bytes) {
        return GltfReader.read(bytes, Glb.hasMagic(bytes) ? "t.glb" : "t.gltf", ResourceResolver.none());
    }

    static Arguments edit(String expected, Function<TestGltf, byte[]> document) {
        return Arguments.of(expected, document);
    }

    static ObjectNode node(TestGltf g, String array, int i) {
        return (ObjectNode) g.array(array).get(i);
    }

    static ObjectNode node(ObjectNode owner, String field) {
        return (ObjectNode) owner.get(field);
    }

    /** Gives the minimal document a material with a base color texture sampled through {@code samplers[0]}. */
    static TestGltf textured(TestGltf g) {
        g.add("images").put("bufferView", g.view(SyntheticAssets.png(0x123456), 0)).put("mimeType", "image/png");
        g.add("samplers");
        g.add("textures").put("source", 0).put("sampler", 0);
        g.add("materials").putObject("pbrMetallicRoughness").putObject("baseColorTexture").put("index", 0);
        GltfReaderTest.primitive(g, 0, 0).put("material", 0);
        return g;
    }

    /**
     * Gives accessor 0 (POSITION, 3 x VEC3 float) a sparse substitution of {@code count} elements: indices
     * in a new view of {@code indexBytes} (bufferViews[5], at byte 168) read from {@code indexOffset}, values
     * in a new view of {@code valueBytes} zero bytes (bufferViews[6]) read from {@code valueOffset}.
     */
    static ObjectNode sparse(TestGltf g, int count, int indexType, byte[] indexBytes, int indexOffset, int valueBytes,
            int valueOffset) {
        ObjectNode sparse = node(g, "accessors", 0).putObject("sparse").put("count", count);
        sparse.putObject("indices").put("bufferView", g.view(indexBytes, 0)).put("byteOffset", indexOffset)
                .put("componentType", indexType);
        sparse.putObject("values").put("bufferView", g.view(new byte[valueBytes], 0)).put("byteOffset", valueOffset);
        return sparse;
    }

    /** Animates node 1 ("joint") along {@code path} with one LINEAR sampler over the given keys. */
    static ObjectNode animate(TestGltf g, String path, float[] times, String type, float... values) {
        ObjectNode anim = g.add("animations");
        int input = g.floats("SCALAR", times);
        anim.putArray("samplers").addObject().put("input", input).put("output", g.floats(type, values));
        anim.putArray("channels").addObject().put("sampler", 0).putObject("target").put("node", 1).put("path", path);
        return anim;
    }

    static ObjectNode channel(ObjectNode animation, int c) {
        return (ObjectNode) animation.get("channels").get(c);
    }

    static ObjectNode attributes(TestGltf g) {
        return GltfReaderTest.attributes(g);
    }

    /** The minimal document's JSON chunk length in its GLB, which places the BIN chunk's header. */
    static int jsonLength() {
        return ByteBuffer.wrap(TestGltf.minimalSkinned().glb()).order(ByteOrder.LITTLE_ENDIAN).getInt(12);
    }

    static Stream<Arguments> cases() {
        int binHeader = 20 + jsonLength();
        return Stream.of(
                // the asset object and the version
                edit("glTF: asset is missing, expected {\"version\": \"2.0\"}", g -> {
                    g.root.remove("asset");
                    return g.glb();
                }),
                edit("asset.version is missing, expected \"2.0\"", g -> {
                    node(g.root, "asset").remove("version");
                    return g.glb();
                }),
                edit("asset.version '3.0', expected 2.x (this reader reads glTF 2.0)", g -> {
                    node(g.root, "asset").put("version", "3.0");
                    return g.glb();
                }),
                edit("asset.minVersion '2.1', expected at most 2.0", g -> {
                    node(g.root, "asset").put("minVersion", "2.1");
                    return g.glb();
                }),
                // the GLB container
                edit("GLB header: length 12, expected at least 20 (header and a JSON chunk)", g -> {
                    ByteBuffer b = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
                    b.putInt(Glb.MAGIC).putInt(Glb.VERSION).putInt(12);
                    return b.array();
                }),
                edit("GLB chunk 1 at byte " + binHeader + ": header needs 8 bytes, only 4 remain (truncated file)", g -> {
                    byte[] cut = Arrays.copyOf(g.glb(), binHeader + 4);
                    ByteBuffer.wrap(cut).order(ByteOrder.LITTLE_ENDIAN).putInt(8, cut.length);
                    return cut;
                }),
                edit("GLB chunk 0: type BIN, expected JSON first", g -> {
                    byte[] glb = g.glb();
                    ByteBuffer.wrap(glb).order(ByteOrder.LITTLE_ENDIAN).putInt(16, Glb.CHUNK_BIN);
                    return glb;
                }),
                edit("GLB chunk 1: a second JSON chunk, expected only one", g -> {
                    byte[] glb = g.glb();
                    ByteBuffer.wrap(glb).order(ByteOrder.LITTLE_ENDIAN).putInt(binHeader + 4, Glb.CHUNK_JSON);
                    return glb;
                }),
                // buffers
                edit("buffers[0].byteLength is missing, expected a length >= 1", g -> {
                    g.glb();
                    node(g, "buffers", 0).remove("byteLength");
                    return g.glbAsIs();
                }),
                edit("buffers[0]: byteLength 1000 exceeds the 168 bytes present in the GLB BIN chunk", g -> {
                    g.glb();
                    node(g, "buffers", 0).put("byteLength", 1000);
                    return g.glbAsIs();
                }),
                edit("buffers[1]: no uri and not buffer 0, expected a uri or the GLB BIN chunk", g -> {
                    g.glb();
                    g.add("buffers").put("byteLength", 4);
                    return g.glbAsIs();
                }),
                edit("buffers[0]: no uri and no GLB BIN chunk, expected a uri or the GLB BIN chunk", g -> {
                    g.gltf();
                    node(g, "buffers", 0).remove("uri");
                    return g.json();
                }),
                edit("buffers[0]: byteLength 1000 exceeds the 168 bytes present", g -> {
                    g.gltf();
                    node(g, "buffers", 0).put("byteLength", 1000);
                    return g.json();
                }),
                edit("buffers[0].uri 'x.bin' not found beside t.gltf (external resources are disabled)", g -> {
                    g.gltf();
                    node(g, "buffers", 0).put("uri", "x.bin");
                    return g.json();
                }),
                edit("buffers[0].uri: data URI has no ',' separating header and data", g -> {
                    g.gltf();
                    node(g, "buffers", 0).put("uri", "data:application/octet-stream;base64");
                    return g.json();
                }),
                edit("buffers[0].uri: data URI header 'text/plain' is not base64, expected ';base64'", g -> {
                    g.gltf();
                    node(g, "buffers", 0).put("uri", "data:text/plain,hello");
                    return g.json();
                }),
                edit("buffers[0].uri: data URI payload is not valid base64: " + JDK_TAIL, g -> {
                    g.gltf();
                    node(g, "buffers", 0).put("uri", "data:application/octet-stream;base64,@@@@");
                    return g.json();
                }),
                // buffer views and accessors
                edit("bufferViews[0].byteLength is missing, expected a length >= 1", g -> {
                    node(g, "bufferViews", 0).remove("byteLength");
                    return g.glb();
                }),
                edit("bufferViews[0].buffer is missing, expected an index into buffers", g -> {
                    node(g, "bufferViews", 0).remove("buffer");
                    return g.glb();
                }),
                edit("bufferViews[0].byteStride 6, expected a multiple of 4 in 4..252", g -> {
                    node(g, "bufferViews", 0).put("byteStride", 6);
                    return g.glb();
                }),
                edit("accessors[0]: bufferViews[0].byteStride 8 is less than the element size 12 of VEC3 FLOAT", g -> {
                    node(g, "bufferViews", 0).put("byteStride", 8);
                    return g.glb();
                }),
                edit("accessors[0].componentType is missing, expected 5120, 5121, 5122, 5123, 5125 or 5126", g -> {
                    node(g, "accessors", 0).remove("componentType");
                    return g.glb();
                }),
                edit("accessors[0].componentType 5124, expected 5120, 5121, 5122, 5123, 5125 or 5126", g -> {
                    node(g, "accessors", 0).put("componentType", 5124);
                    return g.glb();
                }),
                edit("accessors[0]: normalized with componentType 5126, expected a byte or short component type", g -> {
                    node(g, "accessors", 0).put("normalized", true);
                    return g.glb();
                }),
                edit("accessors[0].normalized is STRING, expected a boolean", g -> {
                    node(g, "accessors", 0).put("normalized", "yes");
                    return g.glb();
                }),
                edit("accessors[0].count is missing, expected a count >= 1", g -> {
                    node(g, "accessors", 0).remove("count");
                    return g.glb();
                }),
                edit("accessors[0].count 1.5, expected an integer in 1..2147483647", g -> {
                    node(g, "accessors", 0).put("count", 1.5);
                    return g.glb();
                }),
                edit("accessors[0].count is STRING, expected an integer", g -> {
                    node(g, "accessors", 0).put("count", "3");
                    return g.glb();
                }),
                edit("accessors[0].type is missing, expected SCALAR, VEC2, VEC3, VEC4, MAT2, MAT3 or MAT4", g -> {
                    node(g, "accessors", 0).remove("type");
                    return g.glb();
                }),
                edit("accessors[0].type 'VEC5', expected SCALAR, VEC2, VEC3, VEC4, MAT2, MAT3 or MAT4", g -> {
                    node(g, "accessors", 0).put("type", "VEC5");
                    return g.glb();
                }),
                edit("accessors[0]: byteOffset 4 without a bufferView, expected 0", g -> {
                    node(g, "accessors", 0).put("byteOffset", 4).remove("bufferView");
                    return g.glb();
                }),
                edit("accessors[0].sparse is STRING, expected an object", g -> {
                    node(g, "accessors", 0).put("sparse", "x");
                    return g.glb();
                }),
                edit("accessors[5]: element 2 is 2147483648, expected at most 2147483647", g -> {
                    GltfReaderTest.primitive(g, 0, 0).put("indices", g.ints(TestGltf.UNSIGNED_INT, false, "SCALAR",
                            0, 1, Integer.MIN_VALUE));
                    return g.glb();
                }),
                // JSON structure and values
                edit("glTF.nodes is OBJECT, expected an array", g -> {
                    g.root.putObject("nodes");
                    return g.glb();
                }),
                edit("nodes[0] is NUMBER, expected an object", g -> {
                    g.array("nodes").set(0, 5);
                    return g.glb();
                }),
                edit("nodes[0].name is NUMBER, expected a string", g -> {
                    node(g, "nodes", 0).put("name", 5);
                    return g.glb();
                }),
                edit("nodes[2].mesh 0.5, expected an index into meshes", g -> {
                    node(g, "nodes", 2).put("mesh", 0.5);
                    return g.glb();
                }),
                edit("nodes[1].translation has 2 numbers, expected 3", g -> {
                    TestGltf.nums(node(g, "nodes", 1), "translation", 0, 1);
                    return g.glb();
                }),
                edit("nodes[1].translation[0] is STRING, expected a number", g -> {
                    node(g, "nodes", 1).putArray("translation").add("a").add(1).add(0);
                    return g.glb();
                }),
                edit("nodes[1].translation[0] 1.0E39, expected a finite float", g -> {
                    node(g, "nodes", 1).putArray("translation").add(1e39).add(1).add(0);
                    return g.glb();
                }),
                // nodes and skins
                edit("nodes[1].rotation has length 2.0, expected a unit quaternion (within 0.001)", g -> {
                    TestGltf.nums(node(g, "nodes", 1), "rotation", 0, 0, 0, 2);
                    return g.glb();
                }),
                edit("glTF skeleton: skeleton (unnamed): bone 0: rest scale component 0 is Infinity, expected a finite "
                        + "value", g -> {
                            TestGltf.nums(node(g, "nodes", 0), "matrix", 3e38f, 3e38f, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0,
                                    0, 1);
                            return g.glb();
                        }),
                edit("skins[0].joints is missing, expected 1..65536 node indices", g -> {
                    node(g, "skins", 0).remove("joints");
                    return g.glb();
                }),
                edit("skins[0].joints is empty, expected 1..65536 node indices", g -> {
                    node(g, "skins", 0).putArray("joints");
                    return g.glb();
                }),
                edit("skins[0].joints has 65537 entries, expected at most 65536", g -> {
                    TestGltf.ints(node(g, "skins", 0), "joints", new int[65537]);
                    return g.glb();
                }),
                edit("glTF: 65537 nodes would become bones, expected at most 65536", g -> {
                    TestGltf wide = new TestGltf();
                    int[] joints = new int[65536];
                    for (int j = 0; j < joints.length; j++) {
                        joints[j] = j + 1;
                    }
                    TestGltf.ints(wide.node("root"), "children", joints);
                    for (int j = 0; j < joints.length; j++) {
                        wide.add("nodes");
                    }
                    TestGltf.ints(wide.add("skins"), "joints", joints);
                    wide.view(new byte[1 << 20], 0); // unused bytes that raise the budget to admit the JSON
                    return wide.glb();
                }),
                edit("skins[0].joints[1] is node 1, already joints[0]; expected each node once", g -> {
                    TestGltf.ints(node(g, "skins", 0), "joints", 1, 1);
                    return g.glb();
                }),
                edit("skins[0].inverseBindMatrices (accessors[4]): count 1, expected at least the joint count 2", g -> {
                    TestGltf.ints(node(g, "skins", 0), "joints", 1, 0);
                    return g.glb();
                }),
                // meshes and primitives
                edit("meshes[0].primitives is missing, expected at least one primitive", g -> {
                    node(g, "meshes", 0).remove("primitives");
                    return g.glb();
                }),
                edit("meshes[0].primitives is empty, expected at least one primitive", g -> {
                    node(g, "meshes", 0).putArray("primitives");
                    return g.glb();
                }),
                edit("meshes[0].primitives[0].attributes is missing, expected an object", g -> {
                    GltfReaderTest.primitive(g, 0, 0).remove("attributes");
                    return g.glb();
                }),
                edit("meshes[0].primitives[0].attributes.TEXCOORD_99999999999: set index too large, expected contiguous "
                        + "set indices from 0", g -> {
                            attributes(g).put("TEXCOORD_99999999999", 0);
                            return g.glb();
                        }),
                edit("meshes[0].primitives[0].attributes.NORMAL (accessors[5]): count 2, expected the POSITION count 3",
                        g -> {
                            attributes(g).put("NORMAL", g.floats("VEC3", 0, 0, 1, 0, 0, 1));
                            return g.glb();
                        }),
                edit("meshes[0].primitives[1].targets has 1 morph targets, expected 0 like the mesh's first primitive",
                        g -> {
                            ObjectNode second = GltfReaderTest.primitive(g, 0, 0).deepCopy();
                            second.putArray("targets").addObject().put("POSITION", 0);
                            node(g, "meshes", 0).withArray("primitives").add(second);
                            return g.glb();
                        }),
                // custom attributes
                edit("meshes[0].primitives[0].attributes._ID (accessors[5]): componentType UNSIGNED_INT, expected "
                        + "FLOAT, UNSIGNED_BYTE normalized, UNSIGNED_SHORT normalized, BYTE normalized, SHORT "
                        + "normalized, UNSIGNED_BYTE, UNSIGNED_SHORT, BYTE, SHORT", g -> {
                            attributes(g).put("_ID", g.ints(TestGltf.UNSIGNED_INT, false, "SCALAR", 1, 2, 3));
                            return g.glb();
                        }),
                edit("meshes[0].primitives[0].attributes._HEAT (accessors[5]): count 2, expected the POSITION count 3",
                        g -> {
                            attributes(g).put("_HEAT", g.floats("SCALAR", 0, 1));
                            return g.glb();
                        }),
                edit("meshes[0].primitives[0].attributes._HEAT (accessors[5]): vertex attribute 'HEAT': vertex 1: "
                        + "value component 0 is NaN, expected a finite value", g -> {
                            attributes(g).put("_HEAT", g.floats("SCALAR", 0, Float.NaN, 1));
                            return g.glb();
                        }),
                edit("meshes[0]: primitives cannot be joined into one mesh: concat: vertex attribute 'HEAT' has 1 "
                        + "components in mesh 0 'meshes[0].primitives[0]' and 2 in mesh 1 'meshes[0].primitives[1]', "
                        + "expected the same component count", g -> {
                            attributes(g).put("_HEAT", g.floats("SCALAR", 0, 1, 2));
                            ObjectNode second = GltfReaderTest.primitive(g, 0, 0).deepCopy();
                            ((ObjectNode) second.get("attributes")).put("_HEAT", g.floats("VEC2", 0, 0, 1, 1, 2, 2));
                            node(g, "meshes", 0).withArray("primitives").add(second);
                            return g.glb();
                        }),
                edit("meshes[0].primitives[0]: the node uses skins[0] but the primitive has no JOINTS_0/WEIGHTS_0", g -> {
                    attributes(g).remove(List.of("JOINTS_0", "WEIGHTS_0"));
                    return g.glb();
                }),
                // materials and images
                edit("materials[0].alphaMode 'GLASS', expected OPAQUE, MASK or BLEND", g -> {
                    g.add("materials").put("alphaMode", "GLASS");
                    GltfReaderTest.primitive(g, 0, 0).put("material", 0);
                    return g.glb();
                }),
                edit("images[0]: both uri and bufferView, expected one", g -> {
                    node(textured(g), "images", 0).put("uri", "data:image/png;base64,");
                    return g.glb();
                }),
                edit("images[0]: neither uri nor bufferView, expected one", g -> {
                    node(textured(g), "images", 0).remove("bufferView");
                    return g.glb();
                }),
                // animations
                edit("animations[0].channels[0].target is missing, expected an object", g -> {
                    channel(animate(g, "translation", new float[] {0}, "VEC3", 0, 0, 0), 0).remove("target");
                    return g.glb();
                }),
                edit("animations[0].channels[0].target.path is missing, expected translation, rotation, scale or weights",
                        g -> {
                            ((ObjectNode) channel(animate(g, "translation", new float[] {0}, "VEC3", 0, 0, 0), 0)
                                    .get("target")).remove("path");
                            return g.glb();
                        }),
                edit("animations[0].samplers[0].input is missing, expected an index into accessors", g -> {
                    ((ObjectNode) animate(g, "translation", new float[] {0}, "VEC3", 0, 0, 0).get("samplers").get(0))
                            .remove("input");
                    return g.glb();
                }),
                edit("animations[0].samplers[0].interpolation 'SMOOTH', expected LINEAR, STEP or CUBICSPLINE", g -> {
                    ((ObjectNode) animate(g, "translation", new float[] {0}, "VEC3", 0, 0, 0).get("samplers").get(0))
                            .put("interpolation", "SMOOTH");
                    return g.glb();
                }),
                edit("animations[0].samplers[0].input (accessors[5]): key 0 time -1.0, expected a finite time >= 0", g -> {
                    animate(g, "translation", new float[] {-1, 1}, "VEC3", 0, 0, 0, 1, 1, 1);
                    return g.glb();
                }),
                edit("animations[0].channels[0]: channel 'joint' rotation: key 0: rotation has length 0.0, expected a "
                        + "non-zero quaternion", g -> {
                            animate(g, "rotation", new float[] {0, 1}, "VEC4", 0, 0, 0, 0, 0, 0, 0, 1);
                            return g.glb();
                        }),
                edit("animations[0]: clip (unnamed): bone 'joint' has two translation channels, expected at most one",
                        g -> {
                            ObjectNode anim = animate(g, "translation", new float[] {0}, "VEC3", 0, 0, 0);
                            anim.withArray("channels").add(channel(anim, 0).deepCopy());
                            return g.glb();
                        }),
                // sparse accessors
                edit("accessors[0].sparse.count is missing, expected 1..3", g -> {
                    sparse(g, 1, TestGltf.UNSIGNED_BYTE, new byte[4], 0, 12, 0).remove("count");
                    return g.glb();
                }),
                edit("accessors[0].sparse.indices is missing, expected an object", g -> {
                    sparse(g, 1, TestGltf.UNSIGNED_BYTE, new byte[4], 0, 12, 0).remove("indices");
                    return g.glb();
                }),
                edit("accessors[0].sparse.values is missing, expected an object", g -> {
                    sparse(g, 1, TestGltf.UNSIGNED_BYTE, new byte[4], 0, 12, 0).remove("values");
                    return g.glb();
                }),
                edit("accessors[0].sparse.indices.componentType 5126, expected 5121, 5123 or 5125", g -> {
                    sparse(g, 1, TestGltf.FLOAT, new byte[4], 0, 12, 0);
                    return g.glb();
                }),
                edit("accessors[0].sparse.indices: byteOffset 0 + 2*count 2 = 4 exceeds bufferViews[5].byteLength 2",
                        g -> {
                            sparse(g, 2, TestGltf.UNSIGNED_SHORT, new byte[2], 0, 24, 0);
                            return g.glb();
                        }),
                edit("accessors[0].sparse.indices: byteOffset 1 (+ bufferViews[5].byteOffset 168) is not a multiple of "
                        + "the component size 2", g -> {
                            sparse(g, 2, TestGltf.UNSIGNED_SHORT, new byte[8], 1, 24, 0);
                            return g.glb();
                        }),
                edit("accessors[0].sparse.values: byteOffset 0 + 12*count 2 = 24 exceeds bufferViews[6].byteLength 12",
                        g -> {
                            sparse(g, 2, TestGltf.UNSIGNED_BYTE, new byte[] {0, 1, 0, 0}, 0, 12, 0);
                            return g.glb();
                        }),
                edit("accessors[0].sparse.values: byteOffset 2 (+ bufferViews[6].byteOffset 172) is not a multiple of "
                        + "the component size 4", g -> {
                            sparse(g, 2, TestGltf.UNSIGNED_BYTE, new byte[] {0, 1, 0, 0}, 0, 28, 2);
                            return g.glb();
                        }),
                // samplers
                edit("samplers[0].magFilter 9984, expected one of [9728, 9729]", g -> {
                    TestGltf t = textured(g);
                    node(t, "samplers", 0).put("magFilter", 9984);
                    return t.glb();
                }),
                edit("samplers[0].minFilter 1, expected one of [9728, 9729, 9984, 9985, 9986, 9987]", g -> {
                    TestGltf t = textured(g);
                    node(t, "samplers", 0).put("minFilter", 1);
                    return t.glb();
                }),
                edit("samplers[0].wrapS 0, expected one of [10497, 33071, 33648]", g -> {
                    TestGltf t = textured(g);
                    node(t, "samplers", 0).put("wrapS", 0);
                    return t.glb();
                }),
                edit("samplers[0].wrapT 9729, expected one of [10497, 33071, 33648]", g -> {
                    TestGltf t = textured(g);
                    node(t, "samplers", 0).put("wrapS", 33071).put("wrapT", 9729);
                    return t.glb();
                }));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void readFailsNamingTheElement(String expected, Function<TestGltf, byte[]> document) {
        byte[] bytes = document.apply(TestGltf.minimalSkinned());
        if (expected.endsWith(JDK_TAIL)) {
            assertThatThrownBy(() -> read(bytes)).isInstanceOf(FormatException.class)
                    .hasMessageStartingWith(expected.substring(0, expected.length() - JDK_TAIL.length()));
        } else {
            assertThatThrownBy(() -> read(bytes)).isInstanceOf(FormatException.class).hasMessage(expected);
        }
    }
}
