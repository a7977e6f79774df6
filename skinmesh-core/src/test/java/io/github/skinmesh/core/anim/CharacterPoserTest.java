package io.github.skinmesh.core.anim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

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
import io.github.skinmesh.core.skinning.MorphOptions;
import io.github.skinmesh.core.skinning.Morphing;
import io.github.skinmesh.core.skinning.Skinning;
import io.github.skinmesh.core.skinning.SkinningOptions;
import io.github.skinmesh.core.weights.NormalizeOptions;
import io.github.skinmesh.core.weights.Weights;
import io.github.skinmesh.core.weights.ZeroWeightPolicy;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.joml.Matrix3f;
import org.joml.Matrix4f;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

class CharacterPoserTest {
    private static final PoserOptions ALL_STREAMS =
            PoserOptions.DEFAULTS.withStreams(PoserOptions.Streams.POSITIONS_NORMALS_TANGENTS);

    /** A random skinned mesh with normals, tangents and (optionally) morph targets, on a random skeleton. */
    private static Mesh randomSkinnedMesh(SplittableRandom r, Skeleton skeleton, int vertices, int targets) {
        int bones = skeleton.boneCount();
        float[] rest = skeleton.restModelMatricesInto(new float[16 * bones], 0);
        int paletteSize = 1 + r.nextInt(bones);
        String[] names = new String[paletteSize];
        float[] ibm = new float[16 * paletteSize];
        for (int e = 0; e < paletteSize; e++) {
            int bone = bones - 1 - e;
            names[e] = skeleton.boneName(bone);
            new Matrix4f().set(rest, 16 * bone).invert().get(ibm, 16 * e);
        }
        int k = 1 + r.nextInt(4);
        int[] joints = new int[vertices * k];
        float[] weights = new float[vertices * k];
        for (int i = 0; i < joints.length; i++) {
            joints[i] = r.nextInt(paletteSize);
            weights[i] = AnimFixtures.range(r, 0.05, 1);
        }
        Mesh.Builder b = Mesh.builder("m").positions(values(r, 3 * vertices, 1)).normals(unit(r, vertices, 3))
                .tangents(unit(r, vertices, 4)).indices(new int[0])
                .skin(Skin.of(names, ibm, BoneWeights.of(k, joints, weights)));
        for (int t = 0; t < targets; t++) {
            b.addMorphTarget(MorphTarget.of("t" + t, values(r, 3 * vertices, 0.2), values(r, 3 * vertices, 0.1),
                    values(r, 3 * vertices, 0.1)));
        }
        return b.build();
    }

    private static float[] values(SplittableRandom r, int n, double range) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = AnimFixtures.range(r, -range, range);
        }
        return a;
    }

    private static float[] unit(SplittableRandom r, int vertices, int stride) {
        float[] a = new float[stride * vertices];
        for (int v = 0; v < vertices; v++) {
            Vector3f d = new Vector3f(AnimFixtures.range(r, -1, 1), AnimFixtures.range(r, -1, 1), 0.5f).normalize();
            a[stride * v] = d.x;
            a[stride * v + 1] = d.y;
            a[stride * v + 2] = d.z;
            if (stride == 4) {
                a[stride * v + 3] = r.nextBoolean() ? 1 : -1;
            }
        }
        return a;
    }

    private static AnimationClip clip(SplittableRandom r, Skeleton skeleton, String morphTarget, int targets) {
        AnimationClip bones = AnimFixtures.randomClip(r, skeleton, 1.0, 0, false);
        if (targets == 0) {
            return bones;
        }
        float[] times = AnimFixtures.keyTimes(r, 3, 0);
        float[] w = values(r, times.length * targets, 1);
        return AnimationClip.of("c", bones.channels(),
                List.of(MorphChannel.of(morphTarget, targets, Interpolation.LINEAR, times, w)));
    }

    @Property(tries = 40, seed = "4711")
    void skinnedPartEqualsTheManualPipelineBitForBit(@ForAll long seed, @ForAll @IntRange(min = 1, max = 6) int bones,
            @ForAll @IntRange(min = 0, max = 2) int targets) {
        SplittableRandom r = new SplittableRandom(seed);
        Skeleton skeleton = AnimFixtures.randomSkeleton(r, bones);
        Mesh mesh = randomSkinnedMesh(r, skeleton, 1 + r.nextInt(60), targets);
        AnimationClip clip = clip(r, skeleton, "body", targets);
        float time = AnimFixtures.range(r, -0.2, 1.5);

        CharacterPoser poser = CharacterPoser.bind(skeleton, List.of(Part.of("body", mesh)), clip, ALL_STREAMS);
        PosedVertices out = poser.newOutput();
        poser.poseInto(time, out);

        // the same steps by hand
        Pose pose = ClipSampler.bind(clip, skeleton).sample(time, Pose.rest(skeleton));
        float[] model = PoseEvaluation.modelMatricesInto(skeleton, pose, new float[16 * bones]);
        float[] palette = PoseEvaluation.skinMatricesInto(mesh.skin(), mesh.skin().bind(skeleton), model,
                new float[16 * mesh.skin().paletteSize()]);
        int n = mesh.vertexCount();
        float[] p = mesh.positions();
        float[] nn = mesh.normals();
        float[] t = mesh.tangents();
        if (targets > 0) {
            float[] w = ClipSampler.bind(clip, skeleton).sampleMorphWeights("body", time, new float[targets], 0);
            Morphing.applyInto(mesh, w, p, nn, t, MorphOptions.DEFAULTS);
        }
        BoneWeights bw = Weights.normalize(mesh.skin().weights(), NormalizeOptions.DEFAULTS
                .withZeroWeights(ZeroWeightPolicy.BIND_TO_ENTRY)).weights();
        float[] ep = new float[3 * n];
        float[] en = new float[3 * n];
        float[] et = new float[4 * n];
        Skinning.skinInto(palette, bw.influencesPerVertex(), bw.joints(), bw.weights(), p, ep, nn, en, t, et, 0, n,
                SkinningOptions.DEFAULTS);
        assertThat(out.positions(0)).containsExactly(ep);
        assertThat(out.normals(0)).containsExactly(en);
        assertThat(out.tangents(0)).containsExactly(et);
    }

    @Property(tries = 30, seed = "815")
    void partTransformActsBeforeTheBonesAndRigidPartsFollowTheirBone(@ForAll long seed,
            @ForAll @IntRange(min = 1, max = 5) int bones, @ForAll boolean mirror) {
        SplittableRandom r = new SplittableRandom(seed);
        Skeleton skeleton = AnimFixtures.randomSkeleton(r, bones);
        Mesh skinned = randomSkinnedMesh(r, skeleton, 1 + r.nextInt(30), 0);
        Matrix4f t = new Matrix4f().translate(AnimFixtures.range(r, -1, 1), 0.5f, 0)
                .rotateXYZ(AnimFixtures.range(r, -2, 2), AnimFixtures.range(r, -2, 2), 0.3f)
                .scale(mirror ? -1.5f : 1.5f, 0.75f, 1.25f);
        String bone = skeleton.boneName(r.nextInt(bones));
        Mesh rigid = Mesh.builder("rock").positions(values(r, 30, 1)).normals(unit(r, 10, 3)).build();
        AnimationClip clip = clip(r, skeleton, "", 0);
        float time = AnimFixtures.range(r, 0, 1);
        CharacterPoser poser = CharacterPoser.bind(skeleton, List.of(Part.of("s", skinned, null, t),
                Part.of("r", rigid, bone, t)), clip, PoserOptions.DEFAULTS.withStreams(
                        PoserOptions.Streams.POSITIONS_NORMALS));
        PosedVertices out = poser.newOutput();
        poser.poseInto(time, out);

        float[] model = poser.modelMatricesInto(new float[16 * bones], 0);
        Matrix4f bm = new Matrix4f().set(model, 16 * skeleton.indexOf(bone));
        // rigid: p' = model(bone) * T * p; normals along the inverse transpose of T, then the bone's 3x3
        float[] rp = rigid.positions();
        float[] rn = rigid.normals();
        Matrix3f normalT = new Matrix4f(t).normal(new Matrix3f());
        for (int v = 0; v < 10; v++) {
            Vector3f e = new Matrix4f(bm).mul(t).transformPosition(new Vector3f(rp[3 * v], rp[3 * v + 1], rp[3 * v + 2]));
            assertThat(out.positions(1)[3 * v]).isCloseTo(e.x, offset(1e-4f));
            assertThat(out.positions(1)[3 * v + 1]).isCloseTo(e.y, offset(1e-4f));
            assertThat(out.positions(1)[3 * v + 2]).isCloseTo(e.z, offset(1e-4f));
            Vector3f en = new Vector3f(rn[3 * v], rn[3 * v + 1], rn[3 * v + 2]).mul(normalT).normalize();
            new Matrix3f().set(bm).transform(en).normalize();
            assertThat(out.normals(1)[3 * v]).isCloseTo(en.x, offset(1e-4f));
            assertThat(out.normals(1)[3 * v + 1]).isCloseTo(en.y, offset(1e-4f));
            assertThat(out.normals(1)[3 * v + 2]).isCloseTo(en.z, offset(1e-4f));
        }
        // skinned: the transform is a bind-shape matrix: skinning T*p
        float[] palette = poser.skinMatricesInto(0, new float[16 * poser.paletteSize(0)], 0);
        BoneWeights w = skinned.skin().weights();
        float[] sp = skinned.positions();
        for (int v = 0; v < skinned.vertexCount(); v++) {
            Vector3f bind = t.transformPosition(new Vector3f(sp[3 * v], sp[3 * v + 1], sp[3 * v + 2]));
            double sum = 0;
            for (int k = 0; k < w.influencesPerVertex(); k++) {
                sum += w.weight(v, k);
            }
            double[] e = new double[3];
            for (int k = 0; k < w.influencesPerVertex(); k++) {
                Vector3f q = new Matrix4f().set(palette, 16 * w.joint(v, k)).transformPosition(new Vector3f(bind));
                e[0] += w.weight(v, k) / sum * q.x;
                e[1] += w.weight(v, k) / sum * q.y;
                e[2] += w.weight(v, k) / sum * q.z;
            }
            for (int c = 0; c < 3; c++) {
                assertThat((double) out.positions(0)[3 * v + c]).isCloseTo(e[c], offset(2e-4));
            }
        }
    }

    @Test
    void restPoseWithoutClipUsesDefaultMorphWeights() {
        Skeleton skeleton = Skeleton.builder("s").build();
        Skeleton.Builder sb = Skeleton.builder("s");
        sb.addBone("root", Skeleton.NO_PARENT, new Vector3f(0, 1, 0), new org.joml.Quaternionf(), new Vector3f(1));
        skeleton = sb.build();
        Mesh face = Mesh.builder("face").positions(new float[] {0, 0, 0})
                .skin(Skin.of(new String[] {"root"}, new Matrix4f().get(new float[16]),
                        BoneWeights.of(1, new int[] {0}, new float[] {1})))
                .addMorphTarget(MorphTarget.of("smile", new float[] {2, 0, 0}, null, null))
                .morphWeights(new float[] {0.5f}).build();
        Character c = Character.builder("c", skeleton).addPart(Part.of("face", face)).build();
        CharacterPoser poser = CharacterPoser.bind(c, null);
        PosedVertices out = poser.newOutput();
        poser.poseInto(123f, out); // time is ignored without a clip
        assertThat(out.positions(0)).containsExactly(1, 1, 0);
        float[] w = poser.morphWeightsInto(0, new float[1], 0);
        assertThat(w).containsExactly(0.5f);
        assertThat(poser.paletteSize(0)).isEqualTo(1);
        assertThat(poser.vertexCount()).isEqualTo(1);
        assertThat(out.bounds()).isEqualTo(new io.github.skinmesh.core.model.Bounds(1, 1, 0, 1, 1, 0));
        assertThat(out.positionsInto(new float[5], 2)).containsExactly(0, 0, 1, 1, 0);
    }

    @Test
    void morphWeightsAreTheOnesThePoseApplies() {
        Skeleton.Builder sb = Skeleton.builder("s");
        sb.addBone("root", Skeleton.NO_PARENT);
        Skeleton skeleton = sb.build();
        // a target with normal deltas only: posing positions alone morphs nothing, the weights still apply
        Mesh face = Mesh.builder("face").positions(new float[] {0, 0, 0}).normals(new float[] {0, 0, 1})
                .addMorphTarget(MorphTarget.of("frown", null, new float[] {0, 1, 0}, null))
                .morphWeights(new float[] {0.5f}).build();
        AnimationClip talk = AnimationClip.of("talk", List.of(), List.of(MorphChannel.of("face", 1,
                Interpolation.STEP, new float[] {0}, new float[] {0.75f})));
        Character c = Character.builder("c", skeleton).addPart(Part.of("face", face)).addClip(talk).build();
        CharacterPoser clip = CharacterPoser.bind(c, talk);
        clip.evaluate(0);
        assertThat(clip.morphWeightsInto(0, new float[1], 0)).as("the clip's weight").containsExactly(0.75f);
        CharacterPoser withNormals = CharacterPoser.bind(c, talk,
                PoserOptions.DEFAULTS.withStreams(PoserOptions.Streams.POSITIONS_NORMALS));
        withNormals.evaluate(0);
        assertThat(withNormals.morphWeightsInto(0, new float[1], 0)).containsExactly(0.75f);
        CharacterPoser mesh = CharacterPoser.bind(c, talk,
                PoserOptions.DEFAULTS.withMorphWeights(PoserOptions.MorphWeights.MESH));
        mesh.evaluate(0);
        assertThat(mesh.morphWeightsInto(0, new float[1], 0)).as("the mesh's default").containsExactly(0.5f);
        CharacterPoser none = CharacterPoser.bind(c, talk,
                PoserOptions.DEFAULTS.withMorphWeights(PoserOptions.MorphWeights.NONE));
        none.evaluate(0);
        assertThat(none.morphWeightsInto(0, new float[1], 0)).as("nothing applied").containsExactly(0f);
    }

    @Test
    void vertexWithoutWeightFollowsPaletteEntryZero() {
        Skeleton.Builder sb = Skeleton.builder("s");
        sb.addBone("a", Skeleton.NO_PARENT, new Vector3f(5, 0, 0), new org.joml.Quaternionf(), new Vector3f(1));
        sb.addBone("b", Skeleton.NO_PARENT, new Vector3f(0, 7, 0), new org.joml.Quaternionf(), new Vector3f(1));
        Skeleton skeleton = sb.build();
        float[] identities = new float[32];
        new Matrix4f().get(identities, 0);
        new Matrix4f().get(identities, 16);
        Mesh m = Mesh.builder("m").positions(new float[] {0, 0, 0, 1, 0, 0})
                .skin(Skin.of(new String[] {"b", "a"}, identities,
                        BoneWeights.of(1, new int[] {1, 0}, new float[] {1, 0}))).build();
        CharacterPoser poser = CharacterPoser.bind(skeleton, List.of(Part.of("m", m)), null, PoserOptions.DEFAULTS);
        PosedVertices out = poser.newOutput();
        poser.poseInto(0, out);
        assertThat(out.positions(0)).containsExactly(5, 0, 0, 1, 7, 0);
        assertThat(poser.warnings()).anyMatch(w -> w.contains("1 vertices") || w.contains("1 vertex"));
    }

    // ---- invalid input, one case each ----

    private static final Skeleton ONE = oneBone();

    private static Skeleton oneBone() {
        Skeleton.Builder b = Skeleton.builder("one");
        b.addBone("b0", Skeleton.NO_PARENT);
        return b.build();
    }

    private static Mesh point() {
        return Mesh.builder("p").positions(new float[] {0, 0, 0}).build();
    }

    @Test
    void rejectsMissingNormalsWhenAsked() {
        assertThatThrownBy(() -> CharacterPoser.bind(ONE, List.of(Part.of("p", point())), null, ALL_STREAMS))
                .isInstanceOf(ValidationException.class)
                .hasMessage("CharacterPoser: part 'p': mesh 'p' has no normals, expected normals (options ask for"
                        + " POSITIONS_NORMALS_TANGENTS)");
    }

    @Test
    void rejectsMissingTangentsWhenAsked() {
        Mesh m = point().toBuilder().normals(new float[] {0, 0, 1}).build();
        assertThatThrownBy(() -> CharacterPoser.bind(ONE, List.of(Part.of("p", m)), null, ALL_STREAMS))
                .isInstanceOf(ValidationException.class)
                .hasMessage("CharacterPoser: part 'p': mesh 'p' has no tangents, expected tangents (options ask for"
                        + " POSITIONS_NORMALS_TANGENTS)");
    }

    @Test
    void rejectsOutputOfAnotherPoser() {
        CharacterPoser a = CharacterPoser.bind(ONE, List.of(Part.of("p", point())), null, PoserOptions.DEFAULTS);
        CharacterPoser b = CharacterPoser.bind(ONE, List.of(Part.of("p", point()), Part.of("q", point())), null,
                PoserOptions.DEFAULTS);
        assertThatThrownBy(() -> a.poseInto(0, b.newOutput()))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("CharacterPoser.poseInto: output holds 2 parts")
                .hasMessageContaining("expected 1 parts");
    }

    @Test
    void rejectsOutputOfAnotherSize() {
        Mesh two = Mesh.builder("q").positions(new float[6]).build();
        CharacterPoser a = CharacterPoser.bind(ONE, List.of(Part.of("p", point())), null, PoserOptions.DEFAULTS);
        CharacterPoser b = CharacterPoser.bind(ONE, List.of(Part.of("q", two)), null, PoserOptions.DEFAULTS);
        assertThatThrownBy(() -> a.poseInto(0, b.newOutput()))
                .isInstanceOf(ValidationException.class)
                .hasMessage("CharacterPoser.poseInto: output part 0 holds 2 vertices, expected 1 (use newOutput())");
        CharacterPoser normals = CharacterPoser.bind(ONE, List.of(Part.of("p", point().toBuilder()
                .normals(new float[] {0, 0, 1}).build())), null,
                PoserOptions.DEFAULTS.withStreams(PoserOptions.Streams.POSITIONS_NORMALS));
        assertThatThrownBy(() -> a.poseInto(0, normals.newOutput()))
                .isInstanceOf(ValidationException.class)
                .hasMessage("CharacterPoser.poseInto: output holds 1 parts (normals true, tangents false), expected 1"
                        + " parts and the streams POSITIONS (use newOutput())");
    }

    @Test
    void rejectsNonFiniteTime() {
        AnimationClip clip = AnimationClip.of("c", List.of(BoneChannel.of("b0", ChannelPath.SCALE, Interpolation.STEP,
                new float[] {0}, new float[] {1, 1, 1})));
        CharacterPoser p = CharacterPoser.bind(ONE, List.of(Part.of("p", point())), clip, PoserOptions.DEFAULTS);
        PosedVertices out = p.newOutput();
        assertThatThrownBy(() -> p.poseInto(Float.NaN, out))
                .isInstanceOf(ValidationException.class)
                .hasMessage("CharacterPoser: time NaN, expected a finite number of seconds");
    }

    @Test
    void rejectsMatrixQueriesBeforeAnyPose() {
        CharacterPoser p = CharacterPoser.bind(ONE, List.of(Part.of("p", point())), null, PoserOptions.DEFAULTS);
        assertThatThrownBy(() -> p.modelMatricesInto(new float[16], 0))
                .isInstanceOf(ValidationException.class)
                .hasMessage("CharacterPoser.modelMatricesInto: no pose evaluated yet, call evaluate or poseInto first");
        p.evaluate(0);
        assertThatThrownBy(() -> p.skinMatricesInto(0, new float[15], 0))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("CharacterPoser.skinMatricesInto: dst length 15, needs at least");
    }
}
