package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.gltf.internal.JsonCost;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

/**
 * What the read budget counts besides decoded arrays: the JSON tree (estimated before it is
 * built) and, per node with a mesh, what posing that node takes; so a small file cannot make
 * reading or posing allocate many times its size, as a 540 KB file instancing one skinned mesh on
 * 2,000 nodes did (643 MB to pose).
 */
class ReadBudgetTest {
    private static final Pattern POSING = Pattern.compile("nodes\\[(\\d+)]: posing meshes\\[0] \\((\\d+) vertices, "
            + "instance (\\d+)\\) needs (\\d+) bytes, more than the file's (\\d+) bytes can describe \\(budget 16 x "
            + "input size, (\\d+) bytes left\\)");

    /** Two bones, "root" and "arm" one unit up. */
    static Skeleton skeleton() {
        Skeleton.Builder b = Skeleton.builder("crowd");
        int root = b.addBone("root", Skeleton.NO_PARENT);
        b.addBone("arm", root, new Vector3f(0, 1, 0), new Quaternionf(), new Vector3f(1));
        return b.build();
    }

    /** A grid of {@code side x side} vertices in the xy plane, skinned to both bones by height. */
    static Mesh grid(int side) {
        int n = side * side;
        float[] positions = new float[3 * n];
        float[] normals = new float[3 * n];
        int[] joints = new int[2 * n];
        float[] weights = new float[2 * n];
        for (int v = 0; v < n; v++) {
            float y = (v / side) / (float) side;
            positions[3 * v] = (v % side) / (float) side;
            positions[3 * v + 1] = y;
            normals[3 * v + 2] = 1;
            joints[2 * v + 1] = 1;
            weights[2 * v] = 1 - y;
            weights[2 * v + 1] = y;
        }
        int[] indices = new int[6 * (side - 1) * (side - 1)];
        int i = 0;
        for (int r = 0; r < side - 1; r++) {
            for (int c = 0; c < side - 1; c++) {
                int a = r * side + c;
                int[] quad = {a, a + 1, a + side, a + 1, a + side + 1, a + side};
                System.arraycopy(quad, 0, indices, i, 6);
                i += 6;
            }
        }
        float[] ibm = new float[32];
        new Matrix4f().get(ibm, 0);
        new Matrix4f().translation(0, -1, 0).get(ibm, 16);
        return Mesh.builder("grid").positions(positions).normals(normals).indices(indices)
                .skin(Skin.of(new String[] {"root", "arm"}, ibm, BoneWeights.of(2, joints, weights))).build();
    }

    /**
     * A GLB whose {@code instances} skinned nodes all use one mesh (the writer writes a mesh shared
     * by parts once), optionally as rigid parts on "arm" with a transform of their own.
     */
    static byte[] crowd(int instances, int side, boolean rigidWithTransform) {
        Skeleton skeleton = skeleton();
        Mesh mesh = grid(side);
        Mesh rigid = rigidWithTransform ? mesh.toBuilder().skin(null).build() : null;
        List<Part> parts = new ArrayList<>();
        for (int k = 0; k < instances; k++) {
            parts.add(rigid == null ? Part.of("i" + k, mesh)
                    : Part.of("i" + k, rigid, "arm", new Matrix4f().translation(k, 0, 0)));
        }
        return GltfWriter.toGlb(Character.of("crowd", skeleton, parts, List.of()));
    }

    /** The 2,000-instance file of the report: about 540 KB, 7,396 vertices a node, 14.8 million posed. */
    @Test
    void twoThousandInstancesOfOneMeshAreRejectedByTheBudgetBeforePosingAllocatesThem() {
        byte[] glb = crowd(2000, 86, false);
        assertThat(glb.length).isBetween(400_000, 700_000);
        Throwable e = org.assertj.core.api.Assertions.catchThrowable(() -> GltfReader.read(glb, "crowd.glb",
                ResourceResolver.none()));
        assertThat(e).isInstanceOf(FormatException.class);
        Matcher m = POSING.matcher(e.getMessage());
        assertThat(m.matches()).as(e.getMessage()).isTrue();
        long vertices = Long.parseLong(m.group(2));
        int instance = Integer.parseInt(m.group(3));
        long needs = Long.parseLong(m.group(4));
        long left = Long.parseLong(m.group(6));
        assertThat(vertices).isEqualTo(86 * 86);
        assertThat(Long.parseLong(m.group(5))).isEqualTo(glb.length);
        assertThat(needs).isEqualTo(PartImport.partBytes(grid(86), 1, false)).isGreaterThan(left);
        // each instance costs its posed positions: the budget admits about (16 x size) / (12 x vertices) of them
        long budget = 16L * glb.length + GltfDocument.BUDGET_SLACK;
        assertThat(instance).isBetween((int) (budget / needs / 2), (int) (budget / needs) + 1);
        assertThat(Integer.parseInt(m.group(1))).as("the node of that instance").isGreaterThanOrEqualTo(instance);
    }

    /** Raising the factor reads such a crowd, and every instance poses like the first. */
    @Test
    void aLargerFactorReadsACrowdAndEveryInstancePosesAlike() {
        byte[] glb = crowd(2000, 8, false);
        assertThatThrownBy(() -> GltfReader.read(glb, "crowd.glb", ResourceResolver.none()))
                .isInstanceOf(FormatException.class).hasMessageContaining("posing meshes[0] (64 vertices, instance ");
        long needed = 2000 * PartImport.partBytes(grid(8), 1, false);
        int factor = 2 * (int) (needed / glb.length) + 16; // the JSON tree and the nodes come on top
        GltfAsset asset = GltfReader.read(glb, "crowd.glb", ResourceResolver.none(),
                GltfReadOptions.DEFAULTS.withMemoryFactor(factor));
        assertThat(asset.parts()).hasSize(2000);
        assertThat(asset.parts().get(0).mesh()).isSameAs(asset.parts().get(1999).mesh());
        List<float[]> posed = AssetPoser.bind(asset).pose(null, 0, PoseSpace.MODEL);
        assertThat(posed).hasSize(2000);
        assertThat(posed.get(1999)).containsExactly(posed.get(0));
    }

    /** A rigid instance with its own transform also costs the transformed copy the poser bakes, so fewer fit. */
    @Test
    void rigidInstancesWithTransformsCostTheirTransformedCopy() {
        int skinnedAt = rejectedInstance(crowd(2000, 40, false));
        int rigidAt = rejectedInstance(crowd(2000, 40, true));
        assertThat(rigidAt).isLessThan(skinnedAt);
    }

    private static int rejectedInstance(byte[] glb) {
        Throwable e = org.assertj.core.api.Assertions.catchThrowable(() -> GltfReader.read(glb, "crowd.glb",
                ResourceResolver.none()));
        assertThat(e).isInstanceOf(FormatException.class);
        Matcher m = Pattern.compile("instance (\\d+)").matcher(e.getMessage());
        assertThat(m.find()).as(e.getMessage()).isTrue();
        return Integer.parseInt(m.group(1));
    }

    /**
     * {@code [{},{},...]} in {@code extras}: about 85 bytes of Jackson tree per 3 bytes of JSON. The
     * estimate fails the read before the tree is built; the same document reads with a larger factor.
     */
    @Test
    void aJsonTreeLargerThanTheBudgetIsRefusedBeforeItIsBuilt() {
        StringBuilder json = new StringBuilder("{\"asset\":{\"version\":\"2.0\"},\"extras\":[");
        int count = 600_000;
        for (int i = 0; i < count; i++) {
            json.append(i == 0 ? "{}" : ",{}");
        }
        byte[] bytes = json.append("]}").toString().getBytes(StandardCharsets.UTF_8);
        JsonCost.Estimate estimate = JsonCost.of(bytes, 0, bytes.length);
        assertThat(estimate.values()).as("the root, asset, its version, extras and its objects").isEqualTo(count + 4);
        long budget = 16L * bytes.length + GltfDocument.BUDGET_SLACK;
        assertThat(estimate.bytes()).isGreaterThan(budget);
        assertThatThrownBy(() -> GltfReader.read(bytes, "tree.gltf", ResourceResolver.none()))
                .isInstanceOf(FormatException.class)
                .hasMessage("glTF JSON: a tree of " + (count + 4) + " JSON values needs " + estimate.bytes()
                        + " bytes, more than the file's " + bytes.length + " bytes can describe (budget 16 x input "
                        + "size, " + budget + " bytes left)");
        assertThat(GltfReader.read(bytes, "tree.gltf", ResourceResolver.none(),
                GltfReadOptions.DEFAULTS.withMemoryFactor(64)).parts()).isEmpty();
    }

    /**
     * {@code clips} animations whose one channel moves the minimal document's "joint" with {@code keys}
     * keys, every one sampling the same two accessors (5: times, 6: values).
     */
    static byte[] clipsSharingOneSampler(int clips, int keys, String path) {
        TestGltf g = TestGltf.minimalSkinned();
        float[] times = new float[keys];
        boolean rotation = path.equals("rotation");
        float[] values = new float[(rotation ? 4 : 3) * keys];
        for (int k = 0; k < keys; k++) {
            times[k] = k / 30f;
            values[(rotation ? 4 : 3) * k + (rotation ? 3 : 1)] = 1; // identity rotation, or one unit up
        }
        int input = g.floats("SCALAR", times);
        int output = g.floats(rotation ? "VEC4" : "VEC3", values);
        for (int a = 0; a < clips; a++) {
            ObjectNode anim = g.add("animations").put("name", "clip" + a);
            anim.putArray("samplers").addObject().put("input", input).put("output", output);
            anim.putArray("channels").addObject().put("sampler", 0).putObject("target").put("node", 1)
                    .put("path", path);
        }
        return g.glb();
    }

    /**
     * Each rotation channel gets its own copy of its keys (it normalizes them in place), which is
     * charged: many channels sampling one large output accessor cannot make the read allocate that
     * accessor once per channel. Here 400 copies of 80 KB, 32 MB, from a file of about 140 KB.
     */
    @Test
    void copiesOfRotationKeysAreChargedSoChannelsSharingOneAccessorCannotMultiplyIt() {
        byte[] glb = clipsSharingOneSampler(400, 5000, "rotation");
        assertThat(glb.length).isLessThan(160_000);
        assertThatThrownBy(() -> GltfReader.read(glb, "spin.glb", ResourceResolver.none()))
                .isInstanceOf(FormatException.class)
                .hasMessageMatching("animations\\[\\d+]\\.channels\\[0]: copying the rotation keys of accessors\\[6] "
                        + "needs 80000 bytes, more than the file's " + glb.length + " bytes can describe \\(budget 16 x "
                        + "input size, \\d+ bytes left\\)");
        GltfAsset few = GltfReader.read(clipsSharingOneSampler(4, 5000, "rotation"), "spin.glb",
                ResourceResolver.none());
        assertThat(few.clips()).hasSize(4);
        assertThat(few.clips().get(3).channels().get(0).path()).isEqualTo(ChannelPath.ROTATION);
    }

    /** Translation, scale and weight keys are not changed by their channel, so channels share the decoded array. */
    @Test
    void translationChannelsSharingOneAccessorCostItOnce() {
        GltfAsset asset = GltfReader.read(clipsSharingOneSampler(400, 5000, "translation"), "lift.glb",
                ResourceResolver.none());
        assertThat(asset.clips()).hasSize(400);
        AnimationClip last = asset.clips().get(399);
        assertThat(last.channels().get(0).values()).isEqualTo(asset.clips().get(0).channels().get(0).values());
        assertThat(last.channels().get(0).values()[3 * 4999 + 1]).isEqualTo(1f);
    }
}
