package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.gltf.internal.Glb;
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

    static Stream<Arguments> cases() {
        return Stream.of(
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
