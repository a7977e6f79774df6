package io.github.skinmesh.laya;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.partition.OversizeTriangles;
import io.github.skinmesh.core.partition.Partition;
import io.github.skinmesh.core.partition.PartitionMode;
import io.github.skinmesh.core.partition.PartitionOptions;
import io.github.skinmesh.core.partition.PartitionResult;
import io.github.skinmesh.gltf.GltfReader;
import io.github.skinmesh.testkit.SharedFiles;
import io.github.skinmesh.testkit.SplitMix64;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * glTF -> .lm -> read back, on the shared glTF assets and the testkit character: the streams
 * come back equal once the convention is undone, and skinning each draw with its dictionary and
 * the file's local bone indices equals skinning the source vertices with their palette joints.
 */
class LayaModelsRoundTripTest {
    private static final float UV_FLIP_TOLERANCE = 1e-6f;

    static Stream<Arguments> meshes() throws IOException {
        List<Arguments> out = new ArrayList<>();
        Mesh humanoid = Combine.combineCharacters(List.of(Humanoids.generate(7).character()), CombineOptions.DEFAULTS)
                .mesh();
        Mesh oneSubmesh = humanoid.toBuilder().clearSubmeshes().addSubmesh(0, humanoid.indexCount(), 0).build();
        out.add(Arguments.of("testkit humanoid (one submesh)", oneSubmesh));
        out.add(Arguments.of("testkit humanoid (per material)", humanoid));
        for (String asset : List.of("Fox.glb", "CesiumMan.glb", "RiggedSimple.glb")) {
            Optional<Path> file = SharedFiles.file("assets/" + asset);
            if (file.isEmpty()) {
                out.add(Arguments.of(asset + " (absent: " + SharedFiles.ABSENT + ")", null));
                continue;
            }
            for (Part p : GltfReader.read(file.get()).parts()) {
                if (p.mesh().skin() != null) {
                    out.add(Arguments.of(asset + " " + p.name(), p.mesh()));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("meshes")
    void gltfConventionRoundTrip(String name, Mesh source) {
        assumeThat(source).as(name).isNotNull();
        for (PartitionMode mode : PartitionMode.values()) {
            PartitionResult p = Partition.partition(source, LmWriteOptions.LAYA_MAX_BONES,
                    new PartitionOptions(mode, OversizeTriangles.FAIL));
            Mesh partitioned = p.mesh();
            LmWriteOptions options = LmWriteOptions.DEFAULTS.withMode(mode);
            LmWriteResult written = LayaModels.write(partitioned, options);
            assertThat(written.partitioned()).isFalse();
            assertThat(written.duplicatedVertices()).isZero();
            // the writer's own partitioning is the same as partitioning first
            LmWriteResult direct = LayaModels.write(source, options);
            assertThat(direct.partitioned()).isTrue();
            assertThat(direct.bytes()).isEqualTo(written.bytes());
            assertThat(direct.duplicatedVertices()).isEqualTo(p.report().duplicatedVertices());

            byte[] bytes = written.bytes();
            LmReadResult back = LayaModels.read(bytes, LmReadOptions.DEFAULTS.withConvention(LmConvention.GLTF));
            Mesh m = back.mesh();
            assertThat(m.positions()).containsExactly(partitioned.positions());
            assertThat(m.normals()).isEqualTo(partitioned.normals());
            assertThat(m.tangents()).isEqualTo(partitioned.tangents());
            for (int c = 0; c < Math.min(2, partitioned.uvChannelCount()); c++) {
                assertThat(m.uvs(c)).containsExactly(partitioned.uvs(c));
            }
            assertThat(m.indices()).containsExactly(partitioned.indices());
            assertThat(m.skin().boneNames()).containsExactly(partitioned.skin().boneNames());
            float[] ibmBack = m.skin().inverseBindMatricesInto(new float[16 * m.skin().paletteSize()], 0);
            float[] ibm = partitioned.skin().inverseBindMatricesInto(new float[ibmBack.length], 0);
            assertThat(ibmBack).containsExactly(ibm);
            for (int s = 0; s < m.submeshes().size(); s++) {
                assertThat(m.submeshes().get(s).draws()).isEqualTo(partitioned.submeshes().get(s).draws());
            }
            assertWeightsEqual(m.skin().weights(), partitioned.skin().weights());
            assertDrawSkinningEqualsSource(bytes, back, source, p);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("meshes")
    void unityConventionRoundTrip(String name, Mesh source) {
        assumeThat(source).as(name).isNotNull();
        LmWriteOptions unity = LmWriteOptions.DEFAULTS.withConvention(LmConvention.UNITY);
        Mesh partitioned = Partition.partition(source, LmWriteOptions.LAYA_MAX_BONES).mesh();
        byte[] bytes = LayaModels.write(partitioned, unity).bytes();
        Mesh m = LayaModels.read(bytes, LmReadOptions.DEFAULTS.withConvention(LmConvention.UNITY)).mesh();
        assertThat(m.positions()).containsExactly(partitioned.positions());
        assertThat(m.normals()).isEqualTo(partitioned.normals());
        assertThat(m.tangents()).isEqualTo(partitioned.tangents());
        assertThat(m.uvChannelCount()).isEqualTo(Math.min(2, partitioned.uvChannelCount()));
        for (int c = 0; c < m.uvChannelCount(); c++) {
            assertThat(m.uvs(c)).containsExactly(partitioned.uvs(c),
                    org.assertj.core.data.Offset.offset(UV_FLIP_TOLERANCE));
        }
        assertThat(m.indices()).containsExactly(partitioned.indices());
        float[] ibmBack = m.skin().inverseBindMatricesInto(new float[16 * m.skin().paletteSize()], 0);
        assertThat(ibmBack).containsExactly(partitioned.skin().inverseBindMatricesInto(new float[ibmBack.length], 0));
        // in the file, x is mirrored and the bind poses conjugated: the file's own reading differs
        Mesh file = LayaModels.read(bytes).mesh();
        float[] fp = file.positions();
        float[] pp = partitioned.positions();
        for (int i = 0; i < fp.length; i += 3) {
            assertThat(fp[i]).isEqualTo(-pp[i]);
        }
    }

    /** Weights identical slot by slot; joints identical wherever the slot has weight. */
    private static void assertWeightsEqual(BoneWeights back, BoneWeights source) {
        int k = source.influencesPerVertex();
        assertThat(back.vertexCount()).isEqualTo(source.vertexCount());
        for (int v = 0; v < source.vertexCount(); v++) {
            for (int c = 0; c < 4; c++) {
                float w = c < k ? source.weight(v, c) : 0f;
                assertThat(back.weight(v, c)).as("vertex %d slot %d", v, c).isEqualTo(w);
                if (w > 0) {
                    assertThat(back.joint(v, c)).as("vertex %d slot %d", v, c).isEqualTo(source.joint(v, c));
                }
            }
        }
    }

    /**
     * Skins every drawn vertex of the file as LayaAir does (u_Bones[k] = skin matrix of dictionary
     * entry k, indexed by the vertex's local BLENDINDICES read from the bytes) and compares with the
     * source vertex skinned through its palette joints, for a seeded random pose.
     */
    private static void assertDrawSkinningEqualsSource(byte[] bytes, LmReadResult back, Mesh source,
            PartitionResult p) {
        int bones = source.skin().paletteSize();
        SplitMix64 random = new SplitMix64(bones * 31L + source.vertexCount());
        double[][] palette = new double[bones][12]; // affine 3x4 rows
        for (double[] m : palette) {
            for (int i = 0; i < 12; i++) {
                m[i] = random.range(-2f, 2f);
            }
        }
        ByteBuffer le = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int dataOffset = le.getInt(16);
        int meshStart = le.getInt(26);
        int vertexAt = dataOffset + le.getInt(meshStart + 6);
        int stride = 0;
        int indicesAt = -1;
        for (LmElement e : back.declaration()) {
            if (e == LmElement.BLENDINDICES) {
                indicesAt = stride;
            }
            stride += e.bytes();
        }
        int weightsAt = indicesAt - 16;
        Mesh file = back.mesh();
        float[] pos = file.positions();
        float[] src = source.positions();
        BoneWeights sw = source.skin().weights();
        double[] a = new double[3];
        double[] b = new double[3];
        int checked = 0;
        for (Submesh s : file.submeshes()) {
            for (Draw d : s.draws()) {
                for (int i = d.firstIndex(); i < d.firstIndex() + d.indexCount(); i++) {
                    int o = file.index(i);
                    int at = vertexAt + o * stride;
                    java.util.Arrays.fill(a, 0);
                    for (int c = 0; c < 4; c++) {
                        int local = bytes[at + indicesAt + c] & 0xFF;
                        float w = le.getFloat(at + weightsAt + 4 * c);
                        if (w == 0) {
                            continue;
                        }
                        assertThat(local).isLessThan(d.paletteEntryCount()).isLessThan(LmWriteOptions.LAYA_MAX_BONES);
                        add(palette[d.paletteEntry(local)], w, pos, o, a);
                    }
                    int v = p.sourceVertex(o);
                    java.util.Arrays.fill(b, 0);
                    for (int c = 0; c < sw.influencesPerVertex(); c++) {
                        float w = sw.weight(v, c);
                        if (w != 0) {
                            add(palette[sw.joint(v, c)], w, src, v, b);
                        }
                    }
                    assertThat(a).as("vertex %d (source %d)", o, v).containsExactly(b);
                    checked++;
                }
            }
        }
        assertThat(checked).isEqualTo(file.indexCount());
    }

    private static void add(double[] m, float w, float[] p, int v, double[] out) {
        double x = p[3 * v];
        double y = p[3 * v + 1];
        double z = p[3 * v + 2];
        for (int r = 0; r < 3; r++) {
            out[r] += w * (m[4 * r] * x + m[4 * r + 1] * y + m[4 * r + 2] * z + m[4 * r + 3]);
        }
    }
}
