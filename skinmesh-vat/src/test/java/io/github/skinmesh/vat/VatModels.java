package io.github.skinmesh.vat;

import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.testkit.humanoid.Humanoid;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix4f;

/** Characters the vat tests bake, and a uniform scaling of a whole character. */
final class VatModels {
    private static Humanoid humanoid;
    private static Character combined;

    private VatModels() {
    }

    static synchronized Humanoid humanoid() {
        if (humanoid == null) {
            humanoid = Humanoids.generate(1);
        }
        return humanoid;
    }

    /** The humanoid's parts combined into one skinned part on one palette, without its face morph targets. */
    static synchronized Character combinedHumanoid() {
        if (combined == null) {
            Character c = Combine.combineCharacters(List.of(humanoid().character()), CombineOptions.DEFAULTS)
                    .character();
            Part p = c.parts().get(0);
            List<AnimationClip> clips = new ArrayList<>();
            for (AnimationClip clip : c.clips()) {
                clips.add(AnimationClip.of(clip.name(), clip.channels()));
            }
            combined = Character.of(c.name(), c.skeleton(),
                    List.of(p.withMesh(p.mesh().toBuilder().clearMorphTargets().build())), clips);
        }
        return combined;
    }

    /**
     * One bone {@code "root"} at the origin and a 2-vertex mesh at (1,0,0) and (0,2,0) skinned to it;
     * clip {@code "slide"} moves the bone linearly from x=0 at t=0 to x=1 at t=1.
     */
    static Character slider() {
        Skeleton sk = Skeleton.of("s", new String[] {"root"}, new int[] {Skeleton.NO_PARENT}, new float[3],
                new float[] {0, 0, 0, 1}, new float[] {1, 1, 1});
        float[] identity = new Matrix4f().get(new float[16]);
        Mesh mesh = Mesh.builder("m").positions(new float[] {1, 0, 0, 0, 2, 0}).normals(new float[] {0, 0, 1, 0, 0, 1})
                .indices(new int[0])
                .skin(Skin.of(new String[] {"root"}, identity, BoneWeights.of(1, new int[] {0, 0}, new float[] {1, 1})))
                .build();
        AnimationClip slide = AnimationClip.of("slide", List.of(BoneChannel.of("root", ChannelPath.TRANSLATION,
                Interpolation.LINEAR, new float[] {0, 1}, new float[] {0, 0, 0, 1, 0, 0})));
        return Character.of("slider", sk, List.of(Part.of("m", mesh)), List.of(slide));
    }

    /** The rest-pose box of a character. */
    static Bounds restBounds(Character c) {
        CharacterPoser poser = CharacterPoser.bind(c, null);
        PosedVertices out = poser.newOutput();
        poser.poseInto(0, out);
        return out.bounds();
    }

    /**
     * The character scaled uniformly by {@code s} about the model origin: posed positions scale by
     * {@code s} at every time. Conjugating every transform by the scale multiplies translations
     * (rest, keys, tangents, inverse binds, part transforms) and positions by {@code s}.
     */
    static Character scaled(Character c, float s) {
        Skeleton sk = c.skeleton();
        int n = sk.boneCount();
        String[] names = new String[n];
        for (int i = 0; i < n; i++) {
            names[i] = sk.boneName(i);
        }
        float[] t = sk.restTranslationsInto(new float[3 * n], 0);
        for (int i = 0; i < t.length; i++) {
            t[i] *= s;
        }
        Skeleton scaledSkeleton = Skeleton.of(sk.name(), names, sk.parentsInto(new int[n], 0), t,
                sk.restRotationsInto(new float[4 * n], 0), sk.restScalesInto(new float[3 * n], 0));
        List<Part> parts = new ArrayList<>();
        for (Part p : c.parts()) {
            Mesh m = p.mesh();
            float[] pos = m.positions();
            for (int i = 0; i < pos.length; i++) {
                pos[i] *= s;
            }
            Mesh.Builder b = m.toBuilder().positions(pos).clearMorphTargets();
            for (MorphTarget mt : m.morphTargets()) {
                float[] d = mt.positions();
                if (d != null) {
                    for (int i = 0; i < d.length; i++) {
                        d[i] *= s;
                    }
                }
                b.addMorphTarget(MorphTarget.of(mt.name(), d, mt.normals(), mt.tangents()));
            }
            Skin skin = m.skin();
            if (skin != null) {
                float[] ibm = skin.inverseBindMatricesInto(new float[16 * skin.paletteSize()], 0);
                for (int e = 0; e < skin.paletteSize(); e++) {
                    ibm[16 * e + 12] *= s;
                    ibm[16 * e + 13] *= s;
                    ibm[16 * e + 14] *= s;
                }
                b.skin(Skin.of(skin.boneNames(), ibm, skin.weights()));
            }
            Matrix4f transform = p.transform(new Matrix4f());
            transform.m30(transform.m30() * s).m31(transform.m31() * s).m32(transform.m32() * s);
            parts.add(Part.of(p.name(), b.build(), p.attachBone(), transform));
        }
        List<AnimationClip> clips = new ArrayList<>();
        for (AnimationClip clip : c.clips()) {
            List<BoneChannel> channels = new ArrayList<>();
            for (BoneChannel ch : clip.channels()) {
                float[] v = ch.values();
                if (ch.path() == ChannelPath.TRANSLATION) {
                    for (int i = 0; i < v.length; i++) {
                        v[i] *= s;
                    }
                }
                channels.add(BoneChannel.of(ch.bone(), ch.path(), ch.interpolation(), ch.times(), v));
            }
            clips.add(AnimationClip.of(clip.name(), channels, clip.morphChannels()));
        }
        return Character.of(c.name(), scaledSkeleton, parts, clips);
    }
}
