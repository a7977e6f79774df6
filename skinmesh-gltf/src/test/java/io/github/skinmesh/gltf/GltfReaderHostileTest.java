package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.gltf.internal.Glb;
import io.github.skinmesh.gltf.internal.Json;
import io.github.skinmesh.gltf.internal.JsonCost;
import io.github.skinmesh.testkit.SharedFiles;
import io.github.skinmesh.testkit.SplitMix64;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Malformed and hostile input: every case fails with a FormatException naming the element. */
class GltfReaderHostileTest {
    private static GltfAsset readGlb(byte[] bytes) {
        return GltfReader.read(bytes, "test.glb", ResourceResolver.none());
    }

    private static GltfAsset readGltf(byte[] bytes) {
        return GltfReader.read(bytes, "test.gltf", ResourceResolver.none());
    }

    private static ObjectNode accessor(TestGltf g, int i) {
        return (ObjectNode) g.array("accessors").get(i);
    }

    @Test
    void minimalDocumentReads() {
        GltfAsset a = readGlb(TestGltf.minimalSkinned().glb());
        assertThat(a.skeleton().boneCount()).isEqualTo(2);
        assertThat(a.parts()).hasSize(1);
        assertThat(a.warnings()).isEmpty();
    }

    @Test
    void truncatedGlb() {
        byte[] glb = TestGltf.minimalSkinned().glb();
        byte[] cut = Arrays.copyOf(glb, glb.length - 10);
        assertThatThrownBy(() -> readGlb(cut)).isInstanceOf(FormatException.class)
                .hasMessageContaining("GLB header: length " + glb.length)
                .hasMessageContaining("exceeds the file's " + cut.length + " bytes");
        byte[] header = Arrays.copyOf(glb, 7);
        assertThatThrownBy(() -> readGlb(header)).isInstanceOf(FormatException.class)
                .hasMessageContaining("GLB header: file has 7 bytes, expected at least 12");
    }

    @Test
    void zeroPaddedJsonChunkIsTolerated() {
        byte[] glb = TestGltf.minimalSkinned().glb();
        int jsonLength = ByteBuffer.wrap(glb).order(ByteOrder.LITTLE_ENDIAN).getInt(12);
        int last = 20 + jsonLength - 1;
        while (glb[last] == ' ') {
            glb[last--] = 0;
        }
        assertThat(readGlb(glb).warnings())
                .containsExactly("GLB JSON chunk is padded with zero bytes instead of spaces, ignored");
    }

    @Test
    void aByteOrderMarkBeforeTheJsonIsTolerated() throws IOException {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        TestGltf g = TestGltf.minimalSkinned();
        byte[] gltf = g.gltf();
        byte[] marked = Arrays.copyOf(bom, 3 + gltf.length);
        System.arraycopy(gltf, 0, marked, 3, gltf.length);
        assertThat(readGltf(marked).warnings())
                .containsExactly("glTF JSON starts with a UTF-8 byte order mark, ignored");
        TestGltf h = TestGltf.minimalSkinned();
        h.glb();
        byte[] json = h.json();
        byte[] markedJson = Arrays.copyOf(bom, 3 + json.length);
        System.arraycopy(json, 0, markedJson, 3, json.length);
        ByteArrayOutputStream glb = new ByteArrayOutputStream();
        Glb.write(glb, markedJson, h.binBytes(), h.binBytes().length);
        assertThat(readGlb(glb.toByteArray()).warnings())
                .containsExactly("GLB JSON chunk starts with a UTF-8 byte order mark, ignored");
    }

    @Test
    void wrongMagic() {
        byte[] glb = TestGltf.minimalSkinned().glb();
        glb[0] = 'x';
        assertThatThrownBy(() -> readGlb(glb)).isInstanceOf(FormatException.class)
                .hasMessageContaining("GLB header: magic 0x46546c78").hasMessageContaining("expected 0x46546c67");
    }

    @Test
    void wrongVersion() {
        byte[] glb = TestGltf.minimalSkinned().glb();
        glb[4] = 1;
        assertThatThrownBy(() -> readGlb(glb)).isInstanceOf(FormatException.class)
                .hasMessageContaining("GLB header: version 1, expected 2");
    }

    @Test
    void chunkLengthPastTheEnd() {
        byte[] glb = TestGltf.minimalSkinned().glb();
        ByteBuffer b = ByteBuffer.wrap(glb).order(ByteOrder.LITTLE_ENDIAN);
        int jsonLength = b.getInt(12);
        int binHeader = 20 + jsonLength;
        b.putInt(binHeader, 1 << 20);
        assertThatThrownBy(() -> readGlb(glb)).isInstanceOf(FormatException.class)
                .hasMessageContaining("GLB chunk 1 (BIN) at byte " + binHeader)
                .hasMessageContaining("chunkLength " + (1 << 20))
                .hasMessageContaining("past the file length " + glb.length);
    }

    @Test
    void accessorOutsideItsBufferView() {
        TestGltf g = TestGltf.minimalSkinned();
        accessor(g, 0).put("byteOffset", 4);
        assertThatThrownBy(() -> readGlb(g.glb())).isInstanceOf(FormatException.class)
                .hasMessageContaining("accessors[0]: byteOffset 4 + stride 12*(count 3 - 1) + elementSize 12 = 40")
                .hasMessageContaining("exceeds bufferViews[0].byteLength 36");
    }

    @Test
    void bufferViewOutsideItsBuffer() {
        TestGltf g = TestGltf.minimalSkinned();
        ((ObjectNode) g.array("bufferViews").get(0)).put("byteLength", 1_000_000);
        assertThatThrownBy(() -> readGlb(g.glb())).isInstanceOf(FormatException.class)
                .hasMessageContaining("bufferViews[0]: byteOffset 0 + byteLength 1000000")
                .hasMessageContaining("exceeds buffers[0] length");
    }

    @Test
    void hugeCountWithABufferView() {
        TestGltf g = TestGltf.minimalSkinned();
        accessor(g, 0).put("count", 2_000_000_000);
        assertThatThrownBy(() -> readGlb(g.glb())).isInstanceOf(FormatException.class)
                .hasMessageContaining("accessors[0]: byteOffset 0 + stride 12*(count 2000000000 - 1)")
                .hasMessageContaining("exceeds bufferViews[0].byteLength 36");
    }

    /**
     * Two primitives with their own accessors are joined into one mesh; the joined streams are
     * charged to the budget like decoded ones, so a file of zero-filled accessors that decodes
     * within the budget cannot double it by joining.
     */
    @Test
    void joiningPrimitivesIsChargedToTheBudget() {
        TestGltf g = new TestGltf();
        g.node("prop").put("mesh", 0);
        TestGltf.ints(g.add("scenes"), "nodes", 0);
        ArrayNode prims = g.add("meshes").putArray("primitives");
        int n = 21_000;
        for (int p = 0; p < 2; p++) {
            prims.addObject().putObject("attributes").put("POSITION", g.accessor(-1, 0, TestGltf.FLOAT, false, n,
                    "VEC3"));
        }
        byte[] glb = g.glb();
        long budget = 16L * glb.length + (1 << 20);
        // the JSON tree and the node, then per primitive: positions, the generated index list, and
        // the group's copy of it for concat
        long decoded = jsonAndNodes(g) + 2 * (12L * n + 4L * n + 4L * n);
        long joined = 2 * 12L * n + 2 * 4L * n;
        assertThat(decoded).as("each primitive decodes within the budget").isLessThan(budget);
        assertThat(decoded + joined).as("joining them does not").isGreaterThan(budget);
        assertThatThrownBy(() -> readGlb(glb)).isInstanceOf(FormatException.class)
                .hasMessage("meshes[0] joined primitives: decoding needs " + joined + " bytes, more than the file's "
                        + glb.length + " bytes can describe (budget 16 x input size, " + (budget - decoded)
                        + " bytes left)");
    }

    @Test
    void hugeCountWithoutBytesBehindIt() {
        TestGltf g = TestGltf.minimalSkinned();
        ObjectNode pos = accessor(g, 0);
        pos.remove("bufferView");
        pos.put("count", 2_000_000_000);
        byte[] glb = g.glb();
        // the budget is 16 x the file (whose BIN chunk counts once) + 1 MiB, less the JSON tree, the
        // nodes, the 64 bytes of the skin's matrix and the two bones
        long left = 16L * glb.length + (1 << 20) - jsonAndNodes(g) - 64 - 2 * SkeletonImport.BONE_BYTES;
        assertThatThrownBy(() -> readGlb(glb)).isInstanceOf(FormatException.class)
                .hasMessageContaining("accessors[0]: decoding needs 24000000000 bytes")
                .hasMessageContaining("more than the file's " + glb.length + " bytes can describe (budget 16 x input "
                        + "size, " + left + " bytes left)");
    }

    /** What a read charges before any accessor: the estimate of the JSON tree and the node tables. */
    private static long jsonAndNodes(TestGltf g) {
        byte[] json = g.json();
        return JsonCost.of(Json.parse(json, 0, json.length, "test")).bytes()
                + GltfDocument.NODE_BYTES * g.array("nodes").size();
    }

    @Test
    void countAboveTheIntRange() {
        TestGltf g = TestGltf.minimalSkinned();
        accessor(g, 0).put("count", 1L << 40);
        assertThatThrownBy(() -> readGlb(g.glb())).isInstanceOf(FormatException.class)
                .hasMessageContaining("accessors[0].count 1099511627776, expected 1..2147483647");
    }

    @Test
    void jointIndexPastTheSkinsJointCount() {
        TestGltf g = TestGltf.minimalSkinned();
        int joints = g.ints(TestGltf.UNSIGNED_BYTE, false, "VEC4", 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0);
        ((ObjectNode) g.array("meshes").get(0).get("primitives").get(0).get("attributes")).put("JOINTS_0", joints);
        assertThatThrownBy(() -> readGlb(g.glb())).isInstanceOf(FormatException.class)
                .hasMessageContaining("meshes[0].primitives[0].attributes.JOINTS_0 (accessors[" + joints + "])")
                .hasMessageContaining("vertex 1 slot 0 joint 3 has weight 1.0")
                .hasMessageContaining("expected a joint < skins[0].joints count 1");
    }

    /**
     * A file read fails with the file as the exception's source: the message starts with the path as
     * given, names the file once, and its detail is what a read of the same bytes says.
     */
    @Test
    void aFileReadAttachesTheFileAsSource(@TempDir Path dir) throws IOException {
        Path json = Files.writeString(dir.resolve("bad.gltf"), "{\"asset\": ");
        FormatException named = (FormatException) catchThrowable(() -> GltfReader.read(json));
        assertThat(named.source()).isEqualTo(json);
        assertThat(named).hasMessageStartingWith(json + ": glTF: malformed JSON at line 1");
        assertThat(named.getMessage().split("bad\\.gltf", -1)).as("the file is named once").hasSize(2);
        FormatException unnamed = (FormatException) catchThrowable(() -> readGltf(Files.readAllBytes(json)));
        assertThat(unnamed.source()).isNull();
        assertThat(unnamed).hasMessageStartingWith("test.gltf: malformed JSON at line 1");

        TestGltf g = TestGltf.minimalSkinned();
        TestGltf.ints((ObjectNode) g.array("nodes").get(1), "children", 0);
        Path cycle = Files.write(dir.resolve("cycle.glb"), g.glb());
        FormatException fromFile = (FormatException) catchThrowable(() -> GltfReader.read(cycle));
        FormatException fromBytes = (FormatException) catchThrowable(() -> readGlb(g.glb()));
        assertThat(fromFile.source()).isEqualTo(cycle);
        assertThat(fromFile.detail()).isEqualTo(fromBytes.getMessage()).isEqualTo(fromBytes.detail());
        assertThat(fromFile).hasMessage(cycle + ": " + fromBytes.getMessage());

        Path skeleton = Files.write(dir.resolve("scale.glb"), infiniteRestScale().glb());
        assertThatThrownBy(() -> GltfReader.read(skeleton)).isInstanceOf(FormatException.class)
                .hasMessageStartingWith(skeleton + ": glTF skeleton: ");
        assertThatThrownBy(() -> readGlb(infiniteRestScale().glb())).isInstanceOf(FormatException.class)
                .hasMessageStartingWith("glTF skeleton: ");
    }

    /** The minimal document with a rest scale the model rejects (a ValidationException inside the reader). */
    private static TestGltf infiniteRestScale() {
        TestGltf g = TestGltf.minimalSkinned();
        TestGltf.nums((ObjectNode) g.array("nodes").get(0), "matrix", 3e38f, 3e38f, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0,
                0, 1);
        return g;
    }

    @Test
    void missingExternalBuffer(@TempDir Path dir) throws IOException {
        TestGltf g = TestGltf.minimalSkinned();
        g.gltf();
        ((ObjectNode) g.array("buffers").get(0)).put("uri", "missing.bin");
        Path file = dir.resolve("doc.gltf");
        Files.write(file, g.json());
        assertThatThrownBy(() -> GltfReader.read(file)).isInstanceOf(FormatException.class)
                .hasMessageStartingWith(file + ": buffers[0].uri 'missing.bin' not found beside the document")
                .extracting(e -> ((FormatException) e).source()).isEqualTo(file);
    }

    @Test
    void externalBufferBesideTheFileReads(@TempDir Path dir) throws IOException {
        TestGltf g = TestGltf.minimalSkinned();
        g.gltf();
        ((ObjectNode) g.array("buffers").get(0)).put("uri", "my%20data.bin");
        Files.write(dir.resolve("my data.bin"), g.binBytes());
        Path file = dir.resolve("doc.gltf");
        Files.write(file, g.json());
        assertThat(GltfReader.read(file).parts()).hasSize(1);
        assertThatThrownBy(() -> GltfReader.read(file, GltfReadOptions.DEFAULTS.withExternalResources(
                GltfReadOptions.ExternalResources.NONE))).isInstanceOf(FormatException.class)
                .hasMessage(file + ": buffers[0].uri 'my%20data.bin': external resources are disabled by the options");
    }

    /** Writes {@code doc.gltf} into {@code folder} with buffer 0 at {@code uri}, its bytes nowhere yet. */
    private static Path documentWithBufferAt(Path folder, String uri) throws IOException {
        TestGltf g = TestGltf.minimalSkinned();
        g.gltf();
        ((ObjectNode) g.array("buffers").get(0)).put("uri", uri);
        return Files.write(folder.resolve("doc.gltf"), g.json());
    }

    @Test
    void externalUrisThatTheFolderResolverRefuses(@TempDir Path dir) throws IOException {
        String[][] cases = {
            {"/absolute.bin", "uri '/absolute.bin' is absolute; only relative URIs are resolved"},
            {"a%4", "uri 'a%4': malformed percent escape at index 1"},
            {"%FF.bin", "uri '%FF.bin': percent escapes are not UTF-8"},
        };
        for (String[] c : cases) {
            Path file = documentWithBufferAt(dir, c[0]);
            assertThatThrownBy(() -> GltfReader.read(file)).as(c[0]).isInstanceOf(FormatException.class)
                    .hasMessage(file + ": buffers[0].uri '" + c[0] + "': " + c[1]);
        }
        Path nul = documentWithBufferAt(dir, "a%00b.bin");
        assertThatThrownBy(() -> GltfReader.read(nul)).isInstanceOf(FormatException.class)
                .hasMessageStartingWith(nul + ": buffers[0].uri 'a%00b.bin': uri 'a%00b.bin' is not a valid path: ");
    }

    @Test
    void aSymbolicLinkOutOfTheFolderIsRefused(@TempDir Path dir) throws IOException {
        Path inner = Files.createDirectories(dir.resolve("inner"));
        Path outside = Files.write(dir.resolve("outside.bin"), new byte[168]);
        try {
            Files.createSymbolicLink(inner.resolve("link.bin"), outside);
        } catch (UnsupportedOperationException | IOException e) {
            assumeTrue(false, "symbolic links are not available here: " + e);
        }
        Path file = documentWithBufferAt(inner, "link.bin");
        assertThatThrownBy(() -> GltfReader.read(file)).isInstanceOf(FormatException.class)
                .hasMessage(file + ": buffers[0].uri 'link.bin': uri 'link.bin' leaves the folder of the document "
                        + "through a symbolic link");
    }

    /** Files past what a Java array holds are refused by their size, before reading (sparse files, nothing is written). */
    @Test
    void filesLargerThanAnArrayAreRefusedBeforeReading(@TempDir Path dir) throws IOException {
        long size = 3L << 30;
        Path big = dir.resolve("big.glb");
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(size);
        }
        assertThatThrownBy(() -> GltfReader.read(big)).isInstanceOf(FormatException.class)
                .hasMessage(big + ": 3221225472 bytes, more than the 2147483639 a Java array holds")
                .extracting(e -> ((FormatException) e).source()).isEqualTo(big);
        Path file = documentWithBufferAt(dir, "big.glb");
        assertThatThrownBy(() -> GltfReader.read(file)).isInstanceOf(FormatException.class)
                .hasMessage(file + ": buffers[0].uri 'big.glb': uri 'big.glb': file has 3221225472 bytes, more than "
                        + "2147483639");
    }

    @Test
    void uriLeavingTheFolder(@TempDir Path dir) throws IOException {
        TestGltf g = TestGltf.minimalSkinned();
        g.gltf();
        Path inner = Files.createDirectories(dir.resolve("inner"));
        Files.write(dir.resolve("outside.bin"), g.binBytes());
        ((ObjectNode) g.array("buffers").get(0)).put("uri", "../outside.bin");
        Path file = inner.resolve("doc.gltf");
        Files.write(file, g.json());
        assertThatThrownBy(() -> GltfReader.read(file)).isInstanceOf(FormatException.class)
                .hasMessageContaining("buffers[0].uri '../outside.bin': uri '../outside.bin' leaves the folder");
        ((ObjectNode) g.array("buffers").get(0)).put("uri", "file:///etc/passwd");
        Files.write(file, g.json());
        assertThatThrownBy(() -> GltfReader.read(file)).isInstanceOf(FormatException.class)
                .hasMessageContaining("buffers[0].uri 'file:///etc/passwd'").hasMessageContaining("has a scheme");
    }

    @Test
    void nodeCycle() {
        TestGltf g = TestGltf.minimalSkinned();
        TestGltf.ints((ObjectNode) g.array("nodes").get(1), "children", 0);
        assertThatThrownBy(() -> readGlb(g.glb())).isInstanceOf(FormatException.class)
                .hasMessageContaining("nodes[0] is its own ancestor");
        TestGltf self = TestGltf.minimalSkinned();
        TestGltf.ints((ObjectNode) self.array("nodes").get(1), "children", 1);
        assertThatThrownBy(() -> readGlb(self.glb())).isInstanceOf(FormatException.class)
                .hasMessageContaining("nodes[1].children[0] is 1: the node is its own child");
    }

    @Test
    void nodeWithTwoParents() {
        TestGltf g = TestGltf.minimalSkinned();
        TestGltf.ints((ObjectNode) g.array("nodes").get(2), "children", 1);
        assertThatThrownBy(() -> readGlb(g.glb())).isInstanceOf(FormatException.class)
                .hasMessageContaining("nodes[1] has two parents, nodes[0] and nodes[2]");
    }

    @Test
    void childIndexOutOfRange() {
        TestGltf g = TestGltf.minimalSkinned();
        TestGltf.ints((ObjectNode) g.array("nodes").get(2), "children", 7);
        assertThatThrownBy(() -> readGlb(g.glb())).isInstanceOf(FormatException.class)
                .hasMessageContaining("nodes[2].children[0] 7, expected an index into nodes (0..2, nodes has 3)");
    }

    @Test
    void badJson() {
        byte[] json = "{\"asset\": {\"version\": \"2.0\"}, \"nodes\": [ {\"name\": \"a\" ".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> readGltf(json)).isInstanceOf(FormatException.class)
                .hasMessageContaining("test.gltf: malformed JSON at line 1");
        byte[] array = "[1, 2]".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> readGltf(array)).isInstanceOf(FormatException.class)
                .hasMessageContaining("test.gltf: JSON root is ARRAY, expected an object");
        TestGltf g = TestGltf.minimalSkinned();
        ((ObjectNode) g.array("nodes").get(2)).put("mesh", "zero");
        assertThatThrownBy(() -> readGlb(g.glb())).isInstanceOf(FormatException.class)
                .hasMessageContaining("nodes[2].mesh is STRING, expected an index into meshes");
    }

    @Test
    void unsupportedRequiredExtension() {
        TestGltf g = TestGltf.minimalSkinned();
        g.array("extensionsUsed").add("KHR_draco_mesh_compression");
        g.array("extensionsRequired").add("KHR_draco_mesh_compression");
        assertThatThrownBy(() -> readGlb(g.glb())).isInstanceOf(FormatException.class)
                .hasMessageContaining("extensionsRequired[0]: 'KHR_draco_mesh_compression' is not supported");
    }

    @Test
    void unsupportedUsedExtensionIsAWarning() {
        TestGltf g = TestGltf.minimalSkinned();
        g.array("extensionsUsed").add("EXT_meshopt_compression");
        assertThat(readGlb(g.glb()).warnings())
                .containsExactly("extensionsUsed[0]: 'EXT_meshopt_compression' is not supported; its data is ignored");
    }

    @Test
    void sparseIndicesOutOfRange() {
        TestGltf g = TestGltf.minimalSkinned();
        int idx = g.view(new byte[] {0, 0, 7, 0}, 0);
        int val = g.view(new byte[24], 0);
        ObjectNode sparse = accessor(g, 0).putObject("sparse");
        sparse.put("count", 2);
        sparse.putObject("indices").put("bufferView", idx).put("componentType", TestGltf.UNSIGNED_SHORT);
        sparse.putObject("values").put("bufferView", val);
        assertThatThrownBy(() -> readGlb(g.glb())).isInstanceOf(FormatException.class)
                .hasMessageContaining("accessors[0].sparse.indices: index 1 is 7, expected < accessor count 3");
    }

    @Test
    void sparseIndicesNotIncreasing() {
        TestGltf g = TestGltf.minimalSkinned();
        int idx = g.view(new byte[] {2, 0, 1, 0}, 0);
        int val = g.view(new byte[24], 0);
        ObjectNode sparse = accessor(g, 0).putObject("sparse");
        sparse.put("count", 2);
        sparse.putObject("indices").put("bufferView", idx).put("componentType", TestGltf.UNSIGNED_SHORT);
        sparse.putObject("values").put("bufferView", val);
        assertThatThrownBy(() -> readGlb(g.glb())).isInstanceOf(FormatException.class)
                .hasMessageContaining("accessors[0].sparse.indices: index 1 is 1, not after index 0 (2)");
    }

    @Test
    void indexPastTheVertexCount() {
        TestGltf g = TestGltf.minimalSkinned();
        int idx = g.ints(TestGltf.UNSIGNED_SHORT, false, "SCALAR", 0, 1, 9, 0);
        accessor(g, idx).put("count", 3);
        ((ObjectNode) g.array("meshes").get(0).get("primitives").get(0)).put("indices", idx);
        assertThatThrownBy(() -> readGlb(g.glb())).isInstanceOf(FormatException.class)
                .hasMessageContaining("meshes[0].primitives[0].indices (accessors[" + idx + "]): element 2 is 9")
                .hasMessageContaining("expected < the POSITION count 3");
    }

    @Test
    void attributeSetsMustBeContiguous() {
        TestGltf g = TestGltf.minimalSkinned();
        ObjectNode attrs = (ObjectNode) g.array("meshes").get(0).get("primitives").get(0).get("attributes");
        attrs.put("TEXCOORD_1", 0);
        assertThatThrownBy(() -> readGlb(g.glb())).isInstanceOf(FormatException.class)
                .hasMessageContaining("attributes: TEXCOORD_1 present without TEXCOORD_0");
        attrs.remove("TEXCOORD_1");
        attrs.put("JOINTS_2000000000", 1);
        assertThatThrownBy(() -> readGlb(g.glb())).isInstanceOf(FormatException.class)
                .hasMessageContaining("attributes: JOINTS_2000000000 present with only 4 attributes");
        attrs.remove("JOINTS_2000000000");
        attrs.put("JOINTS_1", 1);
        assertThatThrownBy(() -> readGlb(g.glb())).isInstanceOf(FormatException.class)
                .hasMessageContaining("attributes: 2 JOINTS sets and 1 WEIGHTS sets");
    }

    @Test
    void wrongAccessorType() {
        TestGltf g = TestGltf.minimalSkinned();
        accessor(g, 0).put("type", "VEC2");
        accessor(g, 0).put("count", 4);
        assertThatThrownBy(() -> readGlb(g.glb())).isInstanceOf(FormatException.class)
                .hasMessageContaining("meshes[0].primitives[0].attributes.POSITION (accessors[0]): type VEC2, expected VEC3");
    }

    @Test
    void misalignedAccessor() {
        TestGltf g = TestGltf.minimalSkinned();
        accessor(g, 2).put("byteOffset", 2);
        accessor(g, 2).put("count", 1);
        assertThatThrownBy(() -> readGlb(g.glb())).isInstanceOf(FormatException.class)
                .hasMessageContaining("accessors[2]: byteOffset 2").hasMessageContaining("component size 4");
    }

    @Test
    void nonIncreasingKeyTimes() {
        TestGltf g = TestGltf.minimalSkinned();
        int in = g.floats("SCALAR", 0, 1, 1, 2);
        int out = g.floats("VEC3", 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3);
        ObjectNode anim = g.add("animations");
        anim.putArray("samplers").addObject().put("input", in).put("output", out);
        anim.putArray("channels").addObject().put("sampler", 0).putObject("target").put("node", 1)
                .put("path", "translation");
        assertThatThrownBy(() -> readGlb(g.glb())).isInstanceOf(FormatException.class)
                .hasMessageContaining("animations[0].samplers[0].input (accessors[" + in + "]): key 2 time 1.0 "
                        + "is not after key 1 time 1.0");
        GltfAsset repaired = GltfReader.read(g.glb(), "t.glb", ResourceResolver.none(),
                GltfReadOptions.DEFAULTS.withKeyTimes(GltfReadOptions.KeyTimes.DROP_NON_INCREASING));
        assertThat(repaired.clips().get(0).channels().get(0).times()).containsExactly(0f, 1f, 2f);
        assertThat(repaired.clips().get(0).channels().get(0).values()).containsExactly(0, 0, 0, 1, 1, 1, 3, 3, 3);
        assertThat(repaired.warnings()).anyMatch(w -> w.contains("1 keys with non-increasing times dropped"));
    }

    @Test
    void outputCountMismatch() {
        TestGltf g = TestGltf.minimalSkinned();
        int in = g.floats("SCALAR", 0, 1);
        int out = g.floats("VEC3", 0, 0, 0, 1, 1, 1, 2, 2, 2);
        ObjectNode anim = g.add("animations");
        anim.putArray("samplers").addObject().put("input", in).put("output", out).put("interpolation", "STEP");
        anim.putArray("channels").addObject().put("sampler", 0).putObject("target").put("node", 1)
                .put("path", "scale");
        assertThatThrownBy(() -> readGlb(g.glb())).isInstanceOf(FormatException.class)
                .hasMessageContaining("animations[0].samplers[0].output (accessors[" + out + "]): 3 elements, "
                        + "expected input count 2 = 2");
    }

    @Test
    void missingInverseBindMatricesMeansIdentity() {
        TestGltf g = TestGltf.minimalSkinned();
        ((ObjectNode) g.array("skins").get(0)).remove("inverseBindMatrices");
        float[] ibm = new float[16];
        new org.joml.Matrix4f().get(ibm);
        float[] read = readGlb(g.glb()).parts().get(0).mesh().skin()
                .inverseBindMatricesInto(new float[16], 0);
        assertThat(read).containsExactly(ibm);
    }

    @Test
    void materialFactorOutOfRange() {
        TestGltf g = TestGltf.minimalSkinned();
        TestGltf.nums(g.add("materials").putObject("pbrMetallicRoughness"), "baseColorFactor", 2, 0, 0, 1);
        ((ObjectNode) g.array("meshes").get(0).get("primitives").get(0)).put("material", 0);
        assertThatThrownBy(() -> readGlb(g.glb())).isInstanceOf(FormatException.class)
                .hasMessageContaining("materials[0]: material (unnamed): baseColorFactor[0]=2.0, expected 0.0..1.0");
    }

    @Test
    void nanPositionIsRejected() {
        TestGltf g = TestGltf.minimalSkinned();
        int pos = g.floats("VEC3", 0, 0, 0, Float.NaN, 0, 0, 0, 1, 0);
        ArrayNode nodes = g.array("nodes");
        assertThat(nodes.size()).isEqualTo(3);
        ((ObjectNode) g.array("meshes").get(0).get("primitives").get(0).get("attributes")).put("POSITION", pos);
        assertThatThrownBy(() -> readGlb(g.glb())).isInstanceOf(FormatException.class)
                .hasMessageContaining("meshes[0].primitives[0]: mesh (unnamed): vertex 1: position component 0 is NaN");
    }

    /**
     * Corrupting bytes of real and synthetic files (flips, truncation, overwritten lengths) must
     * give either an asset or a FormatException, never another exception or an error.
     */
    @Property(tries = 400, seed = "7")
    void corruptedFilesFailCleanly(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long seed) throws IOException {
        byte[] original = seed % 3 == 0 ? shared("assets/RiggedSimple.glb").orElse(TestGltf.minimalSkinned().glb())
                : TestGltf.minimalSkinned().glb();
        SplitMix64 rng = new SplitMix64(seed);
        byte[] bytes = original.clone();
        int edits = rng.nextInt(1, 4);
        for (int e = 0; e < edits; e++) {
            int kind = rng.nextInt(0, 3);
            int at = rng.nextInt(0, bytes.length - 1);
            if (kind == 0) {
                bytes[at] = (byte) rng.next();
            } else if (kind == 1) {
                bytes = Arrays.copyOf(bytes, at);
                if (bytes.length == 0) {
                    break;
                }
            } else if (at + 4 <= bytes.length) {
                ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(at, (int) rng.next());
            }
        }
        byte[] input = bytes;
        try {
            readGlb(input);
        } catch (FormatException expected) {
            assertThat(expected.getMessage()).isNotBlank();
        }
    }

    /**
     * Replacing any one value of a document's JSON (a synthetic one with animation, morph targets,
     * materials and sparse data, or a real one) by a hostile value gives an asset or a
     * FormatException, never another exception.
     */
    @Property(tries = 600, seed = "8")
    void hostileJsonValuesFailCleanly(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long seed)
            throws IOException {
        SplitMix64 rng = new SplitMix64(seed);
        TestGltf g = TestGltf.minimalSkinned();
        if (seed % 2 == 0) {
            int in = g.floats("SCALAR", 0, 1);
            int out = g.floats("VEC3", 0, 0, 0, 1, 1, 1);
            ObjectNode anim = g.add("animations");
            anim.putArray("samplers").addObject().put("input", in).put("output", out);
            anim.putArray("channels").addObject().put("sampler", 0).putObject("target").put("node", 1)
                    .put("path", "translation");
            ObjectNode prim = (ObjectNode) g.array("meshes").get(0).get("primitives").get(0);
            prim.putArray("targets").addObject().put("POSITION", g.floats("VEC3", 0, 0, 1, 0, 0, 1, 0, 0, 1));
            g.add("images").put("bufferView", g.view(SyntheticAssets.png(0x123456), 0)).put("mimeType", "image/png");
            g.add("textures").put("source", 0);
            g.add("materials").putObject("pbrMetallicRoughness").putObject("baseColorTexture").put("index", 0);
            prim.put("material", 0);
        }
        byte[] glb = g.glb();
        JsonNodeHolder doc = JsonNodeHolder.of(glb);
        java.util.List<com.fasterxml.jackson.databind.JsonNode> containers = new java.util.ArrayList<>();
        doc.collect(doc.root, containers);
        com.fasterxml.jackson.databind.JsonNode target = containers.get(rng.nextInt(0, containers.size() - 1));
        com.fasterxml.jackson.databind.node.JsonNodeFactory f = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance;
        com.fasterxml.jackson.databind.JsonNode[] hostile = {f.numberNode(-1), f.numberNode(0), f.numberNode(1),
            f.numberNode(2_000_000_000), f.numberNode(1L << 40), f.numberNode(0.5), f.numberNode(1e300),
            f.textNode("x"), f.nullNode(), f.booleanNode(true), f.arrayNode(), f.objectNode(),
            f.arrayNode().add(7).add(-3), f.numberNode(3)};
        com.fasterxml.jackson.databind.JsonNode value = hostile[rng.nextInt(0, hostile.length - 1)];
        if (target.isObject()) {
            ObjectNode o = (ObjectNode) target;
            java.util.List<String> names = new java.util.ArrayList<>();
            o.fieldNames().forEachRemaining(names::add);
            if (names.isEmpty()) {
                return;
            }
            o.set(names.get(rng.nextInt(0, names.size() - 1)), value);
        } else {
            ArrayNode a = (ArrayNode) target;
            if (a.isEmpty()) {
                return;
            }
            a.set(rng.nextInt(0, a.size() - 1), value);
        }
        byte[] mutated = doc.toGlb();
        try {
            readGlb(mutated);
        } catch (FormatException expected) {
            assertThat(expected.getMessage()).isNotBlank();
        }
    }

    /** A GLB's JSON as a mutable tree plus its BIN chunk. */
    private record JsonNodeHolder(ObjectNode root, byte[] bin) {
        static JsonNodeHolder of(byte[] glb) {
            ByteBuffer b = ByteBuffer.wrap(glb).order(ByteOrder.LITTLE_ENDIAN);
            int jsonLength = b.getInt(12);
            ObjectNode root = io.github.skinmesh.gltf.internal.Json.parse(glb, 20, jsonLength, "t");
            int binLength = b.getInt(20 + jsonLength);
            byte[] bin = Arrays.copyOfRange(glb, 28 + jsonLength, 28 + jsonLength + binLength);
            return new JsonNodeHolder(root, bin);
        }

        void collect(com.fasterxml.jackson.databind.JsonNode n, java.util.List<com.fasterxml.jackson.databind.JsonNode> out) {
            if (n.isContainerNode()) {
                out.add(n);
                n.forEach(c -> collect(c, out));
            }
        }

        byte[] toGlb() throws IOException {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            io.github.skinmesh.gltf.internal.Glb.write(out,
                    io.github.skinmesh.gltf.internal.Json.mapper().writeValueAsBytes(root), bin, bin.length);
            return out.toByteArray();
        }
    }

    static Optional<byte[]> shared(String relative) throws IOException {
        Optional<Path> p = SharedFiles.file(relative);
        return p.isPresent() ? Optional.of(Files.readAllBytes(p.get())) : Optional.empty();
    }

    @Test
    void corruptedJsonFieldsOfARealFileFailCleanly() throws IOException {
        Optional<byte[]> fox = shared("assets/Fox.glb");
        assumeTrue(fox.isPresent(), SharedFiles.ABSENT);
        byte[] glb = fox.get();
        int jsonLength = ByteBuffer.wrap(glb).order(ByteOrder.LITTLE_ENDIAN).getInt(12);
        String json = new String(glb, 20, jsonLength, StandardCharsets.UTF_8);
        String[] edits = {"\"count\":1728", "\"count\":2000000000", "\"byteOffset\":13824", "\"byteOffset\":99999999",
            "\"byteStride\":16", "\"byteStride\":4", "\"joints\":[2,", "\"joints\":[99,", "\"inverseBindMatrices\":4",
            "\"inverseBindMatrices\":0", "\"children\":[3]", "\"children\":[0]"};
        int changed = 0;
        for (int e = 0; e < edits.length; e += 2) {
            if (!json.contains(edits[e])) {
                continue;
            }
            changed++;
            byte[] edited = json.replaceFirst(java.util.regex.Pattern.quote(edits[e]), edits[e + 1])
                    .getBytes(StandardCharsets.UTF_8);
            byte[] doc = new byte[20 + edited.length + (glb.length - 20 - jsonLength)];
            System.arraycopy(glb, 0, doc, 0, 20);
            System.arraycopy(edited, 0, doc, 20, edited.length);
            System.arraycopy(glb, 20 + jsonLength, doc, 20 + edited.length, glb.length - 20 - jsonLength);
            ByteBuffer b = ByteBuffer.wrap(doc).order(ByteOrder.LITTLE_ENDIAN);
            b.putInt(8, doc.length);
            b.putInt(12, edited.length);
            String edit = edits[e + 1];
            assertThatThrownBy(() -> readGlb(doc)).as(edit).isInstanceOf(FormatException.class)
                    .hasMessageMatching("(?s).*(accessors|bufferViews|skins|nodes|meshes|GLB).*");
        }
        assertThat(changed).isGreaterThanOrEqualTo(4);
    }
}
