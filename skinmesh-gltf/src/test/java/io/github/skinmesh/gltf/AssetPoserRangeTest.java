package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.AnimationClip;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Legal glTF whose numbers reach the edges of the float range, read by {@link GltfReader} and
 * posed by {@link AssetPoser}: a zero scale on the skinned node or on an ancestor, a scale of
 * 3.4e38, scale keys of 1e38. Each either poses to finite positions or fails naming the node
 * and the value; nothing is written as NaN or infinity.
 */
class AssetPoserRangeTest {
    /** Node indices of {@link TestGltf#minimalSkinned()}. */
    static final int ROOT = 0;
    static final int JOINT = 1;
    static final int BODY = 2;

    static ObjectNode node(TestGltf g, int node) {
        return (ObjectNode) g.array("nodes").get(node);
    }

    /** The minimal skinned document with its skinned node "body" scaled to zero. */
    static TestGltf zeroScaleOnTheSkinnedNode() {
        TestGltf g = TestGltf.minimalSkinned();
        TestGltf.nums(node(g, BODY), "scale", 0, 0, 0);
        return g;
    }

    /** The minimal skinned document with "body" moved under "root", and "root" scaled to zero. */
    static TestGltf zeroScaleOnAnAncestor() {
        TestGltf g = TestGltf.minimalSkinned();
        TestGltf.ints(node(g, ROOT), "children", JOINT, BODY);
        TestGltf.ints((ObjectNode) g.array("scenes").get(0), "nodes", ROOT);
        TestGltf.nums(node(g, ROOT), "scale", 0, 0, 0);
        return g;
    }

    /** The minimal skinned document with "root" scaled by 3.4e38 and a vertex two units out. */
    static TestGltf hugeScale() {
        TestGltf g = TestGltf.minimalSkinned();
        TestGltf.nums(node(g, ROOT), "scale", 3.4e38f, 3.4e38f, 3.4e38f);
        int positions = g.floats("VEC3", 0, 0, 0, 2, 0, 0, 0, 1, 0);
        ((ObjectNode) g.array("meshes").get(0).get("primitives").get(0).get("attributes")).put("POSITION", positions);
        return g;
    }

    /** The minimal skinned document with a clip "grow" keying the scale of "root" and of "joint" to 1e38. */
    static TestGltf hugeKeys() {
        TestGltf g = TestGltf.minimalSkinned();
        int input = g.floats("SCALAR", 0, 1);
        ObjectNode a = g.add("animations").put("name", "grow");
        for (int target : new int[] {ROOT, JOINT}) {
            int output = g.floats("VEC3", 1, 1, 1, 1e38f, 1e38f, 1e38f);
            int sampler = a.withArray("samplers").size();
            a.withArray("samplers").addObject().put("input", input).put("output", output);
            a.withArray("channels").addObject().put("sampler", sampler).putObject("target").put("node", target)
                    .put("path", "scale");
        }
        return g;
    }

    static GltfAsset read(TestGltf g) {
        return GltfReader.read(g.glb(), "range.glb", ResourceResolver.none());
    }

    static void assertFinite(float[] values) {
        for (int i = 0; i < values.length; i++) {
            assertThat(Float.isFinite(values[i])).as("value %d is %s", i, values[i]).isTrue();
        }
    }

    @Test
    void aZeroScaleOnTheSkinnedNodeLeavesNoModelSpaceButPosesInWorldSpace() {
        GltfAsset asset = read(zeroScaleOnTheSkinnedNode());
        AssetPoser poser = AssetPoser.bind(asset);
        assertThatThrownBy(() -> poser.pose(null, 0, PoseSpace.MODEL)).isInstanceOf(ValidationException.class)
                .hasMessage("AssetPoser: rest pose: nodes[2] 'body' cannot be the space of its positions (model "
                        + "space, PoseSpace.MODEL): its world matrix is singular (determinant 0): nodes[2] itself "
                        + "scales its axes by (0.0, 0.0, 0.0); world space (PoseSpace.WORLD) poses it");
        // glTF ignores the skinned node's transform when skinning: world space is the unscaled file's
        float[] world = poser.pose(null, 0, PoseSpace.WORLD).get(0);
        assertThat(world).containsExactly(AssetPoser.bind(read(TestGltf.minimalSkinned()))
                .pose(null, 0, PoseSpace.WORLD).get(0));
    }

    @Test
    void aZeroScaleOnAnAncestorCollapsesTheVerticesAndNamesTheAncestorInModelSpace() {
        GltfAsset asset = read(zeroScaleOnAnAncestor());
        AssetPoser poser = AssetPoser.bind(asset);
        assertThat(poser.pose(null, 0, PoseSpace.WORLD).get(0)).containsOnly(0f);
        float[] dst = {7, 7, 7, 7, 7, 7, 7, 7, 7};
        assertThatThrownBy(() -> poser.poseInto(null, 0, PoseSpace.MODEL, dst, 0))
                .isInstanceOf(ValidationException.class)
                .hasMessage("AssetPoser: rest pose: nodes[2] 'body' cannot be the space of its positions (model "
                        + "space, PoseSpace.MODEL): its world matrix is singular (determinant 0): nodes[0] 'root' "
                        + "scales its axes by (0.0, 0.0, 0.0); world space (PoseSpace.WORLD) poses it");
        assertThat(dst).as("nothing written").containsOnly(7f);
    }

    @Test
    void aScaleOf3e38ThatOverflowsAVertexNamesTheNodeAndTheScale() {
        GltfAsset asset = read(hugeScale());
        AssetPoser poser = AssetPoser.bind(asset);
        for (PoseSpace space : PoseSpace.values()) {
            assertThatThrownBy(() -> poser.pose(null, 0, space)).as("%s", space)
                    .isInstanceOf(ValidationException.class)
                    .hasMessageStartingWith("CharacterPoser: rest pose: part 'body': vertex 1 position is (")
                    .hasMessageContaining("bone 'root', translation (0.0, 0.0, 0.0), scale (3.4E38, 3.4E38, 3.4E38)");
        }
    }

    @Test
    void keysOf1e38NameTheNodeWhoseMatrixOverflows() {
        GltfAsset asset = read(hugeKeys());
        AssetPoser poser = AssetPoser.bind(asset);
        AnimationClip grow = asset.clip("grow");
        assertFinite(poser.pose(grow, 0, PoseSpace.MODEL).get(0));
        for (PoseSpace space : PoseSpace.values()) {
            assertThatThrownBy(() -> poser.pose(grow, 1, space)).as("%s", space)
                    .isInstanceOf(ValidationException.class)
                    .hasMessage("CharacterPoser: clip 'grow' at 1.0 s: bone 'joint' has a model matrix outside the "
                            + "float range (a value of Infinity): its local translation (0.0, 1.0, 0.0), rotation "
                            + "(0.0, 0.0, 0.0, 1.0), scale (1.0E38, 1.0E38, 1.0E38), under bone 'root' whose model "
                            + "matrix reaches 1.0E38");
        }
    }

    /**
     * A node scaled by 1e30 has a determinant of 1e90, which a float inverse overflows: the
     * inverse is computed in double and the positions, about 1e-30 in its space, come out finite.
     */
    @Test
    void aHugeButInvertibleNodeScaleStillHasAModelSpace() {
        TestGltf g = TestGltf.minimalSkinned();
        TestGltf.nums(node(g, BODY), "scale", 1e30f, 1e30f, 1e30f);
        AssetPoser poser = AssetPoser.bind(read(g));
        float[] model = poser.pose(null, 0, PoseSpace.MODEL).get(0);
        float[] world = poser.pose(null, 0, PoseSpace.WORLD).get(0);
        assertFinite(model);
        for (int i = 0; i < model.length; i++) {
            assertThat(model[i]).isCloseTo(world[i] * 1e-30f, org.assertj.core.data.Offset.offset(1e-35f));
        }
    }

    @Test
    void aTinyNodeScaleWhoseSpaceOverflowsNamesTheVertex() {
        TestGltf g = TestGltf.minimalSkinned();
        TestGltf.nums(node(g, BODY), "scale", 1e-38f, 1e-38f, 1e-38f);
        int positions = g.floats("VEC3", 0, 0, 0, 5, 0, 0, 0, 1, 0);
        ((ObjectNode) g.array("meshes").get(0).get("primitives").get(0).get("attributes")).put("POSITION", positions);
        AssetPoser poser = AssetPoser.bind(read(g));
        List<float[]> world = poser.pose(null, 0, PoseSpace.WORLD);
        assertFinite(world.get(0));
        assertThatThrownBy(() -> poser.pose(null, 0, PoseSpace.MODEL)).isInstanceOf(ValidationException.class)
                .hasMessage("AssetPoser: rest pose: nodes[2] 'body': vertex 1 of its mesh is (Infinity, 0.0, 0.0) "
                        + "in the node's own space (model space, PoseSpace.MODEL), outside the float range: the "
                        + "inverse of its world matrix reaches 1.0000001E38, its posed positions 5.0; world space "
                        + "(PoseSpace.WORLD) poses it");
    }

    @Test
    void aNodeScaleWhoseInverseDoesNotFitAFloatIsNamed() {
        TestGltf g = TestGltf.minimalSkinned();
        TestGltf.nums(node(g, BODY), "scale", 1e-39f, 1e-39f, 1e-39f);
        AssetPoser poser = AssetPoser.bind(read(g));
        assertFinite(poser.pose(null, 0, PoseSpace.WORLD).get(0));
        assertThatThrownBy(() -> poser.pose(null, 0, PoseSpace.MODEL)).isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("AssetPoser: rest pose: nodes[2] 'body' cannot be the space of its positions "
                        + "(model space, PoseSpace.MODEL): its world matrix has determinant ")
                .hasMessageEndingWith(", too close to singular for its inverse to fit a float; world space "
                        + "(PoseSpace.WORLD) poses it");
    }
}
