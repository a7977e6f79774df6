package io.github.skinmesh.laya;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.mesh.Meshes;
import io.github.skinmesh.core.partition.OversizeTriangles;
import io.github.skinmesh.core.partition.Partition;
import io.github.skinmesh.core.partition.PartitionMode;
import io.github.skinmesh.core.partition.PartitionOptions;
import io.github.skinmesh.testkit.SplitMix64;
import io.github.skinmesh.testkit.random.RandomMeshOptions;
import io.github.skinmesh.testkit.random.RandomModels;
import io.github.skinmesh.testkit.workloads.LmWorkload;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fast paths against the general ones they stand in for: the writer's vertex-range layout
 * against the general layout (same bytes), and the reader's clean vertex pass against the checked
 * one (same result, same error, same warnings), on the testkit character, seeded random meshes,
 * the official fixtures and files with flaws.
 */
class LayaModelsRoutesTest {
    private static final float[] IDENTITY = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

    /**
     * Seeded random skinned meshes, written with both partition modes at several bone limits and
     * in every convention. Their draws mostly interleave vertex ranges (the triangles are random),
     * so both layouts are compared where the vertex-range one applies.
     */
    private static List<byte[]> randomFiles() {
        List<byte[]> files = new ArrayList<>();
        SplitMix64 rng = new SplitMix64(20261201);
        for (int i = 0; i < 12; i++) {
            Skeleton skeleton = RandomModels.skeleton(rng, 4 + rng.nextInt(0, 60));
            RandomMeshOptions o = RandomMeshOptions.DEFAULTS.withVertexCount(3 + rng.nextInt(0, 400))
                    .withTriangleCount(1 + rng.nextInt(0, 600)).withUvChannels(rng.nextInt(0, 2))
                    .withSubmeshes(1 + rng.nextInt(0, 3));
            Mesh mesh = RandomModels.skinnedMesh(rng, skeleton, o);
            LmWriteOptions options = LmWriteOptions.DEFAULTS.withMaxBones(12 + rng.nextInt(0, 12))
                    .withMode(i % 2 == 0 ? PartitionMode.GREEDY : PartitionMode.OPTIMIZED)
                    .withConvention(LmConvention.values()[i % 3]);
            byte[] auto = LmWriter.write(mesh, options, LmWriter.Route.AUTO).bytes();
            assertThat(LmWriter.write(mesh, options, LmWriter.Route.GENERAL).bytes()).isEqualTo(auto);
            files.add(auto);
        }
        return files;
    }

    /**
     * Each submesh of a random mesh alone in its own draw, over a vertex range of its own: the
     * vertex-range layout applies, and writes what the general one writes.
     */
    @Test
    void randomMeshesWithADrawPerVertexRange() {
        SplitMix64 rng = new SplitMix64(7);
        for (int i = 0; i < 20; i++) {
            int bones = 1 + rng.nextInt(0, 30);
            Skeleton skeleton = RandomModels.skeleton(rng, bones);
            List<Mesh> parts = new ArrayList<>();
            int draws = 1 + rng.nextInt(0, 4);
            for (int d = 0; d < draws; d++) {
                RandomMeshOptions o = RandomMeshOptions.DEFAULTS.withVertexCount(3 + rng.nextInt(0, 200))
                        .withTriangleCount(1 + rng.nextInt(0, 300));
                parts.add(RandomModels.skinnedMesh(rng, skeleton, o));
            }
            Mesh mesh = Partition.partition(Meshes.concat(parts).mesh(), LmWriteOptions.MAX_BONES_LIMIT,
                    new PartitionOptions(PartitionMode.GREEDY, OversizeTriangles.FAIL)).mesh();
            for (LmConvention c : LmConvention.values()) {
                LmWriteOptions options = LmWriteOptions.DEFAULTS.withConvention(c)
                        .withMaxBones(LmWriteOptions.MAX_BONES_LIMIT);
                byte[] ranges = LmWriter.write(mesh, options, LmWriter.Route.RANGES).bytes();
                assertThat(LmWriter.write(mesh, options, LmWriter.Route.GENERAL).bytes()).isEqualTo(ranges);
            }
        }
    }

    @Test
    void theVertexRangeLayoutWritesWhatTheGeneralOneWrites() {
        Mesh character = LmWorkload.character();
        for (LmConvention c : LmConvention.values()) {
            LmWriteOptions options = LmWriteOptions.DEFAULTS.withConvention(c);
            byte[] ranges = LmWriter.write(character, options, LmWriter.Route.RANGES).bytes();
            assertThat(LmWriter.write(character, options, LmWriter.Route.GENERAL).bytes()).isEqualTo(ranges);
            assertThat(LayaModels.write(character, options).bytes()).isEqualTo(ranges);
        }
        assertThat(randomFiles()).hasSize(12);
    }

    /**
     * Bones A, B, C; vertex 2 lies inside the first draw's vertex range but no triangle uses it,
     * and its bone C is not in that draw: it keeps its palette index, not a local slot.
     */
    @Test
    void aVertexInsideADrawsRangeThatNoTriangleUsesKeepsItsPaletteIndex() {
        float[] ibm = new float[48];
        for (int m = 0; m < 3; m++) {
            System.arraycopy(IDENTITY, 0, ibm, 16 * m, 16);
        }
        BoneWeights w = BoneWeights.of(1, new int[] {1, 0, 2, 1, 2, 2, 2}, new float[] {1, 1, 1, 1, 1, 1, 1});
        Mesh mesh = Mesh.builder("Gap")
                .positions(new float[] {0, 0, 0, 1, 0, 0, 5, 5, 5, 0, 1, 0, 2, 0, 0, 3, 0, 0, 2, 1, 0})
                .indices(new int[] {0, 1, 3, 4, 5, 6})
                .addSubmesh(new Submesh(0, 6, 0, List.of(Draw.of(0, 3, 1, 0), Draw.of(3, 3, 2))))
                .skin(Skin.of(new String[] {"A", "B", "C"}, ibm, w))
                .build();
        LmWriteOptions laya = LmWriteOptions.DEFAULTS.withConvention(LmConvention.LAYA);
        byte[] ranges = LmWriter.write(mesh, laya, LmWriter.Route.RANGES).bytes();
        assertThat(LmWriter.write(mesh, laya, LmWriter.Route.GENERAL).bytes()).isEqualTo(ranges);
        // stride 12 + 16 + 4: BLENDINDICES at 28 within each vertex; each vertex has one
        // influence, padded with zero-weight slots on bone A (0)
        LmReadResult back = LayaModels.read(ranges);
        int vertexData = (int) back.blocks().get(0).offset() + 6; // MESH vertex data start field
        ByteBuffer file = ByteBuffer.wrap(ranges).order(ByteOrder.LITTLE_ENDIAN);
        int vertices = file.getInt(2 + LmWriter.VERSION.length()) + file.getInt(vertexData);
        assertThat(file.getInt(vertices + 0 * 32 + 28)).isEqualTo(0x01010100); // B, A, A, A in draw [B, A]
        assertThat(file.getInt(vertices + 1 * 32 + 28)).isEqualTo(0x01010101); // A, A, A, A
        assertThat(file.getInt(vertices + 2 * 32 + 28)).isEqualTo(0x00000002); // undrawn: palette indices C, A, A, A
        assertThat(file.getInt(vertices + 4 * 32 + 28)).isEqualTo(0); // C in draw [C]; A unbound, so 0
        int[] joints = back.mesh().skin().weights().joints();
        for (int v = 0; v < 7; v++) {
            assertThat(joints[4 * v]).as("vertex %d", v).isEqualTo(new int[] {1, 0, 2, 1, 2, 2, 2}[v]);
        }
    }

    /**
     * Draws whose vertex ranges follow each other backwards, and draws that share a vertex, take
     * the general path (which splits the shared vertex into a copy): the automatic choice writes
     * what the general path writes, and the vertex-range layout refuses them.
     */
    @Test
    void backwardRangesAndSharedVerticesTakeTheGeneralPath() {
        float[] ibm = new float[32];
        System.arraycopy(IDENTITY, 0, ibm, 0, 16);
        System.arraycopy(IDENTITY, 0, ibm, 16, 16);
        BoneWeights w = BoneWeights.of(1, new int[] {1, 1, 1, 0, 0, 0}, new float[] {1, 1, 1, 1, 1, 1});
        float[] positions = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 2, 0, 1, 2, 0};
        LmWriteOptions laya = LmWriteOptions.DEFAULTS.withConvention(LmConvention.LAYA);
        Mesh backwards = Mesh.builder("Backwards").positions(positions).indices(new int[] {3, 4, 5, 0, 1, 2})
                .addSubmesh(new Submesh(0, 6, 0, List.of(Draw.of(0, 3, 0), Draw.of(3, 3, 1))))
                .skin(Skin.of(new String[] {"A", "B"}, ibm, w))
                .build();
        Mesh shared = Mesh.builder("Shared").positions(positions).indices(new int[] {0, 1, 2, 2, 3, 4})
                .addSubmesh(new Submesh(0, 6, 0, List.of(Draw.of(0, 3, 1), Draw.of(3, 3, 0, 1))))
                .skin(Skin.of(new String[] {"A", "B"}, ibm, w))
                .build();
        for (Mesh mesh : List.of(backwards, shared)) {
            assertThatThrownBy(() -> LmWriter.write(mesh, laya, LmWriter.Route.RANGES))
                    .as(mesh.name()).isInstanceOf(IllegalStateException.class)
                    .hasMessageEndingWith("the draws do not use disjoint, increasing vertex ranges");
            LmWriteResult auto = LmWriter.write(mesh, laya, LmWriter.Route.AUTO);
            assertThat(auto.bytes()).as(mesh.name())
                    .isEqualTo(LmWriter.write(mesh, laya, LmWriter.Route.GENERAL).bytes());
            assertThat(auto.duplicatedVertices()).as(mesh.name()).isEqualTo(mesh == shared ? 1 : 0);
        }
    }

    /** Draws that share no vertex but whose vertex ranges interleave take the general path. */
    @Test
    void interleavedVertexRangesTakeTheGeneralPath() {
        float[] ibm = new float[32];
        System.arraycopy(IDENTITY, 0, ibm, 0, 16);
        System.arraycopy(IDENTITY, 0, ibm, 16, 16);
        BoneWeights w = BoneWeights.of(1, new int[] {0, 1, 0, 1, 0, 1}, new float[] {1, 1, 1, 1, 1, 1});
        Mesh mesh = Mesh.builder("Interleaved")
                .positions(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 2, 0, 1, 2, 0})
                .indices(new int[] {0, 2, 4, 1, 3, 5})
                .addSubmesh(new Submesh(0, 6, 0, List.of(Draw.of(0, 3, 0), Draw.of(3, 3, 1))))
                .skin(Skin.of(new String[] {"A", "B"}, ibm, w))
                .build();
        LmWriteOptions laya = LmWriteOptions.DEFAULTS.withConvention(LmConvention.LAYA);
        assertThatThrownBy(() -> LmWriter.write(mesh, laya, LmWriter.Route.RANGES))
                .isInstanceOf(IllegalStateException.class);
        LmWriteResult auto = LmWriter.write(mesh, laya, LmWriter.Route.AUTO);
        assertThat(auto.bytes()).isEqualTo(LmWriter.write(mesh, laya, LmWriter.Route.GENERAL).bytes());
        assertThat(auto.duplicatedVertices()).isZero();
        int[] joints = LayaModels.read(auto.bytes()).mesh().skin().weights().joints();
        for (int v = 0; v < 6; v++) {
            assertThat(joints[4 * v]).as("vertex %d", v).isEqualTo(v % 2);
        }
    }

    @Test
    void theCleanVertexPassReadsWhatTheCheckedOneReads() {
        List<byte[]> files = new ArrayList<>(randomFiles());
        files.add(LayaModels.write(LmWorkload.character()).bytes());
        files.add(LayaModels.write(LayaModelsGoldenTest.triangle()).bytes());
        files.add(Fixtures.resource("tri.lm"));
        for (byte[] file : files) {
            for (LmConvention c : LmConvention.values()) {
                LmReadResult clean = LmReader.read(file, c, LmReader.Route.CLEAN);
                assertThat(clean).isEqualTo(LmReader.read(file, c, LmReader.Route.CHECKED));
                assertThat(LmReader.read(file, c, LmReader.Route.AUTO)).isEqualTo(clean);
            }
        }
    }

    @Test
    void theCleanVertexPassReadsTheOfficialFiles() {
        for (String name : new String[] {Fixtures.CUBE, Fixtures.CEILING, Fixtures.DAJIA, Fixtures.MONKEY}) {
            byte[] file = Fixtures.bytes(name);
            assertThat(LmReader.read(file, LmConvention.LAYA, LmReader.Route.AUTO))
                    .isEqualTo(LmReader.read(file, LmConvention.LAYA, LmReader.Route.CHECKED));
        }
    }

    /** The outcome of a read: its result, or its error's type and message. */
    private static Object outcome(byte[] file, LmReader.Route route) {
        try {
            return LmReader.read(file, LmConvention.GLTF, route);
        } catch (FormatException e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }

    /**
     * Seeded flips of bytes of the vertex buffer (non-finite floats, negative weights, local bones
     * past their dictionary, including zero-weight slots that read with a warning): the automatic
     * route gives what the checked pass gives, result with warnings or error, and the clean pass
     * declines every file the checked pass reads with a warning or rejects.
     */
    @Test
    void flawedVertexBuffersGiveTheCheckedPasssResultOrError() {
        byte[] file = LayaModels.write(LayaModelsGoldenTest.triangle(), LmWriteOptions.DEFAULTS
                .withConvention(LmConvention.LAYA)).bytes();
        LmReadResult good = LayaModels.read(file);
        ByteBuffer view = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        int vertexData = (int) good.blocks().get(0).offset() + 6;
        int vertices = view.getInt(2 + LmWriter.VERSION.length()) + view.getInt(vertexData);
        int stride = good.declaration().stream().mapToInt(LmElement::bytes).sum();
        int vertexBytes = 3 * stride;
        SplitMix64 rng = new SplitMix64(11);
        int declined = 0;
        for (int i = 0; i < 3000; i++) {
            byte[] flawed = file.clone();
            int at = vertices + rng.nextInt(0, vertexBytes - 1);
            flawed[at] = (byte) (rng.nextInt(0, 3) == 0 ? 0xFF : rng.nextInt(0, 255));
            Object checked = outcome(flawed, LmReader.Route.CHECKED);
            assertThat(outcome(flawed, LmReader.Route.AUTO)).isEqualTo(checked);
            boolean plain = checked instanceof LmReadResult && ((LmReadResult) checked).warnings().isEmpty();
            if (plain) {
                assertThat(outcome(flawed, LmReader.Route.CLEAN)).isEqualTo(checked);
            } else {
                declined++;
                assertThatThrownBy(() -> LmReader.read(flawed, LmConvention.GLTF, LmReader.Route.CLEAN))
                        .isInstanceOf(IllegalStateException.class);
            }
        }
        assertThat(declined).isGreaterThan(100);
    }
}
