package io.github.skinmesh.laya;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.partition.PartitionMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The invalid arguments of {@link LmWriteOptions} and every error of the writer: each throws a
 * {@link ValidationException} naming the element, the value and the limit, and writing to a file
 * leaves nothing behind when it fails.
 */
class LayaModelsWriteErrorsTest {

    // ---- LmWriteOptions

    @Test
    void maxBonesOutsideOneTo256IsRejected() {
        for (int bad : new int[] {0, -1, 257, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            assertThatThrownBy(() -> LmWriteOptions.DEFAULTS.withMaxBones(bad))
                    .isExactlyInstanceOf(ValidationException.class)
                    .hasMessage("LmWriteOptions: maxBones=" + bad + ", expected 1..256");
        }
        assertThat(LmWriteOptions.DEFAULTS.withMaxBones(1).maxBones()).isEqualTo(1);
        assertThat(LmWriteOptions.DEFAULTS.withMaxBones(256).maxBones()).isEqualTo(256);
    }

    @Test
    void infiniteStoredBoundsAreRejectedComponentByComponent() {
        for (int c = 0; c < 6; c++) {
            for (float bad : new float[] {Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY}) {
                float[] v = {-1, -1, -1, 1, 1, 1};
                v[c] = bad;
                Bounds b = new Bounds(v[0], v[1], v[2], v[3], v[4], v[5]);
                int component = c;
                assertThatThrownBy(() -> LmWriteOptions.DEFAULTS.withBounds(b))
                        .isExactlyInstanceOf(ValidationException.class)
                        .hasMessage("LmWriteOptions: bounds component " + component + " is " + bad
                                + ", expected a finite value");
            }
        }
        // NaN cannot even make a Bounds
        assertThatThrownBy(() -> new Bounds(0, Float.NaN, 0, 1, 1, 1))
                .isInstanceOf(ValidationException.class).hasMessageContaining("NaN");
        assertThat(LmWriteOptions.DEFAULTS.withBounds(null).bounds()).isNull();
    }

    @Test
    void nullArgumentsAreNamed() {
        LmWriteOptions d = LmWriteOptions.DEFAULTS;
        assertThatThrownBy(() -> d.withConvention(null)).isInstanceOf(NullPointerException.class).hasMessage("convention");
        assertThatThrownBy(() -> d.withMode(null)).isInstanceOf(NullPointerException.class).hasMessage("mode");
        assertThatThrownBy(() -> d.withDraws(null)).isInstanceOf(NullPointerException.class).hasMessage("draws");
        assertThatThrownBy(() -> LayaModels.write(null, d)).isInstanceOf(NullPointerException.class).hasMessage("mesh");
        assertThatThrownBy(() -> LayaModels.write(LayaModelsGoldenTest.triangle(), null))
                .isInstanceOf(NullPointerException.class).hasMessage("options");
    }

    @Test
    void theWithMethodsChangeOneFieldEach() {
        Bounds b = new Bounds(-1, -2, -3, 1, 2, 3);
        LmWriteOptions o = LmWriteOptions.DEFAULTS.withConvention(LmConvention.UNITY).withMaxBones(16)
                .withMode(PartitionMode.GREEDY).withDraws(LmDraws.PARTITION).withBounds(b);
        assertThat(o).isEqualTo(new LmWriteOptions(LmConvention.UNITY, 16, PartitionMode.GREEDY, LmDraws.PARTITION, b));
        assertThat(LmWriteOptions.DEFAULTS).isEqualTo(new LmWriteOptions(LmConvention.GLTF, 24,
                PartitionMode.OPTIMIZED, LmDraws.KEEP, null));
    }

    // ---- the writer

    /** One triangle per vertex triple, vertex {@code v} fully on bone {@code v % bones}. */
    private static Mesh skinned(String name, String[] bones, int triangles, List<Submesh> submeshes) {
        int n = 3 * Math.max(1, triangles);
        float[] pos = new float[3 * n];
        for (int v = 0; v < n; v++) {
            pos[3 * v] = v;
            pos[3 * v + 1] = v % 2;
        }
        int[] idx = new int[3 * triangles];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        int[] joints = new int[n];
        float[] weights = new float[n];
        for (int v = 0; v < n; v++) {
            joints[v] = v % bones.length;
            weights[v] = 1;
        }
        float[] ibm = new float[16 * bones.length];
        for (int b = 0; b < bones.length; b++) {
            ibm[16 * b] = ibm[16 * b + 5] = ibm[16 * b + 10] = ibm[16 * b + 15] = 1;
        }
        Mesh.Builder mb = Mesh.builder(name).positions(pos).indices(idx)
                .skin(Skin.of(bones, ibm, BoneWeights.of(1, joints, weights)));
        submeshes.forEach(mb::addSubmesh);
        return mb.build();
    }

    private static String[] boneNames(int count) {
        String[] names = new String[count];
        for (int i = 0; i < count; i++) {
            names[i] = "b" + i;
        }
        return names;
    }

    @Test
    void moreThanFourWeightedInfluencesAreRejected() {
        // vertex 1 has 5 weighted slots; vertices 0 and 2 have 5 slots of which only 4 weigh
        int[] joints = {0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 4, 3, 2, 1, 0};
        float[] w = {0.25f, 0.25f, 0.25f, 0.25f, 0, 0.2f, 0.2f, 0.2f, 0.2f, 0.2f, 0, 0.5f, 0.5f, 0, 0};
        Mesh tri = LayaModelsGoldenTest.triangle();
        float[] ibm = new float[16 * 5];
        for (int b = 0; b < 5; b++) {
            ibm[16 * b] = ibm[16 * b + 5] = ibm[16 * b + 10] = ibm[16 * b + 15] = 1;
        }
        Mesh five = tri.toBuilder().clearSubmeshes().addSubmesh(0, 3, 0)
                .skin(Skin.of(boneNames(5), ibm, BoneWeights.ofSlots(5, joints, w))).build();
        assertThatThrownBy(() -> LayaModels.write(five))
                .isExactlyInstanceOf(ValidationException.class)
                .hasMessage("LayaModels.write: mesh 'Tri': vertex 1 has 5 influences of weight > 0, a .lm vertex"
                        + " holds 4; limit the weights to 4 first");
        // the same slots with vertex 1's fifth weight at zero are written, 4 slots per vertex
        float[] fits = w.clone();
        fits[9] = 0;
        Mesh four = five.toBuilder().skin(Skin.of(boneNames(5), ibm, BoneWeights.ofSlots(5, joints, fits))).build();
        LmReadResult back = LayaModels.read(LayaModels.write(four).bytes(),
                LmReadOptions.DEFAULTS.withConvention(LmConvention.GLTF));
        assertThat(back.mesh().skin().weights().influencesPerVertex()).isEqualTo(4);
    }

    @Test
    void aTriangleBindingMoreBonesThanTheLimitIsRejected() {
        Mesh m = skinned("Three", boneNames(3), 1, List.of());
        assertThatThrownBy(() -> LayaModels.write(m, LmWriteOptions.DEFAULTS.withMaxBones(2)))
                .isExactlyInstanceOf(ValidationException.class)
                .hasMessageStartingWith("partition: mesh 'Three' submesh 0 triangle 0 (vertices 0, 1, 2) uses 3 bones"
                        + " ['b0', 'b1', 'b2'], expected at most maxBones 2");
    }

    @Test
    void namesLongerThan32767BytesOfUtf8AreRejected() {
        String fits = "a".repeat(32767);
        String tooLong = "a".repeat(32768);
        String tooLongUtf8 = "\u20ac".repeat(10923); // 3 bytes each: 32,769 bytes in 10,923 chars
        assertThat(LayaModels.write(LayaModelsGoldenTest.triangle(fits)).size())
                .isEqualTo(510 + 32767 - 3);
        assertThatThrownBy(() -> LayaModels.write(LayaModelsGoldenTest.triangle(tooLong)))
                .isExactlyInstanceOf(ValidationException.class)
                .hasMessageEndingWith(": the mesh name is 32768 bytes of UTF-8, a .lm string holds at most 32767");
        assertThatThrownBy(() -> LayaModels.write(LayaModelsGoldenTest.triangle(tooLongUtf8)))
                .isExactlyInstanceOf(ValidationException.class)
                .hasMessageEndingWith(": the mesh name is 32769 bytes of UTF-8, a .lm string holds at most 32767");
        Mesh bone = skinned("Bones", new String[] {"root", tooLongUtf8}, 1, List.of());
        assertThatThrownBy(() -> LayaModels.write(bone))
                .isExactlyInstanceOf(ValidationException.class)
                .hasMessage("LayaModels.write: mesh 'Bones': bone 1's name is 32769 bytes of UTF-8, a .lm string"
                        + " holds at most 32767");
    }

    @Test
    void moreThan65534SubmeshesAreRejected() {
        List<Submesh> subs = new ArrayList<>();
        for (int i = 0; i < 65535; i++) {
            subs.add(new Submesh(0, 0, 0));
        }
        Mesh tri = LayaModelsGoldenTest.triangle();
        Mesh many = tri.toBuilder().skin(null).clearSubmeshes().addSubmesh(0, 3, 0).build();
        Mesh.Builder tooMany = many.toBuilder();
        subs.forEach(tooMany::addSubmesh);
        assertThatThrownBy(() -> LayaModels.write(tooMany.build()))
                .isExactlyInstanceOf(ValidationException.class)
                .hasMessage("LayaModels.write: mesh 'Tri': 65536 submeshes, a .lm file holds at most 65534");
        Mesh.Builder most = many.toBuilder();
        subs.subList(0, 65533).forEach(most::addSubmesh);
        LmReadResult back = LayaModels.read(LayaModels.write(most.build()).bytes());
        assertThat(back.mesh().submeshes()).hasSize(65534);
    }

    @Test
    void moreBonesThanTheStringTableHoldsAreRejected() {
        Mesh tooMany = skinned("Rig", boneNames(65532), 1, List.of());
        assertThatThrownBy(() -> LayaModels.write(tooMany))
                .isExactlyInstanceOf(ValidationException.class)
                .hasMessage("LayaModels.write: mesh 'Rig': 65532 bones, a .lm file holds at most 65531 (its string"
                        + " table holds 65535 strings, 4 of them not bone names)");
        LmWriteResult most = LayaModels.write(skinned("Rig", boneNames(65531), 1, List.of()));
        assertThat(LayaModels.read(most.bytes()).mesh().skin().paletteSize()).isEqualTo(65531);
    }

    @Test
    void moreThan65535DrawsInASubmeshAreRejected() {
        int draws = 65536;
        List<Draw> list = new ArrayList<>(draws);
        for (int d = 0; d < draws; d++) {
            list.add(Draw.of(3 * d, 3, 0));
        }
        Mesh m = skinned("Crowd", boneNames(1), draws, List.of(new Submesh(0, 3 * draws, 0, list)));
        assertThatThrownBy(() -> LayaModels.write(m))
                .isExactlyInstanceOf(ValidationException.class)
                .hasMessage("LayaModels.write: mesh 'Crowd': submesh 0 has 65536 draws, a .lm submesh holds at most"
                        + " 65535");
    }

    @Test
    void normalByteValuesOutsideTheByteRangeAreRejectedNotClamped() {
        Mesh tri = LayaModelsGoldenTest.triangle();
        float[] ok = {0, 127, 255, 1, 2, 3, 4, 5, 6, 7, 8, 9};
        LmWriteResult w = LayaModels.write(tri.toBuilder().addAttribute(LayaModels.NORMAL_BYTE_ATTRIBUTE, 4, ok).build());
        assertThat(w.declaration()).endsWith(LmElement.NORMAL_BYTE);
        float[] back = LayaModels.read(w.bytes()).mesh().attribute(LayaModels.NORMAL_BYTE_ATTRIBUTE)
                .values();
        assertThat(back).containsExactly(ok);
        float[][] bad = {{256, 4}, {-1, 7}, {0.5f, 10}, {Float.MAX_VALUE, 0}};
        for (float[] b : bad) {
            float[] values = ok.clone();
            values[(int) b[1]] = b[0];
            Mesh m = tri.toBuilder().addAttribute(LayaModels.NORMAL_BYTE_ATTRIBUTE, 4, values).build();
            int i = (int) b[1];
            assertThatThrownBy(() -> LayaModels.write(m))
                    .isExactlyInstanceOf(ValidationException.class)
                    .hasMessage("LayaModels.write: mesh 'Tri': vertex " + (i / 4) + "'s NORMAL_BYTE component "
                            + (i % 4) + " is " + b[0] + ", expected an integer 0..255");
        }
    }

    @Test
    void normalBytesFollowTheirVerticesWhenPartitioningSplitsThem() {
        // triangle 0 binds bones 0 and 1, triangle 1 bones 0 and 2: at 2 bones a draw each, sharing vertices 0 and 2
        float[] ibm = new float[48];
        for (int m = 0; m < 3; m++) {
            ibm[16 * m] = ibm[16 * m + 5] = ibm[16 * m + 10] = ibm[16 * m + 15] = 1;
        }
        float[] normalBytes = {10, 11, 12, 13, 20, 21, 22, 23, 30, 31, 32, 33, 40, 41, 42, 43};
        Mesh quad = Mesh.builder("Quad")
                .positions(new float[] {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0})
                .indices(new int[] {0, 1, 2, 0, 2, 3})
                .addAttribute(LayaModels.NORMAL_BYTE_ATTRIBUTE, 4, normalBytes)
                .skin(Skin.of(new String[] {"A", "B", "C"}, ibm, BoneWeights.of(1, new int[] {0, 1, 0, 2},
                        new float[] {1, 1, 1, 1})))
                .build();
        LmWriteResult w = LayaModels.write(quad, LmWriteOptions.DEFAULTS.withConvention(LmConvention.LAYA)
                .withMaxBones(2));
        assertThat(w.drawCount()).isEqualTo(2);
        assertThat(w.vertexCount()).isGreaterThan(4);
        Mesh back = LayaModels.read(w.bytes()).mesh();
        float[] positions = back.positions();
        float[] values = back.attribute(LayaModels.NORMAL_BYTE_ATTRIBUTE).values();
        for (int v = 0; v < back.vertexCount(); v++) {
            // the source vertex at the same position (the four positions are distinct)
            int source = positions[3 * v] == 0 ? (positions[3 * v + 1] == 0 ? 0 : 3) : (positions[3 * v + 1] == 0 ? 1 : 2);
            assertThat(Arrays.copyOfRange(values, 4 * v, 4 * v + 4)).as("vertex %d", v)
                    .containsExactly(Arrays.copyOfRange(normalBytes, 4 * source, 4 * source + 4));
        }
    }

    @Test
    void extremeFiniteValuesStayFiniteInEveryConvention() {
        // a non-finite number is never written: the conversions only negate and take 1 - v, which
        // keep the largest floats finite, and the reader (which rejects non-finite data) reads them
        float big = Float.MAX_VALUE;
        Mesh tri = LayaModelsGoldenTest.triangle();
        Mesh extreme = tri.toBuilder()
                .positions(new float[] {-big, big, -big, big, -big, big, 0, big, -big})
                .normals(new float[] {-big, big, 0, big, 0, -big, 0, 0, big})
                .tangents(new float[] {big, -big, 0, big, -big, 0, big, -big, 0, 0, 1, -big})
                .clearUvs().addUvs(new float[] {-big, big, big, -big, 0, -big})
                .build();
        for (LmConvention c : LmConvention.values()) {
            LmWriteResult w = LayaModels.write(extreme, LmWriteOptions.DEFAULTS.withConvention(c));
            LmReadResult r = LayaModels.read(w.bytes(), LmReadOptions.DEFAULTS.withConvention(c));
            Mesh m = r.mesh();
            for (float[] stream : List.of(m.positions(), m.normals(), m.tangents(), m.uvs(0))) {
                for (float f : stream) {
                    assertThat(Float.isFinite(f)).as("%s: %s", c, Arrays.toString(stream)).isTrue();
                }
            }
            assertThat(r.storedBounds()).isNotNull();
        }
    }

    // ---- writing to a file

    @Test
    void aFailedWriteLeavesNoFile(@TempDir Path dir) throws IOException {
        Mesh bad = LayaModelsGoldenTest.triangle("a".repeat(40000));
        Path out = dir.resolve("out.lm");
        assertThatThrownBy(() -> LayaModels.write(bad, LmWriteOptions.DEFAULTS, out))
                .isExactlyInstanceOf(ValidationException.class);
        assertThat(listing(dir)).isEmpty();
        // an existing file stays as it was
        Files.write(out, new byte[] {1, 2, 3});
        assertThatThrownBy(() -> LayaModels.write(bad, LmWriteOptions.DEFAULTS, out))
                .isExactlyInstanceOf(ValidationException.class);
        assertThat(Files.readAllBytes(out)).containsExactly(1, 2, 3);
        assertThat(listing(dir)).containsExactly("out.lm");
    }

    @Test
    void aFailedRenameLeavesNoTemporaryFile(@TempDir Path dir) throws IOException {
        // the destination is a non-empty directory: the rename fails after the bytes were written
        Path out = dir.resolve("out.lm");
        Files.createDirectory(out);
        Files.write(out.resolve("keep"), new byte[] {7});
        assertThatThrownBy(() -> LayaModels.write(LayaModelsGoldenTest.triangle(), LmWriteOptions.DEFAULTS, out))
                .isInstanceOf(IOException.class);
        assertThat(listing(dir)).containsExactly("out.lm");
        assertThat(Files.readAllBytes(out.resolve("keep"))).containsExactly(7);
    }

    @Test
    void aSuccessfulWriteLeavesOnlyTheFile(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("tri.lm");
        Files.write(out, new byte[] {9});
        LmWriteResult w = LayaModels.write(LayaModelsGoldenTest.triangle(),
                LmWriteOptions.DEFAULTS.withConvention(LmConvention.LAYA), out);
        assertThat(Files.readAllBytes(out)).isEqualTo(w.bytes()).isEqualTo(Fixtures.resource("tri.lm"));
        assertThat(listing(dir)).containsExactly("tri.lm");
    }

    private static List<String> listing(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
