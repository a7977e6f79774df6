package io.github.skinmesh.core.combine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.anim.PoserOptions;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.assertj.core.data.Offset;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

/** {@link Combine#remapBones}: a mesh re-expressed on another skeleton skins as before. */
class RemapBonesTest {
    /**
     * A hat bound to the rig in centimetres (below an armature scaled by 0.01), remapped onto the
     * rig in metres: its bind matrices are converted, so it skins there as the same hat bound to the
     * metre rig does, at rest and under a clip, with nothing left to correct. Before, it came out
     * 100 times too large.
     */
    @Test
    void remappingOntoARigInOtherUnitsConvertsTheBindMatrices() {
        Skeleton centimetres = CombineTest.rig("centimetres", 100, true);
        Skeleton metres = CombineTest.rig("metres", 1, true);
        Mesh hat = CombineTest.quad("hat", centimetres, 0.5f, CombineTest.OPAQUE, "head", "tip");
        Mesh reference = CombineTest.quad("hat", metres, 0.5f, CombineTest.OPAQUE, "head", "tip");
        RemapResult result = Combine.remapBones(hat, centimetres, metres);
        assertThat(result.corrections()).isEmpty();
        assertThat(result.warnings()).containsExactly("mesh 'hat': skeleton 'centimetres' is in another unit than"
                + " skeleton 'metres' on the bones it binds; its bind matrices were scaled so that it keeps its size: by"
                + " 0.01 on 2 bones ('head', 'tip') (RemapOptions.Units.FOLLOW_BONES poses it as bound)");
        AnimationClip clip = CombineTest.sway();
        CharacterPoser remapped = CharacterPoser.bind(metres, List.of(Part.of("hat", result.mesh())), clip,
                PoserOptions.DEFAULTS);
        CharacterPoser expected = CharacterPoser.bind(metres, List.of(Part.of("hat", reference)), clip,
                PoserOptions.DEFAULTS);
        // matrices recomputed from the target's rest: nothing to convert, nothing said
        assertThat(Combine.remapBones(hat, centimetres, metres, RemapOptions.DEFAULTS.withInverseBinds(
                RemapOptions.InverseBinds.FROM_TARGET_REST)).warnings()).isEmpty();
        PosedVertices a = remapped.newOutput();
        PosedVertices b = expected.newOutput();
        for (float t : new float[] {0, 0.5f, 1}) {
            remapped.poseInto(t, a);
            expected.poseInto(t, b);
            for (int i = 0; i < 3 * a.vertexCount(0); i++) {
                assertThat(a.positions(0)[i]).as("value %d at %s", i, t).isCloseTo(b.positions(0)[i], Offset.offset(1e-5f));
            }
        }
    }

    @Property(tries = 150, seed = "2718")
    void remappingOntoAReorderedSkeletonKeepsEveryPose(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        Skeleton base = CombineFixtures.randomSkeleton(r, 2 + r.nextInt(12), false);
        Skeleton target = CombineFixtures.shuffled(r, base, "target");
        Mesh mesh = CombineFixtures.randomMesh(r, "m", CombineFixtures.Shape.random(r), base,
                1 + r.nextInt(base.boneCount()), true);
        RemapResult result = Combine.remapBones(mesh, base, target);
        Mesh out = result.mesh();
        assertThat(result.moves()).isEmpty();
        assertThat(result.corrections()).isEmpty();
        // the palette in the target's order, each bone once
        int previous = -1;
        for (int e = 0; e < out.skin().paletteSize(); e++) {
            int bone = target.indexOf(out.skin().boneName(e));
            assertThat(bone).isGreaterThan(previous);
            previous = bone;
        }
        assertThat(out.positions()).containsExactly(mesh.positions());
        assertThat(out.submeshes()).isEqualTo(mesh.submeshes());
        assertThat(out.morphTargets()).isEqualTo(mesh.morphTargets());
        assertThat(out.skin().weights().isCanonical()).isEqualTo(mesh.skin().weights().isCanonical()
                || out.skin().weights().isCanonical());
        AnimationClip clip = CombineFixtures.randomClip(r, base, false, List.of());
        CharacterPoser before = CharacterPoser.bind(target, List.of(Part.of("m", mesh)), clip, PoserOptions.DEFAULTS);
        CharacterPoser after = CharacterPoser.bind(target, List.of(Part.of("m", out)), clip, PoserOptions.DEFAULTS);
        PosedVertices a = before.newOutput();
        PosedVertices b = after.newOutput();
        for (int i = 0; i < 3; i++) {
            float t = CombineFixtures.range(r, 0, clip.duration());
            before.poseInto(t, a);
            after.poseInto(t, b);
            double tolerance = 1e-5 * Math.max(1e-3, a.bounds().diagonal());
            for (int v = 0; v < mesh.vertexCount(); v++) {
                assertThat(CombinePropertiesTest.distance(a.positions(0), 3 * v, b.positions(0), 3 * v))
                        .isLessThanOrEqualTo(tolerance);
            }
        }
    }

    @Test
    void anUnknownWeightedBoneIsAnErrorNamingTheMeshAndTheBone() {
        Skeleton a = CombineTest.body();
        Skeleton target = upper(a);
        Mesh coat = CombineTest.quad("coat", a, 0, CombineTest.OPAQUE, "chest", "arm");
        assertThatThrownBy(() -> Combine.remapBones(coat, a, target)).isInstanceOf(ValidationException.class)
                .hasMessage("remapBones: mesh 'coat': palette entry 1 bone 'arm' is not in skeleton 'upper', expected"
                        + " every weighted bone in the target skeleton (or RemapOptions.UnknownBones.MOVE_TO_ANCESTOR)");
        Mesh rigid = CombineTest.rigidQuad("rigid", 0);
        assertThatThrownBy(() -> Combine.remapBones(rigid, a, target)).isInstanceOf(ValidationException.class)
                .hasMessage("remapBones: mesh 'rigid': has no skin, expected a skinned mesh");
        Skeleton.Builder other = Skeleton.builder("other");
        other.addBone("hips", Skeleton.NO_PARENT);
        assertThatThrownBy(() -> Combine.remapBones(coat, other.build(), target)).isInstanceOf(ValidationException.class)
                .hasMessage("remapBones: mesh 'coat': palette entry 0 bone 'chest' is not in the mesh's skeleton 'other'");
    }

    @Test
    void anUnweightedUnknownBoneIsDropped() {
        Skeleton a = CombineTest.body();
        Mesh m = CombineTest.quad("m", a, 0, CombineTest.OPAQUE, "chest", "hand");
        Mesh unweighted = m.toBuilder().skin(m.skin().withWeights(BoneWeights.of(2, new int[8],
                new float[] {1, 0, 1, 0, 1, 0, 1, 0}))).build();
        RemapResult r = Combine.remapBones(unweighted, a, upper(a));
        assertThat(r.mesh().skin().boneNames()).containsExactly("chest");
        assertThat(r.droppedBones()).containsExactly("hand");
        assertThat(r.warnings()).containsExactly("part 'm': palette entry 1 bone 'hand' is not in skeleton 'upper' and"
                + " carries no weight; dropped");
    }

    @Test
    void movedInfluencesKeepTheBindPoseAndFollowTheAncestor() {
        Skeleton a = CombineTest.body();
        Skeleton target = upper(a);
        Mesh coat = CombineTest.quad("coat", a, 0, CombineTest.OPAQUE, "chest", "hand");
        RemapOptions options = RemapOptions.DEFAULTS.withUnknownBones(RemapOptions.UnknownBones.MOVE_TO_ANCESTOR);
        RemapResult r = Combine.remapBones(coat, a, target, options);
        assertThat(r.moves()).containsExactly(new BoneMove(0, "coat", "hand", "chest", 4));
        assertThat(r.mesh().skin().boneNames()).containsExactly("chest");
        // bind = rest: the derived matrix of chest equals its own, nothing to reconcile
        assertThat(r.corrections()).isEmpty();
        assertThat(r.mesh().positions()).containsExactly(coat.positions());
        for (int v = 0; v < 4; v++) {
            assertThat(r.mesh().skin().weights().weight(v, 0)).isEqualTo(1f);
        }
        // a rebound hand: the derived chest matrix differs, the vertices are reconciled into chest's own
        Skin skin = coat.skin();
        float[] ibm = skin.inverseBindMatricesInto(new float[32], 0);
        new Matrix4f().translation(0.1f, 0, 0).mul(new Matrix4f().set(ibm, 16)).get(ibm, 16);
        Mesh rebound = coat.toBuilder().skin(Skin.of(skin.boneNames(), ibm, skin.weights())).build();
        RemapResult c = Combine.remapBones(rebound, a, target, options);
        assertThat(c.corrections()).hasSize(1);
        BindCorrection correction = c.corrections().get(0);
        assertThat(correction.bone()).isEqualTo("chest");
        assertThat(correction.vertices()).isEqualTo(4);
        // each vertex weights chest and the moved hand half and half, whose corrections differ: inexact, and
        // the bound is the distance between the two re-expressions, halved twice over
        assertThat(correction.exactVertices()).isZero();
        assertThat(correction.deviationBound()).isCloseTo(0.05f, Offset.offset(1e-5f));
        // the hand's half of each vertex moves by the rebinding offset, (0.1, 0, 0) in the hand's rest frame
        Vector3f shift = CombineFixtures.restModel(a, a.indexOf("hand")).transformDirection(new Vector3f(0.05f, 0, 0));
        float[] before = coat.positions();
        float[] after = c.mesh().positions();
        for (int i = 0; i < before.length; i++) {
            assertThat(after[i]).isCloseTo(before[i] + shift.get(i % 3), Offset.offset(1e-5f));
        }
    }

    @Test
    void inverseBindMatricesFromTheTargetsRestPoseMoveNoVertex() {
        Skeleton a = CombineTest.body();
        Skeleton.Builder moved = Skeleton.builder("moved");
        moved.addBone("hips", Skeleton.NO_PARENT, new Vector3f(0, 2, 0), new Quaternionf(), new Vector3f(1));
        moved.addBone("spine", 0, new Vector3f(0, 0.5f, 0), new Quaternionf(), new Vector3f(1));
        Skeleton target = moved.build();
        Mesh m = CombineTest.quad("m", a, 0, CombineTest.OPAQUE, "spine");
        RemapResult r = Combine.remapBones(m, a, target,
                RemapOptions.DEFAULTS.withInverseBinds(RemapOptions.InverseBinds.FROM_TARGET_REST));
        assertThat(r.mesh().positions()).containsExactly(m.positions());
        assertThat(r.mesh().skin().inverseBindMatrix(0, new Matrix4f()).equals(new Matrix4f().translation(0, -2.5f, 0),
                1e-6f)).isTrue();
        CharacterPoser poser = CharacterPoser.bind(target, List.of(Part.of("m", r.mesh())), null, PoserOptions.DEFAULTS);
        PosedVertices out = poser.newOutput();
        poser.poseInto(0, out);
        assertThat(out.positions(0)).containsExactly(m.positions());
    }

    @Test
    void drawsKeepTheirRangesWithEntriesRenumbered() {
        Skeleton a = CombineTest.body();
        Mesh m = CombineTest.quad("m", a, 0, CombineTest.OPAQUE, "hand", "chest");
        Mesh drawn = m.toBuilder().clearSubmeshes().addSubmesh(new Submesh(0, 6, 0, List.of(Draw.of(0, 6, 0, 1))))
                .build();
        Skeleton target = CombineFixtures.shuffled(new SplittableRandom(5), a, "target");
        RemapResult r = Combine.remapBones(drawn, a, target);
        Draw d = r.mesh().submeshes().get(0).draws().get(0);
        String[] names = r.mesh().skin().boneNames();
        assertThat(Arrays.asList(names.clone())).containsExactlyInAnyOrder("hand", "chest");
        assertThat(names[d.paletteEntry(0)]).isEqualTo("hand");
        assertThat(names[d.paletteEntry(1)]).isEqualTo("chest");
    }

    /** hips, spine, chest, neck, head of {@link CombineTest#body()}, named "upper". */
    static Skeleton upper(Skeleton a) {
        Skeleton.Builder tb = Skeleton.builder("upper");
        for (String bone : List.of("hips", "spine", "chest", "neck", "head")) {
            int b = a.indexOf(bone);
            tb.addBone(bone, a.parent(b), a.restTranslation(b, new Vector3f()), a.restRotation(b, new Quaternionf()),
                    a.restScale(b, new Vector3f()));
        }
        return tb.build();
    }
}
