package io.github.skinmesh.laya;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The writer's layout paths besides the partitioned mesh's: draws of the mesh's own that share
 * vertices (the shared vertices are copied for the later draw) and submeshes that do not cover the
 * indices in order (their ranges are concatenated in submesh order).
 */
class LayaModelsSharedDrawsTest {
    private static final LmWriteOptions LAYA = LmWriteOptions.DEFAULTS.withConvention(LmConvention.LAYA);

    /** A quad whose triangles (0, 1, 2) and (0, 2, 3) bind bones {0, 1} and {0, 2}; 2 slots per vertex. */
    private static Mesh quad(List<Submesh> submeshes, int[] indices) {
        float[] ibm = new float[48];
        for (int m = 0; m < 3; m++) {
            ibm[16 * m] = ibm[16 * m + 5] = ibm[16 * m + 10] = ibm[16 * m + 15] = 1;
        }
        Mesh.Builder b = Mesh.builder("Quad")
                .positions(new float[] {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0})
                .indices(indices)
                .skin(Skin.of(new String[] {"A", "B", "C"}, ibm, BoneWeights.of(2, new int[] {0, 0, 1, 0, 0, 0, 2, 0},
                        new float[] {1, 0, 1, 0, 1, 0, 1, 0})));
        submeshes.forEach(b::addSubmesh);
        return b.build();
    }

    @Test
    void verticesSharedByTheMeshsOwnDrawsAreCopiedForTheLaterDraw() {
        Mesh mesh = quad(List.of(new Submesh(0, 6, 0, List.of(Draw.of(0, 3, 0, 1), Draw.of(3, 3, 2, 0)))),
                new int[] {0, 1, 2, 0, 2, 3});
        LmWriteResult w = LayaModels.write(mesh, LAYA);
        assertThat(w.partitioned()).isFalse();
        assertThat(w.vertexCount()).isEqualTo(6);
        assertThat(w.duplicatedVertices()).isEqualTo(2);
        Mesh back = LayaModels.read(w.bytes()).mesh();
        // the copies of vertices 0 and 2 are appended in order of first need: 0 -> 4, 2 -> 5
        assertThat(back.indices()).containsExactly(0, 1, 2, 4, 5, 3);
        float[] p = back.positions();
        assertThat(Arrays.copyOfRange(p, 12, 18)).containsExactly(0, 0, 0, 1, 1, 0);
        int[] joints = back.skin().weights().joints();
        // vertex 3 and the copies resolve through the second draw's dictionary [2, 0]
        assertThat(Arrays.copyOfRange(joints, 0, 24)).containsExactly(0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0);
        assertThat(back.submeshes().get(0).draws()).containsExactly(Draw.of(0, 3, 0, 1), Draw.of(3, 3, 2, 0));
        // read and written back as it was read: the same file
        LmReadResult r = LayaModels.read(w.bytes());
        assertThat(LayaModels.write(r.mesh(), r.rewriteOptions()).bytes()).isEqualTo(w.bytes());
    }

    @Test
    void theIndexWidthFollowsTheVertexCountAfterSplitting() {
        // 65,535 vertices, triangles (0, 1, 2) on bone 0 and (2, 3, 4) on bones 1 and 0 in draws of
        // their own: vertex 2 is copied for the second draw, which makes 65,536 vertices and 32-bit indices
        // (LayaAir's exporter kept 16-bit indices there, and the loader read the file wrong)
        int n = 65535;
        float[] positions = new float[3 * n];
        for (int v = 0; v < n; v++) {
            positions[3 * v] = v;
        }
        int[] joints = new int[n];
        java.util.Arrays.fill(joints, 3, 5, 1);
        float[] weights = new float[n];
        java.util.Arrays.fill(weights, 1);
        float[] ibm = new float[32];
        ibm[0] = ibm[5] = ibm[10] = ibm[15] = ibm[16] = ibm[21] = ibm[26] = ibm[31] = 1;
        Mesh two = Mesh.builder("Wide").positions(positions).indices(new int[] {0, 1, 2, 2, 3, 4})
                .addSubmesh(new Submesh(0, 6, 0, List.of(Draw.of(0, 3, 0), Draw.of(3, 3, 1, 0))))
                .skin(Skin.of(new String[] {"a", "b"}, ibm, BoneWeights.of(1, joints, weights))).build();
        LmWriteResult w = LayaModels.write(two, LAYA);
        assertThat(w.vertexCount()).isEqualTo(65536);
        assertThat(w.indexBytes()).isEqualTo(4);
        LmReadResult r = LayaModels.read(w.bytes());
        assertThat(r.indexBytes()).isEqualTo(4);
        assertThat(r.mesh().indices()).containsExactly(0, 1, 2, 65535, 3, 4);
        assertThat(Arrays.copyOfRange(r.mesh().positions(), 3 * 65535, 3 * 65536)).containsExactly(2, 0, 0);
        // the index data: 6 indices of 4 bytes, the last region before the bind poses
        ByteBuffer le = ByteBuffer.wrap(w.bytes()).order(ByteOrder.LITTLE_ENDIAN);
        int mesh = le.getInt(26);
        assertThat(le.getInt(mesh + 20)).as("index data bytes").isEqualTo(24);
        assertThat(le.getInt(le.getInt(16) + le.getInt(mesh + 16) + 12)).isEqualTo(65535);
        // one vertex fewer and no copy: 16-bit
        Mesh one = two.toBuilder().clearSubmeshes()
                .addSubmesh(new Submesh(0, 6, 0, List.of(Draw.of(0, 6, 0, 1)))).build();
        LmWriteResult narrow = LayaModels.write(one, LAYA);
        assertThat(narrow.vertexCount()).isEqualTo(65535);
        assertThat(narrow.indexBytes()).isEqualTo(2);
        assertThat(LayaModels.read(narrow.bytes()).mesh().indices()).containsExactly(0, 1, 2, 2, 3, 4);
    }

    @Test
    void anEmptySubmeshKeepsItsPlaceAndItsOneEmptyDraw() {
        Mesh skinned = quad(List.of(new Submesh(0, 3, 0, List.of(Draw.of(0, 3, 0, 1))), new Submesh(3, 0, 0),
                new Submesh(3, 3, 0, List.of(Draw.of(3, 3, 0, 2)))), new int[] {0, 1, 2, 0, 2, 3});
        Mesh still = skinned.toBuilder().skin(null).clearSubmeshes().addSubmesh(0, 3, 0).addSubmesh(3, 0, 0)
                .addSubmesh(3, 3, 0).build();
        for (Mesh m : List.of(skinned, still)) {
            byte[] file = LayaModels.write(m, LAYA).bytes();
            ByteBuffer le = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
            int second = le.getInt(2 + 14 + 10 + 16); // block 2, the empty submesh
            // first index 3, no indices, one draw over no indices, an empty dictionary
            assertThat(new int[] {le.getInt(second + 4), le.getInt(second + 8), le.getShort(second + 12),
                le.getInt(second + 14), le.getInt(second + 18), le.getInt(second + 26)})
                    .as(m.skin() == null ? "static" : "skinned").containsExactly(3, 0, 1, 3, 0, 0);
            LmReadResult r = LayaModels.read(file);
            assertThat(r.mesh().submeshes()).extracting(Submesh::firstIndex, Submesh::indexCount)
                    .containsExactly(tuple(0, 3), tuple(3, 0), tuple(3, 3));
            assertThat(r.mesh().submeshes().get(1).draws()).isEmpty();
            assertThat(LayaModels.write(r.mesh(), r.rewriteOptions()).bytes()).isEqualTo(file);
        }
    }

    @Test
    void submeshesOutOfIndexOrderAreWrittenInSubmeshOrder() {
        Submesh second = new Submesh(3, 3, 0, List.of(Draw.of(3, 3, 2, 0)));
        Submesh first = new Submesh(0, 3, 0, List.of(Draw.of(0, 3, 0, 1)));
        Mesh mesh = quad(List.of(second, first), new int[] {0, 1, 2, 0, 2, 3});
        LmWriteResult w = LayaModels.write(mesh, LAYA);
        Mesh back = LayaModels.read(w.bytes()).mesh();
        // submesh 0 of the file holds the triangle (0, 2, 3), submesh 1 the triangle (0, 1, 2) on copies of 0 and 2
        assertThat(back.submeshes()).extracting(Submesh::firstIndex, Submesh::indexCount)
                .containsExactly(tuple(0, 3), tuple(3, 3));
        assertThat(back.indices()).containsExactly(0, 2, 3, 4, 1, 5);
        assertThat(Arrays.copyOfRange(back.positions(), 12, 18)).containsExactly(0, 0, 0, 1, 1, 0);
    }
}
