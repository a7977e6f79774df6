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

    static Stream<Arguments> cases() {
        return Stream.of(
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
