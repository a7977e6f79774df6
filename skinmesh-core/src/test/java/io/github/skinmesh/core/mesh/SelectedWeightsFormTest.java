package io.github.skinmesh.core.mesh;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skin;
import org.junit.jupiter.api.Test;

/**
 * Weights kept as stored whose only non-canonical vertex is left out of a selection come out
 * canonical, and say so: the form of the gathered slots, not of the source, decides.
 */
class SelectedWeightsFormTest {
    static Mesh mesh() {
        float[] p = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0};
        // vertices 0-2 canonical; vertex 3 keeps a zero-weight slot first (as stored)
        int[] joints = {0, 0, 1, 0, 0, 0, 1, 0};
        float[] weights = {1, 0, 1, 0, 1, 0, 0, 1};
        return Mesh.builder("m").positions(p).indices(new int[] {0, 1, 2, 1, 3, 2})
                .skin(Skin.of(new String[] {"a", "b"}, new float[32], BoneWeights.ofSlots(2, joints, weights)))
                .build();
    }

    @Test
    void leavingOutTheOnlyStoredVertexGivesCanonicalWeights() {
        Mesh m = mesh();
        assertThat(m.skin().weights().isCanonical()).isFalse();
        Mesh cut = Meshes.selectVertices(m, new int[] {0, 1, 2}, new int[] {0, 1, 2},
                java.util.List.of(new io.github.skinmesh.core.model.Submesh(0, 3, 0)));
        BoneWeights w = cut.skin().weights();
        assertThat(w.isCanonical()).isTrue();
        assertThat(w).isEqualTo(BoneWeights.of(2, w.joints(), w.weights()));
    }

    @Test
    void keepingTheStoredVertexKeepsItsSlots() {
        Mesh cut = Meshes.selectVertices(mesh(), new int[] {3, 0, 1}, new int[] {2, 0, 1},
                java.util.List.of(new io.github.skinmesh.core.model.Submesh(0, 3, 0)));
        BoneWeights w = cut.skin().weights();
        assertThat(w.isCanonical()).isFalse();
        assertThat(w.joints()).containsExactly(1, 0, 0, 0, 1, 0);
        assertThat(w.weights()).containsExactly(0f, 1f, 1f, 0f, 1f, 0f);
    }
}
