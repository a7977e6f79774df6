package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphChannel;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.FloatRange;
import org.jspecify.annotations.Nullable;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

/**
 * {@link AssetPoser} on small synthetic assets against a naive reference written here: TRS
 * composition with JOML, piecewise linear key sampling clamped to the first and last key, morph
 * deltas added to the bind positions, weights divided by their sum, {@code sum_i w_i * model(joint_i)
 * * IBM_i * p}, and the node's world matrix composed from its parents.
 */
class AssetPoserTest {
    /** Agreement of float32 results with the reference on unit-sized assets (model units). */
    static final float POSITION_TOLERANCE = 2e-5f;

    private static final String ROOT = "root";
    private static final String ARM = "arm";
    private static final Vector3f ROOT_T = new Vector3f(0.2f, 0.1f, 0f);
    private static final Quaternionf ROOT_R = new Quaternionf().rotateZ(0.6f);
    private static final Vector3f ROOT_S = new Vector3f(1f, 1.5f, 1f);
    private static final Vector3f ARM_T = new Vector3f(1f, 0f, 0f);
    private static final Quaternionf ARM_R = new Quaternionf().rotateY(0.4f);

    /** Two bones: a rotated, non-uniformly scaled root and a rotated arm. */
    static Skeleton skeleton() {
        Skeleton.Builder b = Skeleton.builder("poser");
        int root = b.addBone(ROOT, Skeleton.NO_PARENT, ROOT_T, ROOT_R, ROOT_S);
        b.addBone(ARM, root, ARM_T, ARM_R, new Vector3f(1, 1, 1));
        return b.build();
    }

    static final float[] POSITIONS = {0, 0, 0, 1, 0.2f, 0, 1.5f, 0.5f, 0.3f, 2, 0, -0.2f, 0.5f, 1, 0.5f, 1, 1, 1};
    static final int[] INDICES = {0, 1, 2, 0, 2, 3, 3, 4, 5};
    /** Palette entry 0 is the arm, entry 1 the root: palette order differs from skeleton order. */
    static final String[] PALETTE = {ARM, ROOT};
    static final float[][] DELTAS = {
        {0.1f, 0, 0, 0, 0.2f, 0, 0, 0, 0.3f, -0.1f, 0.1f, 0, 0.05f, 0.05f, 0.05f, 0, -0.2f, 0.1f},
        {0, 0.3f, 0, 0.1f, 0, -0.1f, 0.2f, 0.2f, 0, 0, 0, 0.4f, -0.3f, 0, 0, 0.1f, 0.1f, 0.1f}};
    static final float[] DEFAULT_MORPH_WEIGHTS = {0.5f, 0.25f};

    /** Inverse bind matrices that are not the inverse rest pose, so the rest pose moves vertices. */
    static float[] inverseBinds() {
        float[] ibm = new float[32];
        new Matrix4f().translation(0.1f, -0.2f, 0.05f).rotateX(0.3f).get(ibm, 0);
        new Matrix4f().translation(-0.3f, 0.1f, 0f).scale(1.2f).get(ibm, 16);
        return ibm;
    }

    /** A mesh of {@link #POSITIONS} with the given weights (4 influences) and optionally the two morph targets. */
    static Mesh mesh(String name, int[] joints, float[] weights, boolean morphs) {
        Mesh.Builder b = Mesh.builder(name).positions(POSITIONS).indices(INDICES)
                .skin(Skin.of(PALETTE, inverseBinds(), BoneWeights.of(4, joints, weights)));
        if (morphs) {
            for (int t = 0; t < DELTAS.length; t++) {
                b.addMorphTarget(MorphTarget.of("shape" + t, DELTAS[t], null, null));
            }
            b.morphWeights(DEFAULT_MORPH_WEIGHTS);
        }
        return b.build();
    }

    static final int[] JOINTS = {0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
    static final float[] WEIGHTS = {1, 0, 0, 0, 0.5f, 0.5f, 0, 0, 0.75f, 0.25f, 0, 0, 0.6f, 0.4f, 0, 0, 0.9f, 0.1f, 0, 0,
        1, 0, 0, 0};

    static final float[] TALK_TIMES = {0, 1, 2};
    static final float[] TALK_ARM = {1, 0, 0, 1, 0.5f, 0, 1.2f, 0, 0.3f};
    static final float[] TALK_MORPH = {0, 0, 1, 0.5f, 0.2f, 1};
    static final float[] LATE_TIMES = {0.5f, 1, 2};
    static final float[] LATE_ARM = {1, 0.4f, 0, 0.8f, 0.2f, 0.1f, 1.3f, -0.2f, 0.2f};
    static final float[] LATE_MORPH_TIMES = {0.5f, 2};
    static final float[] LATE_MORPH = {0.8f, 0.1f, 0.1f, 0.9f};

    /** Arm translation and the body's morph weights, keyed from 0 s to 2 s. */
    static final AnimationClip TALK = AnimationClip.of("talk",
            List.of(BoneChannel.of(ARM, ChannelPath.TRANSLATION, Interpolation.LINEAR, TALK_TIMES, TALK_ARM)),
            List.of(MorphChannel.of("Body", 2, Interpolation.LINEAR, TALK_TIMES, TALK_MORPH)));
    /** The same arm motion without morph weights. */
    static final AnimationClip STILL = AnimationClip.of("still",
            List.of(BoneChannel.of(ARM, ChannelPath.TRANSLATION, Interpolation.LINEAR, TALK_TIMES, TALK_ARM)));
    /** First keys at 0.5 s, last keys at 2 s. */
    static final AnimationClip LATE = AnimationClip.of("late",
            List.of(BoneChannel.of(ARM, ChannelPath.TRANSLATION, Interpolation.LINEAR, LATE_TIMES, LATE_ARM)),
            List.of(MorphChannel.of("Body", 2, Interpolation.LINEAR, LATE_MORPH_TIMES, LATE_MORPH)));

    /** A character written and read back: the poser works on what a file holds. */
    static GltfAsset asset(Character character) {
        return GltfReader.read(GltfWriter.toGlb(character), character.name() + ".glb", ResourceResolver.none());
    }

    /**
     * A character written with its first part's node moved under bone 0's node with the given
     * matrix: glTF ignores that placement when skinning, {@link PoseSpace#MODEL} does not.
     */
    static GltfAsset placedUnderRoot(Character character, Matrix4f local) {
        int bones = character.skeleton().boneCount();
        byte[] glb = TestGltf.editJson(GltfWriter.toGlb(character), json -> {
            ArrayNode roots = (ArrayNode) json.get("scenes").get(0).get("nodes");
            for (int i = 0; i < roots.size(); i++) {
                if (roots.get(i).asInt() == bones) {
                    roots.remove(i);
                }
            }
            ObjectNode root = (ObjectNode) json.get("nodes").get(0);
            ArrayNode children = root.has("children") ? (ArrayNode) root.get("children") : root.putArray("children");
            children.add(bones);
            TestGltf.nums((ObjectNode) json.get("nodes").get(bones), "matrix", local.get(new float[16]));
        });
        return GltfReader.read(glb, "placed.glb", ResourceResolver.none());
    }

    static final GltfAsset MORPHED = asset(Character.builder("poser", skeleton())
            .addPart(Part.of("Body", mesh("body", JOINTS, WEIGHTS, true)))
            .addClip(TALK).addClip(STILL).addClip(LATE).build());

    // ---------------------------------------------------------------- morph targets

    @Property(tries = 60, seed = "20260412")
    void morphTargetsApplyBeforeSkinningAtTheClipWeights(@ForAll @FloatRange(min = -0.5f, max = 2.5f) float time) {
        AssetPoser poser = AssetPoser.bind(MORPHED);
        float[] expected = skin(model(sampleLinear(TALK_TIMES, TALK_ARM, 3, time), null), JOINTS, WEIGHTS,
                sampleLinear(TALK_TIMES, TALK_MORPH, 2, time));
        float[] model = poser.poseInto(TALK, time, PoseSpace.MODEL, new float[expected.length], 0);
        float[] world = poser.poseInto(TALK, time, PoseSpace.WORLD, new float[expected.length], 0);
        assertThat(maxDistance(model, expected)).as("model space at %s s", time).isLessThan(POSITION_TOLERANCE);
        assertThat(world).as("identity node: world equals model").containsExactly(model);
    }

    @Test
    void withoutAClipOrAMorphChannelThePartsDefaultWeightsApply() {
        AssetPoser poser = AssetPoser.bind(MORPHED);
        float[] rest = skin(model(null, null), JOINTS, WEIGHTS, DEFAULT_MORPH_WEIGHTS);
        assertThat(maxDistance(poser.pose(null, 0, PoseSpace.MODEL).get(0), rest)).isLessThan(POSITION_TOLERANCE);
        assertThat(poser.pose(null, Float.NaN, PoseSpace.MODEL).get(0)).as("time is ignored without a clip")
                .containsExactly(poser.pose(null, 0, PoseSpace.MODEL).get(0));
        float[] still = skin(model(sampleLinear(TALK_TIMES, TALK_ARM, 3, 1.5f), null), JOINTS, WEIGHTS,
                DEFAULT_MORPH_WEIGHTS);
        assertThat(maxDistance(poser.pose(STILL, 1.5f, PoseSpace.MODEL).get(0), still)).isLessThan(POSITION_TOLERANCE);
        // the references differ enough from the unmorphed pose for the checks above to mean something
        assertThat(maxDistance(rest, skin(model(null, null), JOINTS, WEIGHTS, null)))
                .isGreaterThan(1000 * POSITION_TOLERANCE);
    }

    @Test
    void morphDeltasAreSkinnedRatherThanAddedAfterSkinning() {
        AssetPoser poser = AssetPoser.bind(MORPHED);
        float[] morphFirst = skin(model(null, null), JOINTS, WEIGHTS, DEFAULT_MORPH_WEIGHTS);
        float[] morphLast = skin(model(null, null), JOINTS, WEIGHTS, null);
        for (int i = 0; i < morphLast.length; i++) {
            morphLast[i] += DEFAULT_MORPH_WEIGHTS[0] * DELTAS[0][i] + DEFAULT_MORPH_WEIGHTS[1] * DELTAS[1][i];
        }
        float[] actual = poser.pose(null, 0, PoseSpace.MODEL).get(0);
        assertThat(maxDistance(actual, morphFirst)).isLessThan(POSITION_TOLERANCE);
        assertThat(maxDistance(actual, morphLast)).isGreaterThan(1000 * POSITION_TOLERANCE);
    }

    // ---------------------------------------------------------------- clip time

    @Test
    void aClipWhoseFirstKeyIsAfterZeroClampsToItsFirstAndLastKeys() {
        assertThat(LATE.startTime()).isEqualTo(0.5f);
        assertThat(LATE.duration()).isEqualTo(2f);
        AssetPoser poser = AssetPoser.bind(MORPHED);
        float[] first = skin(model(Arrays.copyOfRange(LATE_ARM, 0, 3), null), JOINTS, WEIGHTS,
                Arrays.copyOfRange(LATE_MORPH, 0, 2));
        float[] last = skin(model(Arrays.copyOfRange(LATE_ARM, 6, 9), null), JOINTS, WEIGHTS,
                Arrays.copyOfRange(LATE_MORPH, 2, 4));
        float[] atFirstKey = poser.pose(LATE, 0.5f, PoseSpace.MODEL).get(0);
        float[] atLastKey = poser.pose(LATE, 2f, PoseSpace.MODEL).get(0);
        assertThat(maxDistance(atFirstKey, first)).isLessThan(POSITION_TOLERANCE);
        assertThat(maxDistance(atLastKey, last)).isLessThan(POSITION_TOLERANCE);
        for (float before : new float[] {-1f, 0f, 0.25f, Math.nextDown(0.5f)}) {
            assertThat(poser.pose(LATE, before, PoseSpace.MODEL).get(0)).as("at %s s", before).containsExactly(atFirstKey);
        }
        for (float after : new float[] {2.5f, 99f, Float.MAX_VALUE}) {
            assertThat(poser.pose(LATE, after, PoseSpace.MODEL).get(0)).as("at %s s", after).containsExactly(atLastKey);
        }
        float[] between = skin(model(sampleLinear(LATE_TIMES, LATE_ARM, 3, 1.5f), null), JOINTS, WEIGHTS,
                sampleLinear(LATE_MORPH_TIMES, LATE_MORPH, 2, 1.5f));
        assertThat(maxDistance(poser.pose(LATE, 1.5f, PoseSpace.MODEL).get(0), between)).isLessThan(POSITION_TOLERANCE);
    }

    // ---------------------------------------------------------------- weights

    @Test
    void weightsThatDoNotSumToOneAreNormalized() {
        int[] joints = {0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0};
        float[] weights = {0.3f, 0.1f, 0, 0, 2, 2, 0, 0, 0.05f, 0, 0, 0, 0, 0, 0, 0, 0.2f, 0.6f, 0, 0, 1, 0, 0, 0};
        GltfAsset asset = asset(Character.builder("poser", skeleton())
                .addPart(Part.of("Body", mesh("body", joints, weights, false))).addClip(STILL).build());
        AssetPoser poser = AssetPoser.bind(asset);
        for (float t : new float[] {0.3f, 1.7f}) {
            float[] expected = skin(model(sampleLinear(TALK_TIMES, TALK_ARM, 3, t), null), joints, weights, null);
            assertThat(maxDistance(poser.pose(STILL, t, PoseSpace.WORLD).get(0), expected)).as("at %s s", t)
                    .isLessThan(POSITION_TOLERANCE);
        }
        // vertex 3 has no weight at all: it follows palette entry 0 (the arm), as viewers do
        Matrix4f arm = model(null, null)[1].mul(new Matrix4f().set(inverseBinds(), 0));
        Vector3f v3 = arm.transformPosition(new Vector3f(POSITIONS[9], POSITIONS[10], POSITIONS[11]));
        float[] rest = poser.pose(null, 0, PoseSpace.WORLD).get(0);
        assertThat(v3.distance(rest[9], rest[10], rest[11])).isLessThan(POSITION_TOLERANCE);
    }

    // ---------------------------------------------------------------- spaces

    @Test
    void modelSpaceIsWorldSpaceInTheAttachBonesPosedFrame() {
        Matrix4f local = new Matrix4f().translation(0.3f, -0.2f, 0.4f).rotateY(1.1f).scale(1.5f);
        Quaternionf r0 = new Quaternionf().rotateZ(0.6f);
        Quaternionf r1 = new Quaternionf().rotateZ(-0.4f);
        AnimationClip swing = AnimationClip.of("swing", List.of(BoneChannel.of(ROOT, ChannelPath.ROTATION,
                Interpolation.LINEAR, new float[] {0, 1}, new float[] {r0.x, r0.y, r0.z, r0.w, r1.x, r1.y, r1.z, r1.w})));
        GltfAsset asset = placedUnderRoot(Character.builder("poser", skeleton())
                .addPart(Part.of("Body", mesh("body", JOINTS, WEIGHTS, false))).addClip(swing).build(), local);
        assertThat(asset.source(0).nodeBone()).isZero();
        assertThat(asset.source(0).nodeMatrix(new Matrix4f())).isEqualTo(local);
        AssetPoser poser = AssetPoser.bind(asset);
        // at 0.5 s the root turns by 0.1 rad about Z (halfway between 0.6 and -0.4 on one axis)
        Matrix4f[] posed = model(null, new Quaternionf().rotateZ(0.1f));
        float[] expectedWorld = skin(posed, JOINTS, WEIGHTS, null);
        float[] world = poser.pose(swing, 0.5f, PoseSpace.WORLD).get(0);
        float[] model = poser.pose(swing, 0.5f, PoseSpace.MODEL).get(0);
        assertThat(maxDistance(world, expectedWorld)).isLessThan(POSITION_TOLERANCE);
        Matrix4f node = new Matrix4f(posed[0]).mul(local);
        assertThat(maxDistance(model, transform(new Matrix4f(node).invert(), world))).isLessThan(POSITION_TOLERANCE);
        assertThat(maxDistance(model, world)).isGreaterThan(1000 * POSITION_TOLERANCE);
    }

    @Test
    void aSkinnedNodeUnderARotatedParentDiffersFromWorldByItsInverseWorldMatrix() {
        TestGltf g = new TestGltf();
        Quaternionf zUp = new Quaternionf().rotateX((float) (-Math.PI / 2));
        Quaternionf zUpEnd = new Quaternionf().rotateX((float) (-Math.PI / 2 + 0.8));
        Quaternionf jointR = new Quaternionf().rotateZ(0.3f);
        Quaternionf bodyR = new Quaternionf().rotateY(0.7f);
        Quaternionf bodyEnd = new Quaternionf().rotateY(-0.5f);
        ObjectNode parent = g.node("zup");
        TestGltf.nums(parent, "translation", 1, 2, 3);
        TestGltf.nums(parent, "rotation", zUp.x, zUp.y, zUp.z, zUp.w);
        TestGltf.ints(parent, "children", 1, 2);
        ObjectNode joint = g.node("joint");
        TestGltf.nums(joint, "translation", 0, 1, 0);
        TestGltf.nums(joint, "rotation", jointR.x, jointR.y, jointR.z, jointR.w);
        ObjectNode body = g.node("body").put("mesh", 0).put("skin", 0);
        TestGltf.nums(body, "translation", 0.5f, 0, 0);
        TestGltf.nums(body, "rotation", bodyR.x, bodyR.y, bodyR.z, bodyR.w);
        TestGltf.nums(body, "scale", 2, 2, 2);
        TestGltf.ints(g.add("scenes"), "nodes", 0);
        g.root.put("scene", 0);
        int pos = g.floats("VEC3", 0, 0, 0, 1, 0, 0, 0, 1, 0.5f);
        int joints = g.ints(TestGltf.UNSIGNED_BYTE, false, "VEC4", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        int weights = g.floats("VEC4", 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0);
        int ibm = g.floats("MAT4", 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1);
        ObjectNode prim = g.add("meshes").putArray("primitives").addObject();
        prim.putObject("attributes").put("POSITION", pos).put("JOINTS_0", joints).put("WEIGHTS_0", weights);
        ObjectNode skin = g.add("skins");
        TestGltf.ints(skin, "joints", 1);
        skin.put("inverseBindMatrices", ibm);
        int times = g.floats("SCALAR", 0, 1);
        animation(g, "tilt", 0, times, g.floats("VEC4", zUp.x, zUp.y, zUp.z, zUp.w, zUpEnd.x, zUpEnd.y, zUpEnd.z,
                zUpEnd.w));
        animation(g, "turn", 2, times, g.floats("VEC4", bodyR.x, bodyR.y, bodyR.z, bodyR.w, bodyEnd.x, bodyEnd.y,
                bodyEnd.z, bodyEnd.w));
        GltfAsset asset = GltfReader.read(g.glb(), "rotated-parent.glb", ResourceResolver.none());
        AssetPoser poser = AssetPoser.bind(asset);
        float[] p = {0, 0, 0, 1, 0, 0, 0, 1, 0.5f};
        Matrix4f jointLocal = new Matrix4f().translation(0, 1, 0).rotate(jointR);
        Matrix4f ibmM = new Matrix4f().translation(0, -1, 0);
        // rest, the parent tilted halfway (0.4 rad further about X), the skinned node itself turned halfway
        Quaternionf[] parentR = {zUp, new Quaternionf().rotateX((float) (-Math.PI / 2 + 0.4)), zUp};
        Quaternionf[] ownR = {bodyR, bodyR, new Quaternionf().rotateY(0.1f)};
        AnimationClip[] clips = {null, asset.clips().get(0), asset.clips().get(1)};
        for (int c = 0; c < clips.length; c++) {
            Matrix4f parentW = new Matrix4f().translation(1, 2, 3).rotate(parentR[c]);
            Matrix4f nodeW = new Matrix4f(parentW).translate(0.5f, 0, 0).rotate(ownR[c]).scale(2);
            float[] expectedWorld = transform(new Matrix4f(parentW).mul(jointLocal).mul(ibmM), p);
            float[] world = poser.pose(clips[c], 0.5f, PoseSpace.WORLD).get(0);
            float[] model = poser.pose(clips[c], 0.5f, PoseSpace.MODEL).get(0);
            String pose = clips[c] == null ? "rest" : clips[c].name();
            assertThat(maxDistance(world, expectedWorld)).as(pose).isLessThan(POSITION_TOLERANCE);
            assertThat(maxDistance(model, transform(new Matrix4f(nodeW).invert(), world))).as(pose)
                    .isLessThan(POSITION_TOLERANCE);
            assertThat(maxDistance(transform(nodeW, model), world)).as(pose).isLessThan(POSITION_TOLERANCE);
            assertThat(maxDistance(model, world)).as(pose).isGreaterThan(1000 * POSITION_TOLERANCE);
        }
    }

    private static void animation(TestGltf g, String name, int node, int input, int output) {
        ObjectNode a = g.add("animations").put("name", name);
        a.putArray("samplers").addObject().put("input", input).put("output", output).put("interpolation", "LINEAR");
        ObjectNode target = a.putArray("channels").addObject().put("sampler", 0).putObject("target");
        target.put("node", node).put("path", "rotation");
    }

    static float[] transform(Matrix4f m, float[] xyz) {
        float[] out = new float[xyz.length];
        Vector3f v = new Vector3f();
        for (int i = 0; i < xyz.length / 3; i++) {
            m.transformPosition(xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2], v);
            out[3 * i] = v.x;
            out[3 * i + 1] = v.y;
            out[3 * i + 2] = v.z;
        }
        return out;
    }

    // ---------------------------------------------------------------- order and destinations

    /** The attributes of the synthetic files' primitives. */
    static final List<String> SKINNED = List.of("POSITION", "JOINTS_0", "WEIGHTS_0");

    /**
     * Node A with two primitives that do not share their vertices, then node B using a mesh of
     * one primitive like A's first, hung from the root bone: {@code synthetic-two-instances.glb}.
     */
    static GltfAsset twoNodes() {
        return AssetPoserBaselineTest.read("synthetic-two-instances.glb");
    }

    @Test
    void primitivesComeInNodeOrderAndAMeshOncePerNode() {
        GltfAsset asset = twoNodes();
        AssetPoser poser = AssetPoser.bind(asset);
        assertThat(poser.primitiveCount()).isEqualTo(3);
        assertThat(poser.vertexCount()).isEqualTo(3 * 6);
        assertThat(List.of(poser.part(0), poser.part(1), poser.part(2)))
                .containsExactly(asset.parts().get(0), asset.parts().get(0), asset.parts().get(1));
        assertThat(List.of(poser.source(0).node(), poser.source(1).node(), poser.source(2).node()))
                .containsExactly(asset.source(0).node(), asset.source(0).node(), asset.source(1).node());
        assertThat(List.of(poser.primitiveIndex(0), poser.primitiveIndex(1), poser.primitiveIndex(2)))
                .containsExactly(0, 1, 0);
        assertThat(poser.vertexCount(0) + poser.vertexCount(1) + poser.vertexCount(2)).isEqualTo(18);
        // A's two primitives did not share accessors: their vertices follow each other in A's mesh
        assertThat(asset.source(0).primitives()).containsExactly(new PartSource.Primitive(0, 0, 6, SKINNED),
                new PartSource.Primitive(1, 6, 6, SKINNED));
        float[] all = poser.poseInto(STILL, 0.7f, PoseSpace.WORLD, new float[3 * poser.vertexCount()], 0);
        List<float[]> parts = poser.pose(STILL, 0.7f, PoseSpace.WORLD);
        assertThat(parts).hasSize(3);
        for (int p = 0; p < 3; p++) {
            assertThat(parts.get(p)).containsExactly(Arrays.copyOfRange(all, 18 * p, 18 * p + 18));
        }
        assertThat(parts.get(2)).as("world space ignores the node").containsExactly(parts.get(0));
        float[] expected = skin(model(sampleLinear(TALK_TIMES, TALK_ARM, 3, 0.7f), null), JOINTS, WEIGHTS, null);
        assertThat(maxDistance(parts.get(0), expected)).isLessThan(POSITION_TOLERANCE);
        float[] model = poser.pose(STILL, 0.7f, PoseSpace.MODEL).get(2);
        assertThat(maxDistance(model, parts.get(2))).as("B's node is placed").isGreaterThan(1000 * POSITION_TOLERANCE);
    }

    /**
     * Joining primitives of 4 and 8 influences pads the first one's weights with empty slots;
     * their positions still come out bit for bit as when that primitive is read alone (each
     * position is a sum started at +0, which a {@code 0 * x} term never changes).
     */
    @Test
    void aPrimitiveJoinedWithOneOfMoreInfluencesPosesAsItDoesAlone() {
        TestGltf both = twoInfluenceCounts(true);
        TestGltf alone = twoInfluenceCounts(false);
        GltfAsset joined = GltfReader.read(both.glb(), "both.glb", ResourceResolver.none());
        GltfAsset single = GltfReader.read(alone.glb(), "alone.glb", ResourceResolver.none());
        assertThat(joined.parts().get(0).mesh().skin().weights().influencesPerVertex()).isEqualTo(8);
        assertThat(single.parts().get(0).mesh().skin().weights().influencesPerVertex()).isEqualTo(4);
        AssetPoser a = AssetPoser.bind(joined);
        AssetPoser b = AssetPoser.bind(single);
        assertThat(a.primitiveCount()).isEqualTo(2);
        for (float t : new float[] {0, 0.3f, 1}) {
            for (PoseSpace space : PoseSpace.values()) {
                float[] first = a.pose(joined.clips().get(0), t, space).get(0);
                float[] only = b.pose(single.clips().get(0), t, space).get(0);
                assertThat(bits(first)).as("at %s s, %s", t, space).containsExactly(bits(only));
            }
        }
    }

    private static int[] bits(float[] values) {
        int[] out = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = Float.floatToRawIntBits(values[i]);
        }
        return out;
    }

    /**
     * A skin of two joints (the minimal document's joint and root), a clip turning the joint, and a
     * mesh whose primitive 0 (4 influences) is followed, when {@code withSecond}, by a primitive of
     * its own vertices with 8 influences.
     */
    private static TestGltf twoInfluenceCounts(boolean withSecond) {
        TestGltf g = TestGltf.minimalSkinned();
        ObjectNode skin = (ObjectNode) g.array("skins").get(0);
        TestGltf.ints(skin, "joints", 1, 0);
        skin.remove("inverseBindMatrices");
        ObjectNode attrs = (ObjectNode) g.array("meshes").get(0).get("primitives").get(0).get("attributes");
        attrs.put("JOINTS_0", g.ints(TestGltf.UNSIGNED_BYTE, false, "VEC4", 0, 1, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0));
        attrs.put("WEIGHTS_0", g.floats("VEC4", 0.7f, 0.3f, 0, 0, 0.55f, 0.45f, 0, 0, 0.2f, 0.8f, 0, 0));
        if (withSecond) {
            ObjectNode second = ((ArrayNode) g.array("meshes").get(0).get("primitives")).addObject();
            ObjectNode a = second.putObject("attributes");
            a.put("POSITION", g.floats("VEC3", 0, 0, 1, 1, 0, 1, 0, 1, 1));
            a.put("JOINTS_0", g.ints(TestGltf.UNSIGNED_BYTE, false, "VEC4", 0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0));
            a.put("WEIGHTS_0", g.floats("VEC4", 0.25f, 0.25f, 0, 0, 0.5f, 0.25f, 0, 0, 0.5f, 0.125f, 0, 0));
            a.put("JOINTS_1", g.ints(TestGltf.UNSIGNED_BYTE, false, "VEC4", 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0));
            a.put("WEIGHTS_1", g.floats("VEC4", 0.25f, 0.25f, 0, 0, 0.25f, 0, 0, 0, 0.25f, 0.125f, 0, 0));
        }
        Quaternionf r = new Quaternionf().rotateZ(0.9f).rotateX(0.3f);
        animation(g, "bend", 1, g.floats("SCALAR", 0, 1), g.floats("VEC4", 0, 0, 0, 1, r.x, r.y, r.z, r.w));
        return g;
    }

    /** Primitives sharing their vertices are each written whole, as the reference positions are. */
    @Test
    void primitivesSharingVerticesAreEachWrittenWhole() {
        GltfAsset asset = AssetPoserBaselineTest.read("synthetic-shared-accessors.glb");
        assertThat(asset.source(0).primitives()).containsExactly(new PartSource.Primitive(0, 0, 6, SKINNED),
                new PartSource.Primitive(1, 0, 6, SKINNED), new PartSource.Primitive(2, 6, 6, SKINNED));
        AssetPoser poser = AssetPoser.bind(asset);
        assertThat(poser.primitiveCount()).isEqualTo(3);
        List<float[]> world = poser.pose(asset.clips().get(0), 0.4f, PoseSpace.WORLD);
        assertThat(world.get(1)).containsExactly(world.get(0));
        assertThat(maxDistance(world.get(2), world.get(0))).isGreaterThan(1000 * POSITION_TOLERANCE);
    }

    @Test
    void poseIntoWritesOnlyItsRangeFromTheOffset() {
        AssetPoser poser = AssetPoser.bind(twoNodes());
        int n = 3 * poser.vertexCount();
        float[] expected = poser.poseInto(STILL, 0.7f, PoseSpace.MODEL, new float[n], 0);
        float[] dst = filled(n + 9, SENTINEL);
        assertThat(poser.poseInto(STILL, 0.7f, PoseSpace.MODEL, dst, 5)).isSameAs(dst);
        assertThat(Arrays.copyOfRange(dst, 5, 5 + n)).containsExactly(expected);
        assertThat(Arrays.copyOfRange(dst, 0, 5)).containsOnly(SENTINEL);
        assertThat(Arrays.copyOfRange(dst, 5 + n, n + 9)).containsOnly(SENTINEL);
    }

    // ---------------------------------------------------------------- bad arguments

    static final float SENTINEL = -7.5f;

    static float[] filled(int length, float value) {
        float[] a = new float[length];
        Arrays.fill(a, value);
        return a;
    }

    @Test
    void aShortDestinationIsRejectedBeforeWriting() {
        AssetPoser poser = AssetPoser.bind(MORPHED);
        float[] dst = filled(17, SENTINEL);
        assertThatThrownBy(() -> poser.poseInto(TALK, 1, PoseSpace.MODEL, dst, 0))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("AssetPoser.poseInto").hasMessageContaining("dst length 17")
                .hasMessageContaining("offset+3*vertexCount = 18");
        assertThat(dst).containsOnly(SENTINEL);
    }

    @Test
    void anOffsetThatLeavesTooLittleRoomIsRejected() {
        AssetPoser poser = AssetPoser.bind(MORPHED);
        float[] dst = filled(18, SENTINEL);
        assertThatThrownBy(() -> poser.poseInto(null, 0, PoseSpace.WORLD, dst, 3))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("AssetPoser.poseInto").hasMessageContaining("dst length 18")
                .hasMessageContaining("offset+3*vertexCount = 21");
        assertThat(dst).containsOnly(SENTINEL);
    }

    @Test
    void aNegativeOffsetIsRejected() {
        AssetPoser poser = AssetPoser.bind(MORPHED);
        float[] dst = filled(40, SENTINEL);
        assertThatThrownBy(() -> poser.poseInto(TALK, 1, PoseSpace.MODEL, dst, -1))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("AssetPoser.poseInto").hasMessageContaining("offset -1")
                .hasMessageContaining("expected >= 0");
        assertThat(dst).containsOnly(SENTINEL);
    }

    @Test
    void aNaNTimeIsRejected() {
        AssetPoser poser = AssetPoser.bind(MORPHED);
        float[] dst = filled(18, SENTINEL);
        assertThatThrownBy(() -> poser.poseInto(TALK, Float.NaN, PoseSpace.MODEL, dst, 0))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("AssetPoser.poseInto").hasMessageContaining("time NaN")
                .hasMessageContaining("expected a finite number of seconds");
        assertThat(dst).containsOnly(SENTINEL);
    }

    @Test
    void anInfiniteTimeIsRejected() {
        AssetPoser poser = AssetPoser.bind(MORPHED);
        float[] dst = filled(18, SENTINEL);
        assertThatThrownBy(() -> poser.poseInto(TALK, Float.POSITIVE_INFINITY, PoseSpace.WORLD, dst, 0))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("AssetPoser.poseInto").hasMessageContaining("time Infinity")
                .hasMessageContaining("expected a finite number of seconds");
        assertThat(dst).containsOnly(SENTINEL);
    }

    // ---------------------------------------------------------------- naive reference

    /** Piecewise linear sampling of {@code comps}-wide keys, clamped to the first and last key. */
    static float[] sampleLinear(float[] times, float[] values, int comps, float t) {
        float[] out = new float[comps];
        int last = times.length - 1;
        if (t <= times[0] || last == 0) {
            System.arraycopy(values, 0, out, 0, comps);
        } else if (t >= times[last]) {
            System.arraycopy(values, comps * last, out, 0, comps);
        } else {
            int k = 0;
            while (times[k + 1] < t) {
                k++;
            }
            float u = (t - times[k]) / (times[k + 1] - times[k]);
            for (int c = 0; c < comps; c++) {
                out[c] = values[comps * k + c] * (1 - u) + values[comps * (k + 1) + c] * u;
            }
        }
        return out;
    }

    /**
     * Model matrices of {@link #skeleton()} with the arm's translation (and the root's rotation)
     * optionally replaced.
     */
    static Matrix4f[] model(float @Nullable [] armTranslation, @Nullable Quaternionf rootRotation) {
        Matrix4f root = new Matrix4f().translationRotateScale(ROOT_T, rootRotation == null ? ROOT_R : rootRotation,
                ROOT_S);
        Vector3f t = armTranslation == null ? ARM_T : new Vector3f(armTranslation);
        Matrix4f arm = new Matrix4f(root).mul(new Matrix4f().translationRotateScale(t, ARM_R, new Vector3f(1, 1, 1)));
        return new Matrix4f[] {root, arm};
    }

    /** {@code sum_i (w_i / sum w) * model(palette_i) * IBM_i * (p + sum_t m_t * d_t)} per vertex. */
    static float[] skin(Matrix4f[] model, int[] joints, float[] weights, float @Nullable [] morphWeights) {
        Skeleton s = skeleton();
        float[] ibm = inverseBinds();
        int n = POSITIONS.length / 3;
        float[] out = new float[3 * n];
        for (int v = 0; v < n; v++) {
            Vector3f p = new Vector3f(POSITIONS[3 * v], POSITIONS[3 * v + 1], POSITIONS[3 * v + 2]);
            if (morphWeights != null) {
                for (int t = 0; t < DELTAS.length; t++) {
                    p.add(morphWeights[t] * DELTAS[t][3 * v], morphWeights[t] * DELTAS[t][3 * v + 1],
                            morphWeights[t] * DELTAS[t][3 * v + 2]);
                }
            }
            float sum = 0;
            for (int k = 0; k < 4; k++) {
                sum += weights[4 * v + k];
            }
            Vector3f acc = new Vector3f();
            for (int k = 0; k < 4; k++) {
                float w = sum == 0 ? (k == 0 ? 1 : 0) : weights[4 * v + k] / sum;
                int entry = sum == 0 ? 0 : joints[4 * v + k];
                if (w != 0) {
                    Matrix4f m = new Matrix4f(model[s.indexOf(PALETTE[entry])]).mul(new Matrix4f().set(ibm, 16 * entry));
                    acc.fma(w, m.transformPosition(p, new Vector3f()));
                }
            }
            out[3 * v] = acc.x;
            out[3 * v + 1] = acc.y;
            out[3 * v + 2] = acc.z;
        }
        return out;
    }

    static float maxDistance(float[] a, float[] b) {
        assertThat(a).hasSameSizeAs(b);
        float worst = 0;
        for (int v = 0; v < a.length / 3; v++) {
            worst = Math.max(worst, new Vector3f(a[3 * v], a[3 * v + 1], a[3 * v + 2])
                    .distance(b[3 * v], b[3 * v + 1], b[3 * v + 2]));
        }
        return worst;
    }
}
