package io.github.skinmesh.core.anim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphChannel;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.skinning.NormalTransform;
import io.github.skinmesh.core.skinning.SkinningMethod;
import io.github.skinmesh.core.skinning.SkinningOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

/**
 * {@link CharacterPoser} on values at the edges of the float range: what overflows is an error
 * naming the bone or the part and vertex, never NaN or infinity in the output; a zero scale
 * collapses vertices without an error. And parts that share a mesh share its palette and the
 * morph scratch arrays without changing a bit of the result.
 */
class CharacterPoserRangeTest {
    /** Bone "root" with the given rest scale, and its child "child" one unit up. */
    private static Skeleton rootAndChild(float rootScale) {
        Skeleton.Builder b = Skeleton.builder("s");
        int root = b.addBone("root", Skeleton.NO_PARENT, new Vector3f(), new Quaternionf(), new Vector3f(rootScale));
        b.addBone("child", root, new Vector3f(0, 1, 0), new Quaternionf(), new Vector3f(1));
        return b.build();
    }

    /** A mesh of the given points skinned to "child" alone, with the given inverse bind matrix. */
    private static Mesh onChild(float[] positions, Matrix4f inverseBind) {
        int n = positions.length / 3;
        float[] weights = new float[n];
        java.util.Arrays.fill(weights, 1f);
        return Mesh.builder("body").positions(positions)
                .skin(Skin.of(new String[] {"child"}, inverseBind.get(new float[16]),
                        BoneWeights.of(1, new int[n], weights))).build();
    }

    private static float[] pose(Skeleton skeleton, List<Part> parts, AnimationClip clip, float time,
            PoserOptions options) {
        CharacterPoser poser = CharacterPoser.bind(skeleton, parts, clip, options);
        PosedVertices out = poser.newOutput();
        poser.poseInto(time, out);
        return out.positionsInto(new float[(int) (3 * out.vertexCount())], 0);
    }

    private static void assertFinite(float[] values) {
        for (int i = 0; i < values.length; i++) {
            assertThat(Float.isFinite(values[i])).as("value %d is %s", i, values[i]).isTrue();
        }
    }

    @Test
    void aZeroScaleCollapsesTheVerticesItReachesWithoutAnError() {
        Skeleton s = rootAndChild(0);
        float[] p = pose(s, List.of(Part.of("body", onChild(new float[] {0, 0, 0, 1, 2, 3, -4, 5, 6},
                new Matrix4f()))), null, 0, PoserOptions.DEFAULTS);
        assertThat(p).containsExactly(0, 0, 0, 0, 0, 0, 0, 0, 0);
        float[] n = pose(s, List.of(Part.of("body", onChild(new float[] {1, 2, 3}, new Matrix4f()).toBuilder()
                .normals(new float[] {0, 0, 1}).build())), null, 0, PoserOptions.DEFAULTS
                        .withStreams(PoserOptions.Streams.POSITIONS_NORMALS));
        assertFinite(n);
    }

    @Test
    void aHugeScaleThatOverflowsAPositionNamesThePartTheVertexAndTheScaledBone() {
        Skeleton s = rootAndChild(3.4e38f);
        // (1, 0, 0) lands at (3.4e38, 3.4e38, 0): huge but finite, so it is posed
        float[] near = pose(s, List.of(Part.of("body", onChild(new float[] {0, 0, 0, 1, 0, 0}, new Matrix4f()))),
                null, 0, PoserOptions.DEFAULTS);
        assertThat(near).containsExactly(0, 3.4e38f, 0, 3.4e38f, 3.4e38f, 0);
        // (2, 0, 0) does not fit a float
        List<Part> far = List.of(Part.of("body", onChild(new float[] {0, 0, 0, 2, 0, 0}, new Matrix4f())));
        for (SkinningMethod method : SkinningMethod.values()) {
            assertThatThrownBy(() -> pose(s, far, null, 0, PoserOptions.DEFAULTS.withSkinning(
                    SkinningOptions.DEFAULTS.withMethod(method))))
                    .as("%s", method).isInstanceOf(ValidationException.class)
                    .hasMessageStartingWith("CharacterPoser: rest pose: part 'body': vertex 1 position is (")
                    .hasMessageContaining("outside the float range: its skin matrices reach 3.4E38 (palette entry 0,"
                            + " bone 'child'); largest local translation or scale from that bone up: bone 'root', "
                            + "translation (0.0, 0.0, 0.0), scale (3.4E38, 3.4E38, 3.4E38); bind-pose coordinates "
                            + "reach 2.0");
        }
    }

    @Test
    void keysOf1e38OnNestedBonesNameTheBoneWhoseModelMatrixOverflows() {
        Skeleton s = rootAndChild(1);
        float[] huge = {1e38f, 1e38f, 1e38f};
        AnimationClip grow = AnimationClip.of("grow", List.of(
                BoneChannel.of("root", ChannelPath.SCALE, Interpolation.LINEAR, new float[] {0}, huge),
                BoneChannel.of("child", ChannelPath.SCALE, Interpolation.LINEAR, new float[] {0}, huge)));
        CharacterPoser poser = CharacterPoser.bind(s, List.of(Part.of("body", onChild(new float[] {0, 0, 0},
                new Matrix4f()))), grow, PoserOptions.DEFAULTS);
        PosedVertices out = poser.newOutput();
        assertThatThrownBy(() -> poser.poseInto(0.5f, out)).isInstanceOf(ValidationException.class)
                .hasMessage("CharacterPoser: clip 'grow' at 0.5 s: bone 'child' has a model matrix outside the float "
                        + "range (a value of Infinity): its local translation (0.0, 1.0, 0.0), rotation (0.0, 0.0, "
                        + "0.0, 1.0), scale (1.0E38, 1.0E38, 1.0E38), under bone 'root' whose model matrix reaches "
                        + "1.0E38");
        assertThatThrownBy(() -> poser.modelMatricesInto(new float[32], 0)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("no pose evaluated yet");
    }

    @Test
    void keysWhoseInterpolationOverflowsAreCaughtToo() {
        Skeleton s = rootAndChild(1);
        // finite keys whose difference is not: v0 + a * (v1 - v0) is infinite between them
        AnimationClip swing = AnimationClip.of("swing", List.of(BoneChannel.of("child", ChannelPath.TRANSLATION,
                Interpolation.LINEAR, new float[] {0, 1}, new float[] {-3e38f, 0, 0, 3e38f, 0, 0})));
        List<Part> parts = List.of(Part.of("body", onChild(new float[] {0, 0, 0}, new Matrix4f())));
        assertThat(pose(s, parts, swing, 0, PoserOptions.DEFAULTS)).containsExactly(-3e38f, 0, 0);
        assertThatThrownBy(() -> pose(s, parts, swing, 0.5f, PoserOptions.DEFAULTS))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("CharacterPoser: clip 'swing' at 0.5 s: bone 'child' has a model matrix "
                        + "outside the float range (a value of ")
                .hasMessageContaining("its local translation (");
    }

    @Test
    void aSkinMatrixThatOverflowsNamesThePaletteEntry() {
        Skeleton s = rootAndChild(4);
        Matrix4f inverseBind = new Matrix4f().scale(1e38f);
        assertThatThrownBy(() -> pose(s, List.of(Part.of("body", onChild(new float[] {0, 0, 0}, inverseBind))), null,
                0, PoserOptions.DEFAULTS)).isInstanceOf(ValidationException.class)
                .hasMessage("CharacterPoser: rest pose: part 'body': the skin matrix of palette entry 0 (bone 'child') "
                        + "is outside the float range (a value of Infinity): its model matrix reaches 4.0, its inverse "
                        + "bind matrix 1.0E38");
    }

    @Test
    void morphWeightsAndDeltasThatOverflowAreErrors() {
        Skeleton s = rootAndChild(1);
        Mesh face = onChild(new float[] {3e38f, 0, 0}, new Matrix4f()).toBuilder()
                .addMorphTarget(MorphTarget.of("t", new float[] {3e38f, 0, 0}, null, null)).build();
        List<Part> parts = List.of(Part.of("face", face));
        AnimationClip smile = AnimationClip.of("smile", List.of(), List.of(MorphChannel.of("face", 1,
                Interpolation.LINEAR, new float[] {0, 1}, new float[] {-3e38f, 3e38f})));
        assertThatThrownBy(() -> pose(s, parts, smile, 0.5f, PoserOptions.DEFAULTS))
                .isInstanceOf(ValidationException.class)
                .hasMessage("CharacterPoser: clip 'smile' at 0.5 s: part 'face': morph weight 0 is Infinity, outside "
                        + "the float range");
        AnimationClip half = AnimationClip.of("half", List.of(), List.of(MorphChannel.of("face", 1,
                Interpolation.STEP, new float[] {0}, new float[] {1})));
        assertThatThrownBy(() -> pose(s, parts, half, 0, PoserOptions.DEFAULTS))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("CharacterPoser: clip 'half' at 0.0 s: part 'face': vertex 0 position is "
                        + "(Infinity, NaN, NaN), outside the float range")
                .hasMessageEndingWith("bind-pose coordinates reach 3.0E38 before morphing");
    }

    @Test
    void normalsThatOverflowAreCheckedEvenWhenPositionsFit() {
        // a scale of 1e20 keeps positions finite; the cofactor normal transform squares it
        Skeleton s = rootAndChild(1e20f);
        Mesh m = onChild(new float[] {0, 0, 0}, new Matrix4f()).toBuilder().normals(new float[] {0, 0, 1}).build();
        PoserOptions options = PoserOptions.DEFAULTS.withStreams(PoserOptions.Streams.POSITIONS_NORMALS)
                .withSkinning(SkinningOptions.DEFAULTS.withNormalTransform(NormalTransform.COFACTOR));
        assertThatThrownBy(() -> pose(s, List.of(Part.of("body", m)), null, 0, options))
                .isInstanceOf(ValidationException.class)
                .hasMessageStartingWith("CharacterPoser: rest pose: part 'body': vertex 0 normal is (");
    }

    /**
     * Random magnitudes across the float range (bone scales and translations, vertex coordinates,
     * morph deltas, both skinning methods, with and without normals): a pose is either all finite
     * or a {@link ValidationException}, never a NaN or an infinity written as a result.
     */
    @Property(tries = 300, seed = "1038")
    void posedValuesAreFiniteOrAnError(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        Skeleton.Builder sb = Skeleton.builder("s");
        int bones = 1 + r.nextInt(3);
        for (int b = 0; b < bones; b++) {
            sb.addBone("b" + b, b - 1, new Vector3f(magnitude(r), magnitude(r), magnitude(r)),
                    new Quaternionf().rotateXYZ(r.nextFloat(), r.nextFloat(), r.nextFloat()),
                    new Vector3f(magnitude(r), magnitude(r), magnitude(r)));
        }
        Skeleton skeleton = sb.build();
        int n = 1 + r.nextInt(6);
        float[] positions = new float[3 * n];
        float[] normals = new float[3 * n];
        float[] deltas = new float[3 * n];
        for (int i = 0; i < 3 * n; i++) {
            positions[i] = magnitude(r);
            normals[i] = r.nextFloat() - 0.5f;
            deltas[i] = magnitude(r);
        }
        String[] names = new String[bones];
        for (int b = 0; b < bones; b++) {
            names[b] = "b" + b;
        }
        int[] joints = new int[2 * n];
        float[] weights = new float[2 * n];
        for (int i = 0; i < joints.length; i++) {
            joints[i] = r.nextInt(bones);
            weights[i] = r.nextFloat();
        }
        Mesh mesh = Mesh.builder("m").positions(positions).normals(normals)
                .skin(Skin.of(names, identities(bones), BoneWeights.of(2, joints, weights)))
                .addMorphTarget(MorphTarget.of("t", deltas, null, null)).morphWeights(new float[] {r.nextFloat()})
                .build();
        PoserOptions options = PoserOptions.DEFAULTS
                .withStreams(r.nextBoolean() ? PoserOptions.Streams.POSITIONS : PoserOptions.Streams.POSITIONS_NORMALS)
                .withSkinning(SkinningOptions.DEFAULTS.withMethod(SkinningMethod.values()[r.nextInt(2)]));
        CharacterPoser poser = CharacterPoser.bind(skeleton, List.of(Part.of("m", mesh)), null, options);
        PosedVertices out = poser.newOutput();
        try {
            poser.poseInto(0, out);
        } catch (ValidationException e) {
            assertThat(e).hasMessageStartingWith("CharacterPoser: rest pose: ").hasMessageContaining("float range");
            return;
        }
        assertFinite(out.positions(0));
        if (out.hasNormals()) {
            assertFinite(out.normals(0));
        }
    }

    /** A float of random sign whose magnitude is 10^e for e uniform in -5..38. */
    private static float magnitude(SplittableRandom r) {
        float m = (float) Math.pow(10, -5 + 43 * r.nextDouble());
        return r.nextBoolean() ? m : -m;
    }

    private static float[] identities(int count) {
        float[] m = new float[16 * count];
        for (int i = 0; i < count; i++) {
            new Matrix4f().get(m, 16 * i);
        }
        return m;
    }

    /**
     * Parts instancing one mesh (one {@link Part} per instance, as glTF nodes sharing a mesh read)
     * share its palette and the morph scratch; each part's result is still the same, bit for bit,
     * as posing it alone, whatever the order, the sizes and the morph weights of the others.
     */
    @Property(tries = 25, seed = "20260")
    void partsSharingAMeshPoseAsIfAlone(@ForAll long seed, @ForAll @IntRange(min = 2, max = 6) int partCount) {
        SplittableRandom r = new SplittableRandom(seed);
        Skeleton skeleton = AnimFixtures.randomSkeleton(r, 1 + r.nextInt(5));
        List<Mesh> meshes = new ArrayList<>();
        for (int m = 0; m < 2; m++) {
            meshes.add(randomMorphedMesh(r, skeleton, 1 + r.nextInt(40)));
        }
        List<Part> parts = new ArrayList<>();
        List<MorphChannel> morphs = new ArrayList<>();
        for (int p = 0; p < partCount; p++) {
            Mesh m = meshes.get(r.nextInt(meshes.size()));
            String name = "part" + p;
            parts.add(r.nextBoolean() ? Part.of(name, m) : Part.of(name, m.toBuilder()
                    .morphWeights(new float[] {AnimFixtures.range(r, -1, 1), AnimFixtures.range(r, -1, 1)}).build()));
            if (r.nextBoolean()) {
                morphs.add(MorphChannel.of(name, 2, Interpolation.LINEAR, new float[] {0, 1},
                        new float[] {AnimFixtures.range(r, -1, 1), 0, 1, AnimFixtures.range(r, -1, 1)}));
            }
        }
        AnimationClip clip = AnimationClip.of("c", AnimFixtures.randomClip(r, skeleton, 1.0, 0, false).channels(),
                morphs);
        float time = AnimFixtures.range(r, 0, 1);
        PoserOptions options = PoserOptions.DEFAULTS.withStreams(PoserOptions.Streams.POSITIONS_NORMALS);
        CharacterPoser together = CharacterPoser.bind(skeleton, parts, clip, options);
        PosedVertices out = together.newOutput();
        together.poseInto(time, out);
        for (int p = 0; p < partCount; p++) {
            CharacterPoser alone = CharacterPoser.bind(skeleton, List.of(parts.get(p)), clip, options);
            PosedVertices one = alone.newOutput();
            alone.poseInto(time, one);
            assertThat(out.positions(p)).as("part %d", p).containsExactly(one.positions(0));
            assertThat(out.normals(p)).as("part %d", p).containsExactly(one.normals(0));
            assertThat(together.skinMatricesInto(p, new float[16 * together.paletteSize(p)], 0))
                    .containsExactly(alone.skinMatricesInto(0, new float[16 * alone.paletteSize(0)], 0));
        }
    }

    private static Mesh randomMorphedMesh(SplittableRandom r, Skeleton skeleton, int vertices) {
        int bones = skeleton.boneCount();
        String[] names = new String[bones];
        float[] ibm = new float[16 * bones];
        for (int b = 0; b < bones; b++) {
            names[b] = skeleton.boneName(b);
            new Matrix4f().translation(AnimFixtures.range(r, -1, 1), 0, 0).get(ibm, 16 * b);
        }
        int[] joints = new int[2 * vertices];
        float[] weights = new float[2 * vertices];
        for (int i = 0; i < joints.length; i++) {
            joints[i] = r.nextInt(bones);
            weights[i] = AnimFixtures.range(r, 0.1, 1);
        }
        Mesh.Builder b = Mesh.builder("m" + vertices).positions(values(r, 3 * vertices))
                .normals(values(r, 3 * vertices)).skin(Skin.of(names, ibm, BoneWeights.of(2, joints, weights)));
        for (int t = 0; t < 2; t++) {
            b.addMorphTarget(MorphTarget.of("t" + t, values(r, 3 * vertices), values(r, 3 * vertices), null));
        }
        return b.build();
    }

    private static float[] values(SplittableRandom r, int n) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = AnimFixtures.range(r, -1, 1);
        }
        return a;
    }
}
