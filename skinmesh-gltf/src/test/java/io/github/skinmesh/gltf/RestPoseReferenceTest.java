package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.testkit.SharedFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.joml.Matrix4f;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

/**
 * Checks that the asset model carries what skinning needs: a naive linear blend skinning of the
 * imported CesiumMan at its rest pose (every node at its own transform), expressed in the skinned
 * node's space, {@code inverse(model(nodeBone) * nodeMatrix) * sum_i w_i * model(joint_i) * IBM_i *
 * p}, matches the independent reference positions of the shared folder.
 */
class RestPoseReferenceTest {
    /** The reference's agreement bound for a float32 implementation, relative to the bounds' diagonal. */
    static final float RELATIVE_TOLERANCE = 1e-5f;

    @Test
    void cesiumManRestPoseMatchesTheReference() throws IOException {
        Optional<Path> glb = SharedFiles.file("assets/CesiumMan.glb");
        Optional<Path> ref = SharedFiles.file("assets/reference/CesiumMan.rest.model.bin");
        assumeTrue(glb.isPresent() && ref.isPresent(), SharedFiles.ABSENT);
        GltfAsset asset = GltfReader.read(glb.get());
        PartSource man = asset.source(0);
        Mesh mesh = asset.parts().get(0).mesh();
        Skeleton s = asset.skeleton();
        float[] model = s.restModelMatricesInto(new float[16 * s.boneCount()], 0);
        Matrix4f node = new Matrix4f();
        if (man.nodeBone() != Index.NONE) {
            node.set(model, 16 * man.nodeBone());
        }
        node.mul(man.nodeMatrix(new Matrix4f()));
        Matrix4f toNode = new Matrix4f(node).invert();
        Skin skin = mesh.skin();
        int[] bones = skin.bind(s);
        Matrix4f[] palette = new Matrix4f[skin.paletteSize()];
        for (int e = 0; e < palette.length; e++) {
            palette[e] = new Matrix4f().set(model, 16 * bones[e]).mul(skin.inverseBindMatrix(e, new Matrix4f()));
        }
        float[] pos = mesh.positions();
        BoneWeights w = skin.weights();
        ByteBuffer expected = ByteBuffer.wrap(Files.readAllBytes(ref.get())).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(expected.capacity()).isEqualTo(12 * mesh.vertexCount());
        float diagonal = mesh.bounds().diagonal();
        float worst = 0;
        Vector3f acc = new Vector3f();
        Vector3f tmp = new Vector3f();
        for (int v = 0; v < mesh.vertexCount(); v++) {
            float sum = 0;
            for (int k = 0; k < w.influencesPerVertex(); k++) {
                sum += w.weight(v, k);
            }
            acc.zero();
            for (int k = 0; k < w.influencesPerVertex(); k++) {
                float wk = w.weight(v, k) / sum;
                if (wk > 0) {
                    palette[w.joint(v, k)].transformPosition(pos[3 * v], pos[3 * v + 1], pos[3 * v + 2], tmp);
                    acc.fma(wk, tmp);
                }
            }
            toNode.transformPosition(acc);
            worst = Math.max(worst, acc.distance(expected.getFloat(12 * v), expected.getFloat(12 * v + 4),
                    expected.getFloat(12 * v + 8)));
        }
        assertThat(worst).isLessThan(RELATIVE_TOLERANCE * diagonal);
    }
}
