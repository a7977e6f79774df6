package io.github.skinmesh.core.combine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.CancelledException;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.model.AlphaMode;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphChannel;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

/**
 * {@link Combine#combine}: one case per invalid input (asserting type and message) and the
 * behaviour of each step on small hand-made parts.
 */
class CombineTest {
    /** hips - spine - chest - (neck - head, arm - hand), hips - leg; rest pose away from the identity. */
    static Skeleton body() {
        Skeleton.Builder b = Skeleton.builder("body");
        int hips = b.addBone("hips", Skeleton.NO_PARENT, new Vector3f(0, 1, 0), new Quaternionf(), new Vector3f(1));
        int spine = b.addBone("spine", hips, new Vector3f(0, 0.2f, 0), new Quaternionf().rotateZ(0.1f), new Vector3f(1));
        int chest = b.addBone("chest", spine, new Vector3f(0, 0.2f, 0), new Quaternionf(), new Vector3f(1));
        int neck = b.addBone("neck", chest, new Vector3f(0, 0.2f, 0), new Quaternionf().rotateX(0.2f), new Vector3f(1));
        b.addBone("head", neck, new Vector3f(0, 0.1f, 0), new Quaternionf(), new Vector3f(1));
        int arm = b.addBone("arm", chest, new Vector3f(0.2f, 0.1f, 0), new Quaternionf().rotateZ(-1.2f), new Vector3f(1));
        b.addBone("hand", arm, new Vector3f(0, 0.3f, 0), new Quaternionf(), new Vector3f(1));
        b.addBone("leg", hips, new Vector3f(0.1f, -0.1f, 0), new Quaternionf().rotateZ(3.1f), new Vector3f(1));
        return b.build();
    }

    /** A quad (two triangles) at {@code x}, skinned to the given bones, bound at the rest pose. */
    static Mesh quad(String name, Skeleton s, float x, Material material, String... bones) {
        float[] p = {x, 0, 0, x + 1, 0, 0, x + 1, 1, 0, x, 1, 0};
        int n = 4;
        int k = bones.length;
        int[] joints = new int[k * n];
        float[] weights = new float[k * n];
        for (int v = 0; v < n; v++) {
            for (int j = 0; j < k; j++) {
                joints[k * v + j] = j;
                weights[k * v + j] = 1f / k;
            }
        }
        float[] ibm = new float[16 * k];
        for (int e = 0; e < k; e++) {
            CombineFixtures.restModel(s, s.indexOf(bones[e])).invert().get(ibm, 16 * e);
        }
        return Mesh.builder(name).positions(p).normals(new float[] {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1})
                .addUvs(new float[] {0, 0, 1, 0, 1, 1, 0, 1}).indices(new int[] {0, 1, 2, 0, 2, 3})
                .addMaterial(material).skin(Skin.of(bones, ibm, BoneWeights.of(k, joints, weights))).build();
    }

    static Mesh rigidQuad(String name, float x) {
        return Mesh.builder(name).positions(new float[] {x, 0, 0, x + 1, 0, 0, x + 1, 1, 0, x, 1, 0})
                .indices(new int[] {0, 1, 2, 0, 2, 3}).build();
    }

    static final Material OPAQUE = Material.builder("opaque").build();

    // --- bad input, one case each ---

    @Test
    void partsDisagreeingOnABonesParent() {
        Skeleton a = body();
        Skeleton.Builder other = Skeleton.builder("coat-rig");
        int hips = other.addBone("hips", Skeleton.NO_PARENT);
        int chest = other.addBone("chest", hips);
        other.addBone("spine", chest);
        Skeleton b = other.build();
        List<CombineInput> inputs = List.of(CombineInput.of(a, Part.of("body", quad("body", a, 0, OPAQUE, "spine"))),
                CombineInput.of(b, Part.of("coat", quad("coat", b, 1, OPAQUE, "spine"))));
        assertThatThrownBy(() -> Combine.combine(inputs)).isInstanceOf(ValidationException.class)
                .hasMessage("combine: part 'body' (input 0) and part 'coat' (input 1) disagree on the parent of bone"
                        + " 'chest': parent 'spine' in skeleton 'body', parent 'hips' in skeleton 'coat-rig';"
                        + " expected one hierarchy");
    }

    @Test
    void anUnknownBoneUnderTheStrictPolicy() {
        Skeleton a = body();
        Skeleton.Builder tb = Skeleton.builder("tailed");
        tb.addBone("hips", Skeleton.NO_PARENT);
        tb.addBone("tail", 0);
        Skeleton tailed = tb.build();
        List<CombineInput> inputs = List.of(CombineInput.of(a, Part.of("body", quad("body", a, 0, OPAQUE, "hips"))),
                CombineInput.of(tailed, Part.of("tail", quad("tail", tailed, 1, OPAQUE, "hips", "tail"))));
        assertThatThrownBy(() -> Combine.combine(inputs, CombineOptions.DEFAULTS.withSkeleton(a)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("combine: part 'tail' (input 1): palette entry 1 bone 'tail' is not in skeleton 'body',"
                        + " expected every weighted bone in the target skeleton"
                        + " (or RemapOptions.UnknownBones.MOVE_TO_ANCESTOR)");
    }

    @Test
    void aPartWithoutSkinAndWithoutBoneParent() {
        Skeleton a = body();
        List<CombineInput> inputs = List.of(CombineInput.of(a, Part.of("body", quad("body", a, 0, OPAQUE, "hips"))),
                CombineInput.of(a, Part.of("prop", rigidQuad("prop", 2))));
        assertThatThrownBy(() -> Combine.combine(inputs)).isInstanceOf(ValidationException.class)
                .hasMessage("combine: part 'prop' (input 1): has neither a skin nor an attach bone, expected a"
                        + " skinned mesh or a rigid mesh hanging from a bone (or CombineOptions.bindUnattachedTo)");
    }

    @Test
    void anEmptyPartList() {
        assertThatThrownBy(() -> Combine.combine(List.of())).isInstanceOf(ValidationException.class)
                .hasMessage("combine: inputs is empty, expected at least one part");
    }

    @Test
    void aResultOfMoreIndicesThanAnArrayHoldsIsRejectedBeforeAllocating() {
        Skeleton a = body();
        int indexCount = 3 << 21;
        int[] indices = new int[indexCount]; // all zero: degenerate triangles of vertex 0
        Mesh big = Mesh.builder("big").positions(new float[3]).indices(indices).build();
        List<CombineInput> inputs = new ArrayList<>();
        int parts = (int) (((long) Integer.MAX_VALUE) / indexCount) + 1;
        for (int i = 0; i < parts; i++) {
            inputs.add(CombineInput.of(a, Part.of("p" + i, big, "hips", new Matrix4f())));
        }
        long total = (long) parts * indexCount;
        assertThat(total).isGreaterThan(Integer.MAX_VALUE);
        Runtime rt = Runtime.getRuntime();
        long before = rt.totalMemory() - rt.freeMemory();
        assertThatThrownBy(() -> Combine.combine(inputs)).isInstanceOf(ValidationException.class)
                .hasMessage("combine: part 'p" + (parts - 1) + "' (input " + (parts - 1) + ") brings the result to "
                        + total + " indices, expected at most " + (Integer.MAX_VALUE - 8)
                        + " (the largest array; an int index list holds at most 2^31-1)");
        long after = rt.totalMemory() - rt.freeMemory();
        assertThat(after - before).as("bytes allocated before failing").isLessThan(64L << 20);
    }

    @Test
    void aBindUnattachedToBoneMissingFromThePartsSkeleton() {
        Skeleton a = body();
        List<CombineInput> inputs = List.of(CombineInput.of(a, Part.of("prop", rigidQuad("prop", 2))));
        assertThatThrownBy(() -> Combine.combine(inputs, CombineOptions.DEFAULTS.withBindUnattachedTo("tail")))
                .isInstanceOf(ValidationException.class)
                .hasMessage("combine: part 'prop' (input 0): has neither a skin nor an attach bone, and bone 'tail'"
                        + " (bindUnattachedTo) is not in its skeleton 'body'");
    }

    @Test
    void attributesOfDifferentWidths() {
        Skeleton a = body();
        Mesh one = quad("one", a, 0, OPAQUE, "hips").toBuilder().addAttribute("VAT", 2, new float[8]).build();
        Mesh two = quad("two", a, 1, OPAQUE, "hips").toBuilder().addAttribute("VAT", 3, new float[12]).build();
        assertThatThrownBy(() -> Combine.combine(List.of(CombineInput.of(a, Part.of("one", one)),
                CombineInput.of(a, Part.of("two", two))))).isInstanceOf(ValidationException.class)
                .hasMessage("combine: vertex attribute 'VAT' has 2 components in part 'one' (input 0) and 3 in part"
                        + " 'two' (input 1), expected the same component count");
    }

    @Test
    void morphNamesClashingUnderTheRejectPolicy() {
        Skeleton a = body();
        Mesh one = withMorph(quad("one", a, 0, OPAQUE, "hips"), "Smile", 0);
        Mesh two = withMorph(quad("two", a, 1, OPAQUE, "hips"), "Smile", 0);
        assertThatThrownBy(() -> Combine.combine(List.of(CombineInput.of(a, Part.of("one", one)),
                CombineInput.of(a, Part.of("two", two))),
                CombineOptions.DEFAULTS.withMorphNameClash(CombineOptions.MorphNameClash.REJECT)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("combine: part 'one' (input 0) and part 'two' (input 1) both have morph target 'Smile',"
                        + " expected distinct names (MorphNameClash.REJECT)");
    }

    @Test
    void anUnknownBoneWithoutAnAncestorInTheTarget() {
        Skeleton a = body();
        Skeleton.Builder tb = Skeleton.builder("floating");
        tb.addBone("prop", Skeleton.NO_PARENT);
        Skeleton floating = tb.build();
        List<CombineInput> inputs = List.of(CombineInput.of(floating,
                Part.of("prop", quad("prop", floating, 0, OPAQUE, "prop"))));
        CombineOptions options = CombineOptions.DEFAULTS.withSkeleton(a)
                .withRemap(RemapOptions.DEFAULTS.withUnknownBones(RemapOptions.UnknownBones.MOVE_TO_ANCESTOR));
        assertThatThrownBy(() -> Combine.combine(inputs, options)).isInstanceOf(ValidationException.class)
                .hasMessage("combine: part 'prop' (input 0): palette entry 0 bone 'prop' is not in skeleton 'body'"
                        + " and neither is any of its ancestors in skeleton 'floating', expected an ancestor to move"
                        + " its influence to");
    }

    @Test
    void inputsAndOptionsAreChecked() {
        Skeleton a = body();
        Skeleton.Builder small = Skeleton.builder("small");
        small.addBone("hips", Skeleton.NO_PARENT);
        Mesh m = quad("coat", a, 0, OPAQUE, "spine");
        assertThatThrownBy(() -> CombineInput.of(small.build(), Part.of("coat", m)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("combine input: part 'coat': palette entry 0 bone 'spine' is not in skeleton 'small'");
        Character c = Character.builder("hero", a).addPart(Part.of("body", m)).build();
        assertThatThrownBy(() -> CombineInput.of(c, Part.of("hat", m))).isInstanceOf(ValidationException.class)
                .hasMessage("combine input: part 'hat' is not a part of character 'hero'");
        assertThatThrownBy(() -> CombineOptions.DEFAULTS.withWeldDistance(-1)).isInstanceOf(ValidationException.class)
                .hasMessage("CombineOptions: weldDistance=-1.0, expected 0.0..3.4028235E38");
        assertThatThrownBy(() -> CombineOptions.DEFAULTS.withDeviationSamples(2000))
                .isInstanceOf(ValidationException.class)
                .hasMessage("CombineOptions: deviationSamples=2000, expected 0..1024");
        assertThatThrownBy(() -> CombineOptions.DEFAULTS.withBindUnattachedTo(""))
                .isInstanceOf(ValidationException.class)
                .hasMessage("CombineOptions: bindUnattachedTo is empty, expected a bone name or null");
        assertThatThrownBy(() -> RemapOptions.DEFAULTS.withBindTolerance(2)).isInstanceOf(ValidationException.class)
                .hasMessage("RemapOptions: bindTolerance=2.0, expected 0.0..1.0");
    }

    // --- behaviour ---

    @Test
    void aRigidPartBecomesSkinnedToItsBoneWithWeightOne() {
        Skeleton a = body();
        Matrix4f grip = new Matrix4f().translation(0, 0.1f, 0).rotateY(0.5f);
        Character hero = Character.builder("hero", a)
                .addPart(Part.of("sword", rigidQuad("sword", 0), "hand", grip)).build();
        CombineResult r = Combine.combine(CombineInput.allOf(hero));
        Mesh out = r.mesh();
        assertThat(out.skin().boneNames()).containsExactly("hand");
        assertThat(out.skin().weights().influencesPerVertex()).isEqualTo(1);
        for (int v = 0; v < 4; v++) {
            assertThat(out.skin().weights().weight(v, 0)).isEqualTo(1f);
        }
        assertThat(out.skin().inverseBindMatrix(0, new Matrix4f())).isEqualTo(new Matrix4f());
        assertThat(out.positions()).containsExactly(rigidQuad("sword", 0).transformed(grip).positions());
        assertThat(r.report().bonesBefore()).isEqualTo(1);
        assertSamePoses(hero, r, 0.7f);
    }

    @Test
    void aRigidPartSharingABoneWithASkinnedPartTakesItsBindMatrixExactly() {
        Skeleton a = body();
        Character hero = Character.builder("hero", a).addPart(Part.of("hat", rigidQuad("hat", 0), "head",
                new Matrix4f().translation(0, 0.2f, 0))).addPart(Part.of("head", quad("head", a, 2, OPAQUE, "head")))
                .build();
        CombineResult r = Combine.combine(CombineInput.allOf(hero));
        assertThat(r.mesh().skin().boneNames()).containsExactly("head");
        Matrix4f kept = r.mesh().skin().inverseBindMatrix(0, new Matrix4f());
        assertThat(kept).isEqualTo(CombineFixtures.restModel(a, a.indexOf("head")).invert());
        assertThat(r.report().corrections()).hasSize(1);
        BindCorrection c = r.report().corrections().get(0);
        assertThat(c.bone()).isEqualTo("head");
        assertThat(c.part()).isZero();
        assertThat(c.referencePart()).isEqualTo(1);
        assertThat(c.vertices()).isEqualTo(4);
        assertThat(c.isExact()).isTrue();
        assertThat(c.deviationBound()).isZero();
        assertThat(c.measuredDeviation()).isLessThan(1e-5f);
        assertSamePoses(hero, r, 0.3f);
    }

    /** {@link #quad} bound in another bind space: its positions, normals and inverse binds moved by {@code moved}. */
    static Mesh movedQuad(String name, Skeleton s, float x, Matrix4f moved, String... bones) {
        Mesh plain = quad(name, s, x, OPAQUE, bones);
        float[] p = plain.positions();
        float[] n = plain.normals();
        for (int v = 0; v < p.length; v += 3) {
            Vector3f q = moved.transformPosition(new Vector3f(p[v], p[v + 1], p[v + 2]));
            Vector3f d = moved.transformDirection(new Vector3f(n[v], n[v + 1], n[v + 2]));
            p[v] = q.x;
            p[v + 1] = q.y;
            p[v + 2] = q.z;
            n[v] = d.x;
            n[v + 1] = d.y;
            n[v + 2] = d.z;
        }
        Skin skin = plain.skin();
        float[] ibm = skin.inverseBindMatricesInto(new float[16 * bones.length], 0);
        Matrix4f back = new Matrix4f(moved).invert();
        for (int e = 0; e < bones.length; e++) {
            new Matrix4f().set(ibm, 16 * e).mul(back).get(ibm, 16 * e);
        }
        return plain.toBuilder().positions(p).normals(n).skin(Skin.of(skin.boneNames(), ibm, skin.weights())).build();
    }

    static final Matrix4f MOVED = new Matrix4f().translation(0.3f, -0.2f, 0.5f).rotateY(0.7f);

    static AnimationClip wave() {
        return AnimationClip.of("wave", List.of(
                BoneChannel.of("arm", ChannelPath.ROTATION, Interpolation.LINEAR, new float[] {0, 1},
                        quaternions(new Quaternionf().rotateZ(-1.2f), new Quaternionf().rotateZ(-0.4f).rotateX(0.5f))),
                BoneChannel.of("hand", ChannelPath.ROTATION, Interpolation.LINEAR, new float[] {0, 1},
                        quaternions(new Quaternionf(), new Quaternionf().rotateX(1.1f))),
                BoneChannel.of("head", ChannelPath.ROTATION, Interpolation.LINEAR, new float[] {0, 1},
                        quaternions(new Quaternionf(), new Quaternionf().rotateY(0.9f)))));
    }

    /**
     * A cape bound in another bind space (its vertices and matrices moved by one rigid transform)
     * that shares "chest" and "arm" with the torso and brings "hand" itself: the hand keeps its
     * matrix times the inverse of the shared correction, so that every vertex of the cape, weighting
     * all three, is re-expressed exactly and skins as before at a pose away from the bind pose. (The
     * hand used to keep the cape's own matrix, and the cape's vertices blended the shared correction
     * with the identity: off by 0.50 at that pose, on a character 3.8 units across.) A glove of the
     * same moved space after it, sharing only the re-based hand and bringing "head", follows it into
     * that correction and stays exact too.
     */
    @Test
    void aPartBoundInAnotherSpaceBringsItsOwnBonesIntoTheSharedCorrection() {
        Skeleton a = body();
        Character hero = Character.builder("hero", a).addPart(Part.of("torso", quad("torso", a, 0, OPAQUE, "chest", "arm")))
                .addPart(Part.of("cape", movedQuad("cape", a, 2, MOVED, "chest", "arm", "hand")))
                .addPart(Part.of("glove", movedQuad("glove", a, 4, MOVED, "hand", "head"))).addClip(wave()).build();
        CombineResult r = Combine.combine(CombineInput.allOf(hero));
        assertThat(r.report().corrections()).extracting(BindCorrection::bone)
                .containsExactly("chest", "arm", "hand", "head", "hand");
        assertThat(r.report().corrections()).extracting(BindCorrection::part).containsExactly(1, 1, 1, 2, 2);
        assertThat(r.report().corrections()).extracting(BindCorrection::referencePart).containsExactly(0, 0, 1, 2, 1);
        for (BindCorrection c : r.report().corrections()) {
            assertThat(c.vertices()).isEqualTo(4);
            assertThat(c.isExact()).as(c.bone()).isTrue();
            assertThat(c.deviationBound()).isZero();
        }
        assertSamePoses(hero, r, 0.8f);
    }

    /**
     * A bone an earlier part already uses (here a rigid sword on the hand) is not re-based by a
     * later part in another bind space: the sword's vertices were expressed against the hand's
     * first matrix, so the cape keeps its old treatment (its shared bones corrected, the hand
     * kept) and the sword skins as before at every pose. (Re-basing the hand under the sword moved
     * the sword by 2.35 at the pose below.)
     */
    @Test
    void aBoneAnEarlierPartUsesIsNotReBased() {
        Skeleton a = body();
        Character hero = Character.builder("hero", a).addPart(Part.of("torso", quad("torso", a, 0, OPAQUE, "chest", "arm")))
                .addPart(Part.of("sword", rigidQuad("sword", 0), "hand", new Matrix4f().translation(0, 0.2f, 0)))
                .addPart(Part.of("cape", movedQuad("cape", a, 2, MOVED, "chest", "arm", "hand"))).addClip(wave()).build();
        CombineResult r = Combine.combine(CombineInput.allOf(hero));
        Matrix4f kept = r.mesh().skin().inverseBindMatrix(Arrays.asList(r.mesh().skin().boneNames()).indexOf("hand"), new Matrix4f());
        Matrix4f capeHand = hero.parts().get(2).mesh().skin().inverseBindMatrix(2, new Matrix4f());
        assertThat(kept.equals(capeHand, 1e-6f)).as("the hand keeps the cape's own matrix").isTrue();
        assertThat(r.report().corrections()).extracting(BindCorrection::bone).containsExactly("hand", "chest", "arm");
        assertThat(r.report().corrections().get(0).isExact()).isTrue(); // the sword, rigid on the hand
        float t = 0.8f;
        CharacterPoser before = CharacterPoser.bind(hero, hero.clips().get(0));
        CharacterPoser after = CharacterPoser.bind(r.character(), r.character().clips().get(0));
        PosedVertices x = before.newOutput();
        PosedVertices y = after.newOutput();
        before.poseInto(t, x);
        after.poseInto(t, y);
        for (int v = 0; v < x.vertexCount(1); v++) {
            int o = r.report().provenance().outputVertex(1, v);
            assertThat(CombinePropertiesTest.distance(x.positions(1), 3 * v, y.positions(0), 3 * o)).as("sword vertex %d", v)
                    .isLessThan(1e-5);
        }
    }

    private static float[] quaternions(Quaternionf... qs) {
        float[] out = new float[4 * qs.length];
        for (int i = 0; i < qs.length; i++) {
            out[4 * i] = qs[i].x;
            out[4 * i + 1] = qs[i].y;
            out[4 * i + 2] = qs[i].z;
            out[4 * i + 3] = qs[i].w;
        }
        return out;
    }

    @Test
    void anUnattachedRigidPartCanBeBoundToANamedBone() {
        Skeleton a = body();
        Character hero = Character.builder("hero", a).addPart(Part.of("crate", rigidQuad("crate", 3))).build();
        CombineResult r = Combine.combine(CombineInput.allOf(hero), CombineOptions.DEFAULTS.withBindUnattachedTo("hips"));
        assertThat(r.mesh().skin().boneNames()).containsExactly("hips");
        assertThat(r.mesh().positions()).containsExactly(rigidQuad("crate", 3).positions());
        // at the rest pose it stays where it was, then follows the hips
        CharacterPoser poser = CharacterPoser.bind(r.character(), null);
        PosedVertices out = poser.newOutput();
        poser.poseInto(0, out);
        float[] rest = rigidQuad("crate", 3).positions();
        for (int i = 0; i < rest.length; i++) {
            assertThat(out.positions(0)[i]).isCloseTo(rest[i], org.assertj.core.data.Offset.offset(1e-5f));
        }
    }

    @Test
    void aPartWithoutVerticesHasNoFirstVertex() {
        Skeleton a = body();
        Mesh empty = Mesh.builder("strap").positions(new float[0]).skin(Skin.of(new String[] {"hips"},
                new Matrix4f().get(new float[16]), BoneWeights.of(1, new int[0], new float[0]))).build();
        CombineResult r = Combine.combine(List.of(CombineInput.of(a, Part.of("body", quad("body", a, 0, OPAQUE,
                "spine"))), CombineInput.of(a, Part.of("strap", empty))));
        Provenance p = r.report().provenance();
        assertThat(p.firstVertex(0)).isZero();
        assertThat(p.firstVertex(1)).isEqualTo(io.github.skinmesh.core.model.Index.NONE);
        assertThat(p.outputVertex(1, 0)).isEqualTo(io.github.skinmesh.core.model.Index.NONE);
        assertThatThrownBy(() -> p.firstVertex(2)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void equalMaterialsBecomeOneSubmeshDrawnOpaqueThenMaskThenBlend() {
        Skeleton a = body();
        Material skin = CombineFixtures.MATERIALS[0];
        Material skinCopy = CombineFixtures.MATERIALS[4];
        Material hair = CombineFixtures.MATERIALS[2];
        Material glass = CombineFixtures.MATERIALS[3];
        List<CombineInput> inputs = List.of(
                CombineInput.of(a, Part.of("glasses", quad("glasses", a, 0, glass, "head"))),
                CombineInput.of(a, Part.of("head", quad("head", a, 1, skin, "head"))),
                CombineInput.of(a, Part.of("hair", quad("hair", a, 2, hair, "head"))),
                CombineInput.of(a, Part.of("hands", quad("hands", a, 3, skinCopy, "hand"))));
        CombineResult r = Combine.combine(inputs);
        Mesh out = r.mesh();
        assertThat(out.materials()).extracting(Material::name).containsExactly("skin", "hair", "glass");
        assertThat(out.submeshes()).containsExactly(new Submesh(0, 12, 0), new Submesh(12, 6, 1),
                new Submesh(18, 6, 2));
        assertThat(out.materials().get(1).alphaMode()).isEqualTo(AlphaMode.MASK);
        assertThat(r.report().drawCallsBefore()).isEqualTo(4);
        assertThat(r.report().drawCallsAfter()).isEqualTo(3);
        // vertices follow the draw order: head and hands (skin), hair (mask), glasses (blend)
        assertThat(r.report().provenance().firstVertex(1)).isZero();
        assertThat(r.report().provenance().firstVertex(3)).isEqualTo(4);
        assertThat(r.report().provenance().firstVertex(2)).isEqualTo(8);
        assertThat(r.report().provenance().firstVertex(0)).isEqualTo(12);
        // head's then hands' triangles in the first submesh, offset to their vertices
        assertThat(Arrays.copyOfRange(out.indices(), 0, 12)).containsExactly(0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7);
        assertThat(Arrays.copyOfRange(out.indices(), 12, 24)).containsExactly(8, 9, 10, 8, 10, 11, 12, 13, 14, 12,
                14, 15);
        assertThat(r.report().provenance().indexRanges(3)).containsExactly(new Provenance.IndexRange(3, 0, 6, 6));
        assertThat(r.report().indexWidth()).isEqualTo(IndexWidth.UINT16);
        assertThat(r.report().bonesBefore()).isEqualTo(4);
        assertThat(r.report().bonesAfter()).isEqualTo(2);
        assertThat(out.skin().boneNames()).containsExactly("head", "hand");
    }

    @Test
    void theIndexWidthFollowsTheVertexCount() {
        assertThat(IndexWidth.forVertexCount(65535)).isEqualTo(IndexWidth.UINT16);
        assertThat(IndexWidth.forVertexCount(65536)).isEqualTo(IndexWidth.UINT32);
        Skeleton a = body();
        Mesh big = Mesh.builder("big").positions(new float[3 * 40000]).build();
        CombineResult r = Combine.combine(List.of(CombineInput.of(a, Part.of("a", big, "hips", new Matrix4f())),
                CombineInput.of(a, Part.of("b", big, "hips", new Matrix4f()))));
        assertThat(r.report().indexWidth()).isEqualTo(IndexWidth.UINT32);
        assertThat(r.report().verticesAfter()).isEqualTo(80000);
        assertThat(r.mesh().requiresIndex32()).isTrue();
    }

    @Test
    void thePaletteHoldsTheWeightedBonesInSkeletonOrderOrAll() {
        Skeleton a = body();
        Mesh m = quad("m", a, 0, OPAQUE, "hand", "spine");
        List<CombineInput> in = List.of(CombineInput.of(a, Part.of("m", m)));
        assertThat(Combine.combine(in).mesh().skin().boneNames()).containsExactly("spine", "hand");
        CombineResult all = Combine.combine(in, CombineOptions.DEFAULTS.withPalette(CombineOptions.PaletteBones.ALL));
        assertThat(all.mesh().skin().boneNames()).containsExactly("hips", "spine", "chest", "neck", "head", "arm",
                "hand", "leg");
        // a bone no part binds keeps the inverse of its rest model matrix
        assertThat(all.mesh().skin().inverseBindMatrix(0, new Matrix4f()))
                .isEqualTo(CombineFixtures.restModel(a, 0).invert());
        // a palette bone without weight is dropped and reported
        Mesh unweighted = Mesh.builder("u").positions(m.positions()).indices(m.indices())
                .skin(Skin.of(new String[] {"arm", "leg"}, identities(2), BoneWeights.of(1, new int[4],
                        new float[] {1, 1, 1, 1}))).build();
        CombineResult r = Combine.combine(List.of(CombineInput.of(a, Part.of("u", unweighted))));
        assertThat(r.mesh().skin().boneNames()).containsExactly("arm");
        assertThat(r.report().droppedBones()).containsExactly("leg");
    }

    @Test
    void anUnknownBonesInfluenceMovesToItsNearestAncestorInTheTarget() {
        Skeleton a = body();
        Skeleton.Builder tb = Skeleton.builder("target");
        tb.addBone("hips", Skeleton.NO_PARENT, new Vector3f(0, 1, 0), new Quaternionf(), new Vector3f(1));
        tb.addBone("spine", 0, new Vector3f(0, 0.2f, 0), new Quaternionf().rotateZ(0.1f), new Vector3f(1));
        Skeleton target = tb.build();
        Mesh coat = quad("coat", a, 0, OPAQUE, "chest", "arm");
        CombineOptions options = CombineOptions.DEFAULTS.withSkeleton(target)
                .withRemap(RemapOptions.DEFAULTS.withUnknownBones(RemapOptions.UnknownBones.MOVE_TO_ANCESTOR));
        CombineResult r = Combine.combine(List.of(CombineInput.of(a, Part.of("coat", coat))), options);
        assertThat(r.report().moves()).containsExactly(new BoneMove(0, "coat", "chest", "spine", 4),
                new BoneMove(0, "coat", "arm", "spine", 4));
        assertThat(r.report().droppedBones()).containsExactly("chest", "arm");
        assertThat(r.mesh().skin().boneNames()).containsExactly("spine");
        // both slots ended on one bone: merged into one of weight 1
        assertThat(r.mesh().skin().weights().weight(0, 0)).isEqualTo(1f);
        assertThat(r.mesh().skin().weights().weight(0, 1)).isZero();
        // the vertices do not move at the bind pose
        CharacterPoser poser = CharacterPoser.bind(r.character(), null);
        PosedVertices out = poser.newOutput();
        poser.poseInto(0, out);
        float[] p = coat.positions();
        for (int i = 0; i < p.length; i++) {
            assertThat(out.positions(0)[i]).isCloseTo(p[i], org.assertj.core.data.Offset.offset(1e-5f));
        }
    }

    @Test
    void inverseBindMatricesCanBeRecomputedFromTheRestPose() {
        Skeleton a = body();
        Mesh m = quad("m", a, 0, OPAQUE, "spine");
        Skin skin = m.skin();
        Mesh odd = m.toBuilder().skin(Skin.of(skin.boneNames(), identities(1), skin.weights())).build();
        CombineOptions options = CombineOptions.DEFAULTS.withRemap(
                RemapOptions.DEFAULTS.withInverseBinds(RemapOptions.InverseBinds.FROM_TARGET_REST));
        CombineResult r = Combine.combine(List.of(CombineInput.of(a, Part.of("m", odd))), options);
        assertThat(r.mesh().skin().inverseBindMatrix(0, new Matrix4f()))
                .isEqualTo(new Matrix4f().set(Matrices.inverseRestModel(a, a.indexOf("spine"))));
        assertThat(r.mesh().positions()).containsExactly(odd.positions());
        assertThat(r.report().corrections()).isEmpty();
    }

    @Test
    void morphTargetsMergeByNameOrAreRenamed() {
        Skeleton a = body();
        Mesh one = withMorph(quad("one", a, 0, OPAQUE, "hips"), "Smile", 0.5f);
        Mesh two = withMorph(quad("two", a, 1, OPAQUE, "hips"), "Smile", 0.25f);
        Mesh plain = quad("plain", a, 2, OPAQUE, "hips");
        List<CombineInput> in = List.of(CombineInput.of(a, Part.of("one", one)), CombineInput.of(a, Part.of("two", two)),
                CombineInput.of(a, Part.of("plain", plain)));
        CombineResult merged = Combine.combine(in);
        assertThat(merged.mesh().morphTargets()).extracting(MorphTarget::name).containsExactly("Smile");
        assertThat(merged.mesh().morphWeights()).containsExactly(0.5f);
        float[] deltas = merged.mesh().morphTargets().get(0).positions();
        assertThat(Arrays.copyOfRange(deltas, 24, 36)).containsOnly(0f);
        assertThat(merged.report().warnings()).contains(
                "part 'two': morph target 'Smile' has default weight 0.25 but 0.5 in part 'one'; 0.5 kept",
                "part 'plain': has no morph target 'Smile'; zero deltas");
        CombineResult renamed = Combine.combine(in,
                CombineOptions.DEFAULTS.withMorphNameClash(CombineOptions.MorphNameClash.RENAME));
        assertThat(renamed.mesh().morphTargets()).extracting(MorphTarget::name).containsExactly("Smile", "Smile.two");
        assertThat(renamed.mesh().morphWeights()).containsExactly(0.5f, 0.25f);
        assertThat(renamed.report().warnings()).contains(
                "part 'two': morph target 'Smile' is also a target of an earlier part; renamed 'Smile.two'");
    }

    @Test
    void missingStreamsAreFilledAndWarnedAbout() {
        Skeleton a = body();
        Mesh colored = quad("colored", a, 0, OPAQUE, "hips").toBuilder()
                .colors(new float[] {0.5f, 0, 0, 1, 0.5f, 0, 0, 1, 0.5f, 0, 0, 1, 0.5f, 0, 0, 1}).build();
        Mesh bare = Mesh.builder("bare").positions(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}).indices(new int[] {0, 1, 2})
                .skin(Skin.of(new String[] {"hips"}, identities(1), BoneWeights.of(1, new int[3], new float[] {1, 1, 1})))
                .build();
        CombineResult r = Combine.combine(List.of(CombineInput.of(a, Part.of("colored", colored)),
                CombineInput.of(a, Part.of("bare", bare))));
        assertThat(r.report().warnings()).contains(
                "part 'bare': has no normals; computed from its triangles (area- and angle-weighted)",
                "part 'bare': has no colors; filled with white (1, 1, 1, 1)",
                "part 'bare': has 0 UV channels of 1; channel 0 filled with (0, 0)");
        float[] normals = r.mesh().normals();
        assertThat(Arrays.copyOfRange(normals, 12, 21)).containsExactly(0, 0, 1, 0, 0, 1, 0, 0, 1);
        assertThat(Arrays.copyOfRange(r.mesh().colors(), 16, 28)).containsOnly(1f);
    }

    @Test
    void drawsAreDroppedAndVerticesWithoutWeightFollowEntryZero() {
        Skeleton a = body();
        Mesh m = quad("m", a, 0, OPAQUE, "spine", "chest");
        Mesh drawn = m.toBuilder().clearSubmeshes().addSubmesh(new Submesh(0, 6, 0, List.of(Draw.of(0, 6, 0, 1))))
                .skin(m.skin().withWeights(BoneWeights.of(2, new int[] {0, 1, 0, 1, 0, 1, 0, 0},
                        new float[] {0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0, 0}))).build();
        CombineResult r = Combine.combine(List.of(CombineInput.of(a, Part.of("m", drawn))));
        assertThat(r.mesh().hasDraws()).isFalse();
        assertThat(r.report().drawCallsBefore()).isEqualTo(1);
        assertThat(r.report().warnings()).contains(
                "part 'm': 1 vertex has no weight; bound to palette entry 0 (bone 'spine') with weight 1, as the poser"
                        + " treats them",
                "part 'm': its 1 draws (bone-palette partitions) were dropped; partition the combined mesh again");
        assertThat(r.mesh().skin().boneName(r.mesh().skin().weights().joint(3, 0))).isEqualTo("spine");
        assertThat(r.mesh().skin().weights().weight(3, 0)).isEqualTo(1f);
    }

    @Test
    void seamsWeldAcrossPartsOnlyWhereSkinningAgrees() {
        Skeleton a = body();
        // two quads sharing the edge x = 1, same UVs there; "right" is a second part
        Mesh left = quad("left", a, 0, OPAQUE, "spine");
        Mesh right = quad("right", a, 1, OPAQUE, "spine").toBuilder().clearUvs().addUvs(new float[] {1, 0, 0, 0, 0, 1, 1, 1})
                .normals(new float[] {0.6f, 0, 0.8f, 0.6f, 0, 0.8f, 0.6f, 0, 0.8f, 0.6f, 0, 0.8f}).build();
        // left's vertices 1 (1,0,0) and 2 (1,1,0) have UVs (1,0) and (1,1): equal to right's 0 and 3
        List<CombineInput> in = List.of(CombineInput.of(a, Part.of("left", left)), CombineInput.of(a, Part.of("right", right)));
        CombineResult welded = Combine.combine(in, CombineOptions.DEFAULTS.withWelding(CombineOptions.Welding.SEAMS));
        assertThat(welded.report().weldedVertices()).isEqualTo(2);
        assertThat(welded.mesh().vertexCount()).isEqualTo(6);
        Provenance p = welded.report().provenance();
        assertThat(p.outputVertex(1, 0)).isEqualTo(1);
        assertThat(p.outputVertex(1, 3)).isEqualTo(2);
        assertThat(p.outputVertex(1, 1)).isEqualTo(4);
        assertThat(p.part(4)).isEqualTo(1);
        assertThat(p.sourceVertex(5)).isEqualTo(2);
        assertThat(p.weldedVertexCount()).isEqualTo(2);
        assertThat(Arrays.copyOfRange(welded.mesh().indices(), 6, 12)).containsExactly(1, 4, 5, 1, 5, 2);
        assertThat(Arrays.copyOfRange(welded.mesh().normals(), 3, 6)).containsExactly(0, 0, 1);
        CombineResult averaged = Combine.combine(in,
                CombineOptions.DEFAULTS.withWelding(CombineOptions.Welding.SEAMS_AVERAGE_NORMALS));
        float[] n = averaged.mesh().normals();
        double len = Math.sqrt(0.6 * 0.6 + 1.8 * 1.8);
        assertThat(n[3]).isCloseTo((float) (0.6 / len), org.assertj.core.data.Offset.offset(1e-6f));
        assertThat(n[5]).isCloseTo((float) (1.8 / len), org.assertj.core.data.Offset.offset(1e-6f));
        // other skinning on one side: nothing welds
        Mesh rightOnChest = quad("right", a, 1, OPAQUE, "chest").toBuilder().clearUvs()
                .addUvs(new float[] {1, 0, 0, 0, 0, 1, 1, 1}).build();
        CombineResult apart = Combine.combine(List.of(in.get(0), CombineInput.of(a, Part.of("right", rightOnChest))),
                CombineOptions.DEFAULTS.withWelding(CombineOptions.Welding.SEAMS));
        assertThat(apart.report().weldedVertices()).isZero();
        assertThat(apart.mesh().vertexCount()).isEqualTo(8);
    }

    /**
     * A second skeleton whose shared root has another rest scale (an armature exported at another
     * scale): the first is kept, and the warning names both values and what happens to the part.
     */
    @Test
    void anotherRestTransformOfASharedBoneIsNamedWithItsValues() {
        Skeleton a = body();
        Skeleton.Builder sb = Skeleton.builder("scaled");
        int spine = a.indexOf("spine");
        for (int b = 0; b < a.boneCount(); b++) {
            sb.addBone(a.boneName(b), a.parent(b), b == 0 ? new Vector3f(0, 2, 0) : a.restTranslation(b, new Vector3f()),
                    b == spine ? new Quaternionf(0, 0, 0.6f, 0.8f) : a.restRotation(b, new Quaternionf()),
                    b == 0 ? new Vector3f(0.5f) : a.restScale(b, new Vector3f()));
        }
        Quaternionf kept = a.restRotation(spine, new Quaternionf());
        Skeleton scaled = sb.build();
        Character one = Character.builder("one", a).addPart(Part.of("shirt", quad("shirt", a, 0, OPAQUE, "chest")))
                .build();
        Character two = Character.builder("two", scaled).addPart(Part.of("hat", quad("hat", scaled, 2, OPAQUE, "head")))
                .build();
        CombineResult r = Combine.combine(List.of(CombineInput.of(one, one.part("shirt")),
                CombineInput.of(two, two.part("hat"))), CombineOptions.DEFAULTS);
        String consequence = "; the first is kept, and part 'hat' is posed on it with its bind matrices converted to the"
                + " kept unit (see the part's note) but not corrected for the rest of the difference, so it moves with"
                + " the bone's descendants as far as the two transforms differ";
        assertThat(r.report().warnings()).contains("skeleton 'scaled' of part 'hat' gives bone 'hips' another rest "
                + "transform than skeleton 'body' of part 'shirt' (translation (0.0, 2.0, 0.0) against (0.0, 1.0, 0.0), "
                + "scale (0.5, 0.5, 0.5) against (1.0, 1.0, 1.0))" + consequence,
                "skeleton 'scaled' of part 'hat' gives bone 'spine' another rest transform than skeleton 'body' of part"
                + " 'shirt' (rotation (0.0, 0.0, 0.6, 0.8) against (" + kept.x + ", " + kept.y + ", " + kept.z + ", "
                + kept.w + "))" + consequence,
                // the head's frame is half the kept one's: the hat keeps its size
                "part 'hat': skeleton 'scaled' is in another unit than skeleton 'body' on the bones it binds; its bind"
                + " matrices were scaled so that it keeps its size: by 0.5 on 1 bone ('head')"
                + " (RemapOptions.Units.FOLLOW_BONES poses it as bound)");
    }

    /**
     * One rig exported twice: in metres, and in centimetres below an armature scaled by 0.01 (as
     * many exporters write it), the second with a bone of its own. A hat bound to the centimetre
     * skeleton, combined with a shirt on the metre one, keeps its size and its bone's place: it skins
     * as the same hat bound to the rig in metres does, at rest and under a clip, and its bone comes
     * into the union at its place in metres. Before, it came out 100 times too large.
     */
    @Test
    void aPartExportedInCentimetresKeepsItsSizeAndItsOwnBone() {
        Skeleton metres = rig("metres", 1, false);
        Skeleton centimetres = rig("centimetres", 100, true);
        Skeleton reference = rig("reference", 1, true);
        AnimationClip clip = sway();
        Character shirt = character("shirt", metres, "shirt", quad("shirt", metres, 0, OPAQUE, "spine", "hips"), clip);
        Character hatInCm = character("hat", centimetres, "hat", quad("hat", centimetres, 0.5f, OPAQUE, "head", "tip"));
        Character hatInM = character("hat", reference, "hat", quad("hat", reference, 0.5f, OPAQUE, "head", "tip"));
        CombineResult inCm = combined(shirt, hatInCm, CombineOptions.DEFAULTS);
        CombineResult inM = combined(shirt, hatInM, CombineOptions.DEFAULTS);
        Skeleton union = inCm.character().skeleton();
        assertThat(union.restTranslation(union.indexOf("tip"), new Vector3f()).distance(0, 0.15f, 0)).isLessThan(1e-6f);
        // one note for the part, none for its bones: in their own unit their rests are the kept ones
        assertThat(inCm.report().warnings()).containsExactly("part 'hat': skeleton 'centimetres' is in another unit"
                + " than skeleton 'metres' on the bones it binds; its bind matrices were scaled so that it keeps its"
                + " size: by 0.01 on 2 bones ('head', 'tip') (RemapOptions.Units.FOLLOW_BONES poses it as bound)");
        assertPosedAlike(inCm, inM, 0, 0.4f, 1);
        // the hat is where its file placed it, one unit wide, not a hundred
        float[] rest = posed(inCm, 0);
        assertThat(rest[3 * 5] - rest[3 * 4]).isCloseTo(1f, org.assertj.core.data.Offset.offset(1e-5f));
        // posed as bound instead: the centimetre matrices on metre bones, a hundred times its size
        CombineResult asBound = combined(shirt, hatInCm, CombineOptions.DEFAULTS.withRemap(
                        RemapOptions.DEFAULTS.withUnits(RemapOptions.Units.FOLLOW_BONES)));
        float[] large = posed(asBound, 0);
        assertThat(large[3 * 5] - large[3 * 4]).isCloseTo(100f, org.assertj.core.data.Offset.offset(1e-2f));
        assertThat(asBound.report().warnings()).noneMatch(w -> w.contains("another unit"));
    }

    /**
     * The hat of {@link #aPartExportedInCentimetresKeepsItsSizeAndItsOwnBone} as a centimetre file
     * usually stores it: its vertices in centimetres too (the mesh under the armature, the bind
     * matrices mapping from there). Every vertex blends the shared head, whose kept matrix is the
     * shirt's in metres, with the tip only the hat has: the whole hat is re-expressed in the kept
     * bind space, and it still skins as the hat in metres does. Before, the blended vertices landed
     * a quarter of the way to the origin (the head's correction blended with none for the tip).
     */
    @Test
    void aPartWithItsVerticesInCentimetresIsReexpressedWhole() {
        Skeleton metres = rig("metres", 1, false);
        Skeleton centimetres = rig("centimetres", 100, true);
        Skeleton reference = rig("reference", 1, true);
        Character shirt = character("shirt", metres, "shirt", quad("shirt", metres, 0, OPAQUE, "head", "hips"), sway());
        Character hats = character("hat", centimetres, "hat", centimetreQuad("hat", centimetres, 0.5f, "head", "tip"));
        Character hatsInM = character("hat", reference, "hat", quad("hat", reference, 0.5f, OPAQUE, "head", "tip"));
        CombineResult inCm = combined(shirt, hats, CombineOptions.DEFAULTS);
        CombineResult inM = combined(shirt, hatsInM, CombineOptions.DEFAULTS);
        assertPosedAlike(inCm, inM, 0, 0.4f, 1);
        // re-expressed exactly: the stored positions are in metres, as the shirt's
        float[] stored = inCm.character().parts().get(0).mesh().positions();
        for (int i = 12; i < 24; i++) {
            assertThat(stored[i]).isCloseTo(inM.character().parts().get(0).mesh().positions()[i],
                    org.assertj.core.data.Offset.offset(1e-5f));
        }
    }

    /**
     * Clips from a character in centimetres on a result in metres: the translation keys (offsets in
     * the parent's frame, here the armature's at 0.01) and the armature's scale keys (0.01, as some
     * exporters key it) are converted, so the combination moves as with the same clip in metres.
     */
    @Test
    void clipsOfASourceInAnotherUnitAreConverted() {
        Skeleton metres = rig("metres", 1, true);
        Skeleton centimetres = rig("centimetres", 100, true);
        AnimationClip inCm = AnimationClip.of("sway", List.of(
                BoneChannel.of("spine", ChannelPath.ROTATION, Interpolation.LINEAR, new float[] {0, 1},
                        new float[] {0, 0, 0.05f, 0.9987492f, 0.3f, 0, 0, 0.9539392f}),
                BoneChannel.of("hips", ChannelPath.TRANSLATION, Interpolation.CUBICSPLINE, new float[] {0, 1},
                        new float[] {0, 0, 0, 0, 100, 0, 10, 5, 0, -20, 0, 0, 40, 110, -20, 0, 0, 0}),
                BoneChannel.of("armature", ChannelPath.SCALE, Interpolation.STEP, new float[] {0},
                        new float[] {0.01f, 0.01f, 0.01f}),
                // root motion: an offset in the model's frame, in metres in both
                BoneChannel.of("armature", ChannelPath.TRANSLATION, Interpolation.LINEAR, new float[] {0, 1},
                        new float[] {0, 0, 0, 0.5f, 0, 0.25f})));
        AnimationClip inM = AnimationClip.of("sway", List.of(
                BoneChannel.of("spine", ChannelPath.ROTATION, Interpolation.LINEAR, new float[] {0, 1},
                        new float[] {0, 0, 0.05f, 0.9987492f, 0.3f, 0, 0, 0.9539392f}),
                BoneChannel.of("hips", ChannelPath.TRANSLATION, Interpolation.CUBICSPLINE, new float[] {0, 1},
                        new float[] {0, 0, 0, 0, 1, 0, 0.1f, 0.05f, 0, -0.2f, 0, 0, 0.4f, 1.1f, -0.2f, 0, 0, 0}),
                BoneChannel.of("armature", ChannelPath.TRANSLATION, Interpolation.LINEAR, new float[] {0, 1},
                        new float[] {0, 0, 0, 0.5f, 0, 0.25f})));
        Character shirt = character("shirt", metres, "shirt", quad("shirt", metres, 0, OPAQUE, "spine", "hips"));
        Character clipsInCm = character("clips", centimetres, "hat", centimetreQuad("hat", centimetres, 0.5f, "head", "tip"), inCm);
        Character clipsInM = character("clips", metres, "hat", quad("hat", metres, 0.5f, OPAQUE, "head", "tip"), inM);
        CombineResult converted = combined(shirt, clipsInCm, CombineOptions.DEFAULTS.withClipSource(clipsInCm));
        CombineResult reference = combined(shirt, clipsInM, CombineOptions.DEFAULTS.withClipSource(clipsInM));
        assertThat(converted.report().warnings()).contains("clip source 'clips': skeleton 'centimetres' is in another"
                + " unit than skeleton 'metres'; its clips' keys were converted: translations times 0.01 on 1 bone"
                + " ('hips'), scales times 100.0 on 1 bone ('armature')"
                + " (RemapOptions.Units.FOLLOW_BONES keeps them as they are)");
        assertPosedAlike(converted, reference, 0, 0.3f, 0.7f, 1);
        // a target skeleton in metres without the armature: the hips' offsets were in the armature's centimetres
        Skeleton.Builder tb = Skeleton.builder("target");
        for (int b = 1; b < metres.boneCount(); b++) {
            tb.addBone(metres.boneName(b), metres.parent(b) - 1, b == 1 ? new Vector3f(0, 1, 0)
                    : metres.restTranslation(b, new Vector3f()), metres.restRotation(b, new Quaternionf()),
                    metres.restScale(b, new Vector3f()));
        }
        CombineOptions onTarget = CombineOptions.DEFAULTS.withSkeleton(tb.build());
        CombineResult bare = combined(shirt, clipsInCm, onTarget.withClipSource(clipsInCm));
        CombineResult bareReference = combined(shirt, clipsInM, onTarget.withClipSource(clipsInM));
        assertPosedAlike(bare, bareReference, 0, 0.3f, 1);
    }

    /**
     * A clip source in metres on a kept skeleton in centimetres: its translation keys are multiplied
     * by 100, and one that is finite in metres but beyond the float range in centimetres is an error
     * naming the clip, the bone, the value and the factor, not an infinite key.
     */
    @Test
    void aConvertedKeyBeyondTheFloatRangeIsAnErrorNamingIt() {
        Skeleton metres = rig("metres", 1, true);
        Skeleton centimetres = rig("centimetres", 100, true);
        Character hat = character("hat", centimetres, "hat", quad("hat", centimetres, 0.5f, OPAQUE, "head", "tip"));
        AnimationClip far = AnimationClip.of("far", List.of(BoneChannel.of("hips", ChannelPath.TRANSLATION,
                Interpolation.LINEAR, new float[] {0, 1}, new float[] {0, 1, 0, 0, 1e37f, 0})));
        Character clips = character("clips", metres, "shirt", quad("shirt", metres, 0, OPAQUE, "spine", "hips"), far);
        assertThatThrownBy(() -> combined(hat, clips, CombineOptions.DEFAULTS.withClipSource(clips)))
                .isInstanceOf(ValidationException.class)
                .hasMessage("combine: clip 'far': bone 'hips' translation value 4 (1.0E37) times 100.0, the clip source's"
                        + " unit converted to the result's, is Infinity, beyond the float range"
                        + " (RemapOptions.Units.FOLLOW_BONES keeps the keys as they are)");
        // kept as they are, the keys stay finite
        assertThat(combined(hat, clips, CombineOptions.DEFAULTS.withClipSource(clips).withRemap(
                RemapOptions.DEFAULTS.withUnits(RemapOptions.Units.FOLLOW_BONES))).character().clips()).hasSize(1);
    }

    /**
     * A part in centimetres whose one shared bone is bound anew (its head bound turned, its vertices
     * in metres, so that the unit conversion leaves a rigid correction on the head alone): that
     * correction is no change of unit, so the tip the part brings keeps its own converted matrix.
     */
    @Test
    void aConvertedPartWithOneRebindedSharedBoneKeepsItsOwnBonesMatrices() {
        Skeleton metres = rig("metres", 1, false);
        Skeleton centimetres = rig("centimetres", 100, true);
        Character shirt = character("shirt", metres, "shirt", quad("shirt", metres, 0, OPAQUE, "head", "hips"));
        Mesh hat = quad("hat", centimetres, 0.5f, OPAQUE, "head", "tip");
        float[] ibm = hat.skin().inverseBindMatricesInto(new float[32], 0);
        new Matrix4f().set(ibm, 0).rotateY(0.4f).get(ibm, 0);
        Mesh rebound = hat.toBuilder().skin(Skin.of(new String[] {"head", "tip"}, ibm, hat.skin().weights())).build();
        Character hats = character("hat", centimetres, "hat", rebound);
        CombineResult r = combined(shirt, hats, CombineOptions.DEFAULTS);
        Skin skin = r.mesh().skin();
        int tip = Arrays.asList(skin.boneNames()).indexOf("tip");
        float[] kept = skin.inverseBindMatricesInto(new float[16 * skin.paletteSize()], 0);
        float[] own = new float[16];
        new Matrix4f().set(ibm, 16).scaleLocal(0.01f).get(own);
        for (int k = 0; k < 16; k++) {
            assertThat(kept[16 * tip + k]).as("element %d", k).isCloseTo(own[k], org.assertj.core.data.Offset.offset(1e-6f));
        }
        assertThat(r.report().corrections()).extracting(BindCorrection::bone).containsExactly("head");
    }

    /**
     * {@link #quad} bound to {@code bones} of a skeleton in centimetres as such a file stores it:
     * the positions in centimetres (the mesh under the armature, whose scale 0.01 maps them to
     * metres), the bind matrices {@code inverse(rest model) * S(0.01)}.
     */
    static Mesh centimetreQuad(String name, Skeleton centimetres, float x, String... bones) {
        Mesh quad = quad(name, centimetres, x, OPAQUE, bones);
        float[] p = quad.positions().clone();
        for (int i = 0; i < p.length; i++) {
            p[i] *= 100;
        }
        float[] ibm = new float[16 * bones.length];
        for (int e = 0; e < bones.length; e++) {
            CombineFixtures.restModel(centimetres, centimetres.indexOf(bones[e])).invert().scale(0.01f).get(ibm, 16 * e);
        }
        return quad.toBuilder().positions(p).skin(Skin.of(bones, ibm, quad.skin().weights())).build();
    }

    /**
     * The other way round: the skeleton in centimetres is kept and the shirt in metres comes second;
     * its matrices are scaled by 100, and the whole stays where the metre rig has it, at rest and
     * turning the spine (a rotation, which needs no unit).
     */
    @Test
    void aPartInMetresOnAKeptSkeletonInCentimetresKeepsItsSize() {
        Skeleton metres = rig("metres", 1, true);
        Skeleton centimetres = rig("centimetres", 100, true);
        AnimationClip turn = AnimationClip.of("turn", List.of(BoneChannel.of("spine", ChannelPath.ROTATION,
                Interpolation.LINEAR, new float[] {0, 1}, new float[] {0, 0, 0.05f, 0.9987492f, 0.3f, 0, 0, 0.9539392f})));
        Character hatInCm = character("hat", centimetres, "hat", quad("hat", centimetres, 0.5f, OPAQUE, "head", "tip"), turn);
        Character shirtInM = character("shirt", metres, "shirt", quad("shirt", metres, 0, OPAQUE, "spine", "hips"));
        Character hatInM = character("hat", metres, "hat", quad("hat", metres, 0.5f, OPAQUE, "head", "tip"), turn);
        CombineResult mixed = combined(hatInCm, shirtInM, CombineOptions.DEFAULTS);
        CombineResult reference = combined(hatInM, shirtInM, CombineOptions.DEFAULTS);
        assertThat(mixed.report().warnings()).containsExactly("part 'shirt': skeleton 'metres' is in another unit than"
                + " skeleton 'centimetres' on the bones it binds; its bind matrices were scaled so that it keeps its"
                + " size: by 100.0 on 2 bones ('spine', 'hips') (RemapOptions.Units.FOLLOW_BONES poses it as bound)");
        assertPosedAlike(mixed, reference, 0, 0.5f, 1);
        // the kept hat's vertices in centimetres, and a shirt blending the head it shares with the spine it brings
        Character hatCm = character("hat", centimetres, "hat", centimetreQuad("hat", centimetres, 0.5f, "head", "tip"), turn);
        Character collar = character("collar", metres, "collar", quad("collar", metres, 0, OPAQUE, "head", "spine"));
        CombineResult kept = combined(hatCm, collar, CombineOptions.DEFAULTS);
        CombineResult expected = combined(hatInM, collar, CombineOptions.DEFAULTS);
        assertPosedAlike(kept, expected, 0, 0.5f, 1);
    }

    /**
     * Armature, hips, spine, head (and tip) of one rig, in a unit {@code perMetre} of a metre below
     * an armature scaled by {@code 1 / perMetre}.
     */
    static Skeleton rig(String name, float perMetre, boolean tip) {
        Skeleton.Builder b = Skeleton.builder(name);
        int armature = b.addBone("armature", Skeleton.NO_PARENT, new Vector3f(), new Quaternionf(),
                new Vector3f(1 / perMetre));
        int hips = b.addBone("hips", armature, new Vector3f(0, perMetre, 0), new Quaternionf(), new Vector3f(1));
        int spine = b.addBone("spine", hips, new Vector3f(0, 0.2f * perMetre, 0), new Quaternionf().rotateZ(0.1f),
                new Vector3f(1));
        int head = b.addBone("head", spine, new Vector3f(0, 0.3f * perMetre, 0), new Quaternionf(), new Vector3f(1));
        if (tip) {
            b.addBone("tip", head, new Vector3f(0, 0.15f * perMetre, 0), new Quaternionf().rotateX(0.3f),
                    new Vector3f(1));
        }
        return b.build();
    }

    /** A clip of {@link #rig} in metres: the spine turns, the hips move. */
    static AnimationClip sway() {
        return AnimationClip.of("sway", List.of(
                BoneChannel.of("spine", ChannelPath.ROTATION, Interpolation.LINEAR, new float[] {0, 1},
                        new float[] {0, 0, 0.05f, 0.9987492f, 0.3f, 0, 0, 0.9539392f}),
                BoneChannel.of("hips", ChannelPath.TRANSLATION, Interpolation.LINEAR, new float[] {0, 1},
                        new float[] {0, 1, 0, 0.4f, 1.1f, -0.2f})));
    }

    /** A character of one part on a skeleton, with the given clips. */
    private static Character character(String name, Skeleton skeleton, String part, Mesh mesh, AnimationClip... clips) {
        Character.Builder b = Character.builder(name, skeleton).addPart(Part.of(part, mesh));
        for (AnimationClip clip : clips) {
            b.addClip(clip);
        }
        return b.build();
    }

    /** Combines the one part of each of two characters, the first's first. */
    private static CombineResult combined(Character first, Character second, CombineOptions options) {
        return Combine.combine(List.of(CombineInput.of(first, first.parts().get(0)),
                CombineInput.of(second, second.parts().get(0))), options);
    }

    /** Asserts that two combinations pose alike (within 1e-5 per coordinate) at the given times of their first clips. */
    private static void assertPosedAlike(CombineResult actual, CombineResult expected, float... times) {
        for (float t : times) {
            float[] a = posed(actual, t);
            float[] b = posed(expected, t);
            assertThat(a).hasSameSizeAs(b);
            for (int i = 0; i < a.length; i++) {
                assertThat(a[i]).as("value %d at %s", i, t).isCloseTo(b[i], org.assertj.core.data.Offset.offset(1e-5f));
            }
        }
    }

    /** The combined character's vertices posed at {@code t} of its first clip. */
    private static float[] posed(CombineResult r, float t) {
        CharacterPoser poser = CharacterPoser.bind(r.character(), r.character().clips().get(0));
        PosedVertices out = poser.newOutput();
        poser.poseInto(t, out);
        return out.positions(0).clone();
    }

    @Test
    void clipsKeepTheirChannelsOfTheSkeletonAndTheirMorphChannelsFollowTheParts() {
        Skeleton a = body();
        Mesh face = withMorph(quad("face", a, 0, OPAQUE, "head"), "Blink", 0);
        Mesh hat = withMorph(quad("hat", a, 1, OPAQUE, "head"), "Flap", 0);
        AnimationClip clip = AnimationClip.of("idle", List.of(
                BoneChannel.of("neck", ChannelPath.ROTATION, Interpolation.LINEAR, new float[] {0, 1},
                        new float[] {0, 0, 0, 1, 0, 0.3826834f, 0, 0.9238795f}),
                BoneChannel.of("leg", ChannelPath.TRANSLATION, Interpolation.LINEAR, new float[] {0, 1},
                        new float[] {0, 0, 0, 0, 1, 0})),
                List.of(MorphChannel.of("face", 1, Interpolation.LINEAR, new float[] {0, 0.5f}, new float[] {0, 1}),
                        MorphChannel.of("hat", 1, Interpolation.STEP, new float[] {0.25f, 1.5f}, new float[] {1, 0})));
        Character hero = Character.builder("hero", a).addPart(Part.of("face", face)).addPart(Part.of("hat", hat))
                .addClip(clip).build();
        // only the face is combined; the target skeleton has no leg
        Skeleton.Builder tb = Skeleton.builder("upper");
        for (String bone : List.of("hips", "spine", "chest", "neck", "head")) {
            int b = a.indexOf(bone);
            tb.addBone(bone, a.parent(b), a.restTranslation(b, new Vector3f()), a.restRotation(b, new Quaternionf()),
                    a.restScale(b, new Vector3f()));
        }
        CombineOptions options = CombineOptions.DEFAULTS.withSkeleton(tb.build()).withClipSource(hero);
        CombineResult r = Combine.combine(List.of(CombineInput.of(hero, hero.part("face"))), options);
        AnimationClip kept = r.character().clips().get(0);
        assertThat(kept.channels()).extracting(BoneChannel::bone).containsExactly("neck");
        // the hat's dropped channel ran to 1.5 s: the clip still lasts that long
        assertThat(kept.lastKeyTime()).isEqualTo(1f);
        assertThat(kept.duration()).isEqualTo(1.5f);
        assertThat(kept.morphChannels()).hasSize(1);
        MorphChannel merged = kept.morphChannels().get(0);
        assertThat(merged.target()).isEqualTo(r.character().parts().get(0).name()).isEqualTo("hero");
        assertThat(merged.times()).containsExactly(0, 0.5f);
        assertThat(merged.values()).containsExactly(0, 1);
        assertThat(r.report().warnings()).contains("clip 'idle': channels of bones not in skeleton 'upper' dropped:"
                + " 'leg'", "clip 'idle': morph weight channel of part 'hat' dropped: that part is not combined");
        // both combined: a LINEAR and a STEP channel of other times become one cubic channel
        CombineResult both = Combine.combine(CombineInput.allOf(hero));
        MorphChannel two = both.character().clips().get(0).morphChannels().get(0);
        assertThat(two.interpolation()).isEqualTo(Interpolation.CUBICSPLINE);
        assertThat(two.weightCount()).isEqualTo(2);
        assertThat(both.report().warnings()).anyMatch(w -> w.startsWith("clip 'idle': a STEP morph weight channel"));
        for (float t : new float[] {0, 0.1f, 0.3f, 0.5f, 0.77f, 1.2f, 1.6f}) {
            assertSamePoses(hero, both, t);
        }
    }

    @Test
    void combiningACharacterWithItselfAsTheOnlyPartChangesNoVertexPosition() {
        SplittableRandom r = new SplittableRandom(11);
        for (int i = 0; i < 20; i++) {
            Skeleton s = CombineFixtures.randomSkeleton(r, 6, false);
            Mesh mesh = CombineFixtures.randomMesh(r, "m", CombineFixtures.Shape.random(r), s, 4, true);
            Character one = Character.builder("one", s).addPart(Part.of("m", mesh)).build();
            Mesh out = Combine.combine(CombineInput.allOf(one)).mesh();
            assertThat(out.positions()).containsExactly(mesh.positions());
        }
    }

    @Test
    void progressIsReportedAndCancellationStops() {
        Skeleton a = body();
        List<CombineInput> in = List.of(CombineInput.of(a, Part.of("one", quad("one", a, 0, OPAQUE, "hips"))),
                CombineInput.of(a, Part.of("two", quad("two", a, 1, OPAQUE, "hips"))));
        List<String> stages = new ArrayList<>();
        Combine.combine(in, CombineOptions.DEFAULTS, Progress.of((stage, done, total) -> stages.add(stage + " " + done
                + "/" + total), () -> false));
        assertThat(stages).containsExactly("preparing parts 1/2", "preparing parts 2/2", "combining 1/3",
                "combining 2/3", "combining 3/3");
        int[] calls = {0};
        assertThatThrownBy(() -> Combine.combine(in, CombineOptions.DEFAULTS, Progress.of((s, d, t) -> {
        }, () -> ++calls[0] > 2))).isInstanceOf(CancelledException.class).hasMessage("combine: cancelled");
    }

    @Test
    void combineCharactersTakesEveryPartOfEach() {
        Skeleton a = body();
        Character one = Character.builder("one", a).addPart(Part.of("x", quad("x", a, 0, OPAQUE, "hips"))).build();
        Character two = Character.builder("two", a).addPart(Part.of("x", quad("x", a, 1, OPAQUE, "leg"))).build();
        CombineResult r = Combine.combineCharacters(List.of(one, two), CombineOptions.DEFAULTS);
        assertThat(r.report().partsBefore()).isEqualTo(2);
        assertThat(r.character().name()).isEqualTo("one");
        assertThat(r.mesh().skin().boneNames()).containsExactly("hips", "leg");
    }

    static void assertSamePoses(Character hero, CombineResult r, float t) {
        AnimationClip clip = hero.clips().isEmpty() ? null : hero.clips().get(0);
        AnimationClip merged = r.character().clips().isEmpty() ? null : r.character().clips().get(0);
        CharacterPoser before = CharacterPoser.bind(hero, clip);
        CharacterPoser after = CharacterPoser.bind(r.character(), merged);
        PosedVertices a = before.newOutput();
        PosedVertices b = after.newOutput();
        before.poseInto(t, a);
        after.poseInto(t, b);
        double tolerance = 1e-5 * Math.max(1e-3, a.bounds().diagonal());
        for (int p = 0; p < a.partCount(); p++) {
            for (int v = 0; v < a.vertexCount(p); v++) {
                int o = r.report().provenance().outputVertex(p, v);
                assertThat(CombinePropertiesTest.distance(a.positions(p), 3 * v, b.positions(0), 3 * o))
                        .as("part %d vertex %d at %s", p, v, t).isLessThanOrEqualTo(tolerance);
            }
        }
    }

    static Mesh withMorph(Mesh m, String name, float weight) {
        float[] d = new float[3 * m.vertexCount()];
        for (int i = 0; i < d.length; i++) {
            d[i] = 0.01f * (i + 1);
        }
        return m.toBuilder().addMorphTarget(MorphTarget.of(name, d, null, null)).morphWeights(new float[] {weight})
                .build();
    }

    static float[] identities(int count) {
        float[] m = new float[16 * count];
        for (int i = 0; i < count; i++) {
            new Matrix4f().get(m, 16 * i);
        }
        return m;
    }

    /** The clips come from a skeleton file, the parts from other files: morph channels follow the parts by name. */
    @Test
    void morphChannelsOfAClipSourceWithoutThePartsApplyToThePartOfTheirName() {
        Skeleton a = body();
        Mesh face = quad("face", a, 0, CombineFixtures.MATERIALS[0], "head").toBuilder()
                .addMorphTarget(MorphTarget.of("smile", new float[] {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1}, null, null))
                .build();
        AnimationClip talk = AnimationClip.of("talk", List.of(), List.of(MorphChannel.of("face", 1,
                Interpolation.LINEAR, new float[] {0, 1}, new float[] {0, 1})));
        Character rig = Character.builder("rig", a).addPart(Part.of("face", face)).addClip(talk).build();
        Character outfit = Character.builder("outfit", a).addPart(Part.of("face", face)).build();
        CombineResult r = Combine.combine(CombineInput.allOf(outfit), CombineOptions.DEFAULTS.withSkeletonOf(rig));
        AnimationClip kept = r.character().clips().get(0);
        assertThat(kept.morphChannels()).hasSize(1);
        CharacterPoser poser = CharacterPoser.bind(r.character(), kept);
        PosedVertices out = poser.newOutput();
        poser.poseInto(0.5f, out);
        CharacterPoser separate = CharacterPoser.bind(rig, talk);
        PosedVertices expected = separate.newOutput();
        separate.poseInto(0.5f, expected);
        assertThat(out.positions(0)).containsExactly(expected.positions(0));
        assertThat(r.report().warnings()).noneMatch(w -> w.contains("dropped"));

        // two combined parts of that name: which one the channel meant is unknown, so it is dropped and said
        Character twins = Character.builder("twins", a).addPart(Part.of("face", face)).build();
        CombineResult two = Combine.combine(List.of(CombineInput.of(outfit, outfit.parts().get(0)),
                CombineInput.of(twins, twins.parts().get(0))), CombineOptions.DEFAULTS.withSkeletonOf(rig));
        assertThat(two.character().clips().get(0).morphChannels()).isEmpty();
        assertThat(two.report().warnings()).contains("clip 'talk': morph weight channel of part 'face' dropped: 2"
                + " combined parts of that name have its 1 morph targets");
    }
}
