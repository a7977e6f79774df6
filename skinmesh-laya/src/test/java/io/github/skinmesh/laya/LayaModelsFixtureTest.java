package io.github.skinmesh.laya;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.partition.OversizeTriangles;
import io.github.skinmesh.core.partition.Partition;
import io.github.skinmesh.core.partition.PartitionMode;
import io.github.skinmesh.core.partition.PartitionOptions;
import io.github.skinmesh.core.partition.PartitionResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The four official files: what the reader finds, byte-identical rewriting, and GREEDY against the exporter. */
class LayaModelsFixtureTest {
    private static final List<LmElement> STATIC_DECLARATION = List.of(LmElement.POSITION, LmElement.NORMAL,
            LmElement.UV, LmElement.UV1, LmElement.TANGENT);
    private static final List<LmElement> SKINNED_DECLARATION = List.of(LmElement.POSITION, LmElement.NORMAL,
            LmElement.UV, LmElement.BLENDWEIGHT, LmElement.BLENDINDICES, LmElement.TANGENT);

    private static List<int[]> ranges(Mesh m) {
        List<int[]> out = new ArrayList<>();
        for (Submesh s : m.submeshes()) {
            out.add(new int[] {s.firstIndex(), s.firstIndex() + s.indexCount()});
        }
        return out;
    }

    @Test
    void cube() {
        LmReadResult r = LayaModels.read(Fixtures.bytes(Fixtures.CUBE));
        Mesh m = r.mesh();
        assertThat(r.version()).isEqualTo("LAYAMODEL:0501");
        assertThat(m.name()).isEqualTo("Cube");
        assertThat(m.vertexCount()).isEqualTo(24);
        assertThat(m.indexCount()).isEqualTo(36);
        assertThat(m.skin()).isNull();
        assertThat(ranges(m)).containsExactly(new int[] {0, 36});
        assertThat(m.hasDraws()).isFalse();
        assertThat(r.declaration()).isEqualTo(STATIC_DECLARATION);
        assertThat(m.uvChannelCount()).isEqualTo(2);
        assertThat(r.indexBytes()).isEqualTo(2);
        assertThat(r.storedBounds()).isEqualTo(new Bounds(-0.5f, -0.5f, -0.5f, 0.5f, 0.5f, 0.5f));
        // a static MESH block: 66 bytes with the exporter's 8 unused ones; header 2 + 14 + 10 + 16 + 6
        assertThat(r.blocks()).containsExactly(new LmBlock("MESH", 48, 66), new LmBlock("SUBMESH", 114, 30));
        assertThat(r.warnings()).isEmpty();
    }

    @Test
    void ceilingLightHasThreeSubmeshes() {
        LmReadResult r = LayaModels.read(Fixtures.bytes(Fixtures.CEILING));
        Mesh m = r.mesh();
        assertThat(m.vertexCount()).isEqualTo(64);
        assertThat(m.indexCount()).isEqualTo(108);
        assertThat(ranges(m)).containsExactly(new int[] {0, 96}, new int[] {96, 102}, new int[] {102, 108});
        assertThat(m.submeshes()).extracting(Submesh::materialIndex).containsExactly(0, 1, 2);
        assertThat(r.blocks()).extracting(LmBlock::name).containsExactly("MESH", "SUBMESH", "SUBMESH", "SUBMESH");
        assertThat(m.hasDraws()).isFalse();
        assertThat(r.declaration()).isEqualTo(STATIC_DECLARATION);
        assertThat(r.warnings()).isEmpty();
    }

    @Test
    void monkey() {
        LmReadResult r = LayaModels.read(Fixtures.bytes(Fixtures.MONKEY));
        Mesh m = r.mesh();
        assertThat(m.vertexCount()).isEqualTo(1124);
        assertThat(m.indexCount()).isEqualTo(4428);
        assertThat(m.skin().paletteSize()).isEqualTo(19);
        assertThat(ranges(m)).containsExactly(new int[] {0, 4428});
        assertThat(m.submeshes().get(0).draws()).containsExactly(
                Draw.of(0, 4428, 7, 8, 6, 0, 3, 2, 1, 9, 10, 4, 5, 11, 13, 14, 12, 15, 16, 17, 18));
        assertThat(r.declaration()).isEqualTo(SKINNED_DECLARATION);
        Bounds b = r.storedBounds();
        assertThat(new float[] {b.minX(), b.minY(), b.minZ(), b.maxX(), b.maxY(), b.maxZ()})
                .containsExactly(new float[] {-1.91237f, -1.14206f, 0.05779f, 1.91237f, 1.12052f, 3.73566f},
                        org.assertj.core.data.Offset.offset(1e-5f));
        assertThat(r.warnings()).isEmpty();
    }

    @Test
    void dajiaHasTwoDraws() {
        LmReadResult r = LayaModels.read(Fixtures.bytes(Fixtures.DAJIA));
        Mesh m = r.mesh();
        assertThat(m.vertexCount()).isEqualTo(470);
        assertThat(m.indexCount()).isEqualTo(1776);
        assertThat(m.skin().paletteSize()).isEqualTo(25);
        assertThat(ranges(m)).containsExactly(new int[] {0, 1776});
        assertThat(m.submeshes().get(0).draws()).containsExactly(
                Draw.of(0, 1728, 0, 1, 7, 6, 4, 3, 8, 5, 17, 16, 2, 9, 10, 11, 12, 13, 14, 15, 18, 19, 20, 21, 22, 23),
                Draw.of(1728, 48, 22, 0, 24));
        assertThat(r.declaration()).isEqualTo(SKINNED_DECLARATION);
        assertThat(r.indexBytes()).isEqualTo(2);
        assertThat(r.warnings()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {Fixtures.CUBE, Fixtures.CEILING, Fixtures.MONKEY, Fixtures.DAJIA})
    void writingWhatWasReadGivesTheFileBack(String name) {
        byte[] file = Fixtures.bytes(name);
        LmReadResult r = LayaModels.read(file);
        LmWriteResult w = LayaModels.write(r.mesh(), r.rewriteOptions());
        assertThat(w.bytes()).isEqualTo(file);
        assertThat(w.partitioned()).isFalse();
        assertThat(w.duplicatedVertices()).isZero();
        assertThat(LayaModels.write(r.mesh(), r.rewriteOptions()).bytes()).isEqualTo(file);
    }

    @ParameterizedTest
    @ValueSource(strings = {Fixtures.CUBE, Fixtures.CEILING, Fixtures.MONKEY, Fixtures.DAJIA})
    void rewriteOptionsWriteTheFileBackFromEveryConvention(String name) {
        byte[] file = Fixtures.bytes(name);
        LmReadResult gltf = LayaModels.read(file, LmReadOptions.DEFAULTS.withConvention(LmConvention.GLTF));
        assertThat(gltf.convention()).isEqualTo(LmConvention.GLTF);
        assertThat(LayaModels.write(gltf.mesh(), gltf.rewriteOptions()).bytes()).isEqualTo(file);
        // UNITY: x and the bounds mirrored back exactly; v through 1 - (1 - v), which may round
        LmReadResult unity = LayaModels.read(file, LmReadOptions.DEFAULTS.withConvention(LmConvention.UNITY));
        assertThat(unity.rewriteOptions().convention()).isEqualTo(LmConvention.UNITY);
        LmReadResult back = LayaModels.read(LayaModels.write(unity.mesh(), unity.rewriteOptions()).bytes());
        LmReadResult original = LayaModels.read(file);
        Mesh b = back.mesh();
        Mesh o = original.mesh();
        assertThat(back.storedBounds()).isEqualTo(original.storedBounds());
        assertThat(b.positions()).isEqualTo(o.positions());
        assertThat(b.normals()).isEqualTo(o.normals());
        assertThat(b.tangents()).isEqualTo(o.tangents());
        assertThat(b.indices()).isEqualTo(o.indices());
        assertThat(b.submeshes()).isEqualTo(o.submeshes());
        assertThat(b.uvs(0)).containsExactly(o.uvs(0), org.assertj.core.data.Offset.offset(1e-6f));
        if (o.skin() != null) {
            int bones = o.skin().paletteSize();
            assertThat(b.skin().inverseBindMatricesInto(new float[16 * bones], 0))
                    .isEqualTo(o.skin().inverseBindMatricesInto(new float[16 * bones], 0));
            assertThat(b.skin().weights()).isEqualTo(o.skin().weights());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {Fixtures.MONKEY, Fixtures.DAJIA})
    void greedyPartitioningReproducesTheExporter(String name) {
        byte[] file = Fixtures.bytes(name);
        Mesh read = LayaModels.read(file).mesh();
        Mesh undone = withoutDuplicates(read);
        assertThat(undone.hasDraws()).isFalse();
        PartitionResult p = Partition.partition(undone, LmWriteOptions.LAYA_MAX_BONES,
                new PartitionOptions(PartitionMode.GREEDY, OversizeTriangles.FAIL));
        Mesh greedy = p.mesh();
        assertThat(greedy.submeshes()).hasSameSizeAs(read.submeshes());
        for (int s = 0; s < read.submeshes().size(); s++) {
            assertThat(greedy.submeshes().get(s).draws()).isEqualTo(read.submeshes().get(s).draws());
        }
        assertThat(greedy.vertexCount()).isEqualTo(read.vertexCount());
        // and the writer, partitioning the undone mesh itself, lays it out as the exporter did: the
        // triangles of each draw, the copies of shared vertices in the order they were made, the
        // local bone slots, byte for byte
        LmReadResult r = LayaModels.read(file);
        LmWriteOptions greedyOptions = r.rewriteOptions().withDraws(LmDraws.PARTITION).withMode(PartitionMode.GREEDY)
                .withMaxBones(LmWriteOptions.LAYA_MAX_BONES);
        LmWriteResult written = LayaModels.write(undone, greedyOptions);
        assertThat(written.partitioned()).isTrue();
        assertThat(written.bytes()).isEqualTo(file);
    }

    /**
     * The file's mesh as the exporter saw it: the draws dropped (their dictionaries are already
     * undone: joints are palette indices) and every vertex that repeats an earlier one in every
     * stream and bone slot merged into it.
     */
    private static Mesh withoutDuplicates(Mesh m) {
        int n = m.vertexCount();
        float[] p = m.positions();
        float[] nrm = m.normals();
        float[] t = m.tangents();
        float[] uv = m.uvs(0);
        int[] j = m.skin().weights().joints();
        float[] w = m.skin().weights().weights();
        Map<String, Integer> first = new HashMap<>();
        int[] oldToNew = new int[n];
        List<Integer> kept = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            String key = Arrays.toString(Arrays.copyOfRange(p, 3 * v, 3 * v + 3))
                    + Arrays.toString(Arrays.copyOfRange(nrm, 3 * v, 3 * v + 3))
                    + Arrays.toString(Arrays.copyOfRange(t, 4 * v, 4 * v + 4))
                    + Arrays.toString(Arrays.copyOfRange(uv, 2 * v, 2 * v + 2))
                    + Arrays.toString(Arrays.copyOfRange(j, 4 * v, 4 * v + 4))
                    + Arrays.toString(Arrays.copyOfRange(w, 4 * v, 4 * v + 4));
            Integer f = first.get(key);
            if (f == null) {
                first.put(key, kept.size());
                oldToNew[v] = kept.size();
                kept.add(v);
            } else {
                oldToNew[v] = f;
            }
        }
        int[] idx = m.indices();
        for (int i = 0; i < idx.length; i++) {
            idx[i] = oldToNew[idx[i]];
        }
        List<Submesh> subs = new ArrayList<>();
        for (Submesh s : m.submeshes()) {
            subs.add(s.withDraws(List.of()));
        }
        return io.github.skinmesh.core.mesh.Meshes.selectVertices(m,
                kept.stream().mapToInt(Integer::intValue).toArray(), idx, subs);
    }
}
