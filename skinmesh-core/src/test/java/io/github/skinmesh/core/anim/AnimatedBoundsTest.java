package io.github.skinmesh.core.anim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import io.github.skinmesh.core.CancelledException;
import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphChannel;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;

class AnimatedBoundsTest {
    /**
     * Float skinning vs the double reference, absolute, for coordinates up to about 20 (a chain of
     * up to 8 bones with translations up to 1 and scales up to 1.25, vertices in [-1, 1]).
     */
    private static final double POSITION_TOLERANCE = 2e-4;

    /** A random skinned, possibly morphed mesh over a random skeleton, and a clip animating both. */
    private record Scene(Skeleton skeleton, Mesh mesh, AnimationClip clip) {
    }

    private static Scene randomScene(SplittableRandom r, int bones, int vertices, boolean morph) {
        Skeleton skeleton = AnimFixtures.randomSkeleton(r, bones);
        float[] rest = skeleton.restModelMatricesInto(new float[16 * bones], 0);
        int paletteSize = 1 + r.nextInt(bones);
        String[] names = new String[paletteSize];
        float[] ibm = new float[16 * paletteSize];
        for (int e = 0; e < paletteSize; e++) {
            int bone = bones - 1 - e; // reversed order: palette index != bone index
            names[e] = skeleton.boneName(bone);
            new Matrix4f().set(rest, 16 * bone).invert().get(ibm, 16 * e);
        }
        int k = 1 + r.nextInt(8);
        int[] joints = new int[vertices * k];
        float[] weights = new float[vertices * k];
        float[] positions = new float[3 * vertices];
        for (int v = 0; v < vertices; v++) {
            for (int j = 0; j < 3; j++) {
                positions[3 * v + j] = AnimFixtures.range(r, -1, 1);
            }
            boolean rigid = r.nextInt(20) == 0;
            for (int s = 0; s < k; s++) {
                joints[v * k + s] = r.nextInt(paletteSize);
                weights[v * k + s] = rigid || r.nextInt(4) == 0 ? 0 : AnimFixtures.range(r, 0, 1);
            }
        }
        Skin skin = Skin.of(names, ibm, BoneWeights.of(k, joints, weights)); // not normalized on purpose
        Mesh.Builder mesh = Mesh.builder("body").positions(positions).skin(skin);
        List<MorphChannel> morphChannels = List.of();
        if (morph) {
            int targets = 1 + r.nextInt(3);
            for (int t = 0; t < targets; t++) {
                float[] d = new float[3 * vertices];
                for (int i = 0; i < d.length; i++) {
                    d[i] = AnimFixtures.range(r, -0.3, 0.3);
                }
                mesh.addMorphTarget(MorphTarget.of("m" + t, t == 1 ? null : d, t == 1 ? d : null, null));
            }
            float[] times = AnimFixtures.keyTimes(r, 2 + r.nextInt(5), 0);
            float[] values = new float[times.length * targets];
            for (int i = 0; i < values.length; i++) {
                values[i] = AnimFixtures.range(r, -0.5, 1.5);
            }
            morphChannels = List.of(MorphChannel.of("body", targets, Interpolation.LINEAR, times, values));
        }
        AnimationClip bonesOnly = AnimFixtures.randomClip(r, skeleton, 1.0, AnimFixtures.range(r, 0, 0.3), false);
        return new Scene(skeleton, mesh.build(), AnimationClip.of("clip", bonesOnly.channels(), morphChannels));
    }

    /**
     * Reference positions at time {@code t}: pose from the sampler, model matrices composed with
     * JOML, skin matrices by JOML, morphs and linear blend skinning in double.
     */
    private static double[] referencePositions(Scene s, float t) {
        Skeleton skeleton = s.skeleton();
        Mesh mesh = s.mesh();
        Skin skin = mesh.skin();
        Pose pose = ClipSampler.bind(s.clip(), skeleton).sample(t, new Pose(skeleton.boneCount()));
        float[] model = AnimFixtures.jomlModelMatrices(skeleton, pose, new Matrix4f());
        int[] paletteBones = skin.bind(skeleton);
        Matrix4f[] palette = new Matrix4f[skin.paletteSize()];
        for (int e = 0; e < palette.length; e++) {
            palette[e] = new Matrix4f().set(model, 16 * paletteBones[e]).mul(skin.inverseBindMatrix(e, new Matrix4f()));
        }
        float[] p = mesh.positions();
        double[] base = new double[p.length];
        for (int i = 0; i < p.length; i++) {
            base[i] = p[i];
        }
        if (!s.clip().morphChannels().isEmpty()) {
            MorphChannel m = s.clip().morphChannels().get(0);
            float[] w = ClipSampler.bind(s.clip(), skeleton).sampleMorphWeights(0, t, new float[m.weightCount()], 0);
            for (int target = 0; target < w.length; target++) {
                float[] d = mesh.morphTargets().get(target).positions();
                for (int i = 0; d != null && i < d.length; i++) {
                    base[i] += (double) w[target] * d[i];
                }
            }
        }
        BoneWeights bw = skin.weights();
        int k = bw.influencesPerVertex();
        double[] out = new double[base.length];
        for (int v = 0; v < mesh.vertexCount(); v++) {
            double sum = 0;
            for (int slot = 0; slot < k; slot++) {
                sum += bw.weight(v, slot);
            }
            for (int slot = 0; slot < k; slot++) {
                // a vertex without weight follows palette entry 0 (the poser's rule, as viewers do)
                double w = sum == 0 ? (slot == 0 ? 1 : 0) : bw.weight(v, slot) / sum;
                Matrix4f m = palette[sum == 0 ? 0 : bw.joint(v, slot)];
                double x = base[3 * v];
                double y = base[3 * v + 1];
                double z = base[3 * v + 2];
                out[3 * v] += w * (m.m00() * x + m.m10() * y + m.m20() * z + m.m30());
                out[3 * v + 1] += w * (m.m01() * x + m.m11() * y + m.m21() * z + m.m31());
                out[3 * v + 2] += w * (m.m02() * x + m.m12() * y + m.m22() * z + m.m32());
            }
        }
        return out;
    }

    private static float[] sampleTimes(AnimationClip clip, int count) {
        float[] times = new float[count];
        for (int i = 0; i < count; i++) {
            times[i] = count == 1 || i == count - 1 ? clip.duration()
                    : (float) (clip.startTime() + ((double) clip.duration() - clip.startTime()) * i / (count - 1));
        }
        return times;
    }

    @Property(tries = 60, seed = "60606")
    void exactBoxIsTheBoxOfTheReferenceSkinningAndConservativeContainsIt(@ForAll long seed,
            @ForAll @IntRange(min = 1, max = 8) int bones, @ForAll @IntRange(min = 1, max = 150) int vertices,
            @ForAll boolean morph) {
        SplittableRandom r = new SplittableRandom(seed);
        Scene s = randomScene(r, bones, vertices, morph);
        AnimatedBoundsOptions options = AnimatedBoundsOptions.DEFAULTS.withSamplesPerSecond(AnimFixtures.range(r, 5, 40));
        AnimatedBoundsResult exact = AnimatedBounds.compute(Part.of("body", s.mesh()), s.skeleton(), s.clip(), options);
        AnimatedBoundsResult conservative = AnimatedBounds.compute(Part.of("body", s.mesh()), s.skeleton(), s.clip(),
                options.withMethod(AnimatedBoundsOptions.Method.CONSERVATIVE));

        int expectedSamples = (int) Math.ceil(((double) s.clip().duration() - s.clip().startTime())
                * options.samplesPerSecond()) + 1;
        assertThat(exact.sampleCount()).isEqualTo(expectedSamples);
        assertThat(conservative.sampleCount()).isEqualTo(expectedSamples);
        assertThat(exact.method()).isEqualTo(AnimatedBoundsOptions.Method.EXACT);
        assertThat(conservative.method()).isEqualTo(AnimatedBoundsOptions.Method.CONSERVATIVE);

        double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (float t : sampleTimes(s.clip(), expectedSamples)) {
            double[] p = referencePositions(s, t);
            for (int i = 0; i < p.length; i++) {
                lo[i % 3] = Math.min(lo[i % 3], p[i]);
                hi[i % 3] = Math.max(hi[i % 3], p[i]);
            }
        }
        Bounds b = exact.bounds();
        // the exact box contains every skinned vertex of every sample, and no more
        assertThat((double) b.minX()).isCloseTo(lo[0], offset(POSITION_TOLERANCE));
        assertThat((double) b.minY()).isCloseTo(lo[1], offset(POSITION_TOLERANCE));
        assertThat((double) b.minZ()).isCloseTo(lo[2], offset(POSITION_TOLERANCE));
        assertThat((double) b.maxX()).isCloseTo(hi[0], offset(POSITION_TOLERANCE));
        assertThat((double) b.maxY()).isCloseTo(hi[1], offset(POSITION_TOLERANCE));
        assertThat((double) b.maxZ()).isCloseTo(hi[2], offset(POSITION_TOLERANCE));
        // the conservative box contains the exact one, without any tolerance
        assertThat(conservative.bounds().contains(exact.bounds()))
                .as("conservative %s contains exact %s", conservative.bounds(), exact.bounds()).isTrue();
    }

    /** Weights kept as a file stored them give the box of their canonical form, bit for bit. */
    @Property(tries = 30, seed = "7117")
    void slotsAsStoredGiveTheSameBoxAsTheCanonicalForm(@ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        Scene s = randomScene(r, 1 + r.nextInt(8), 1 + r.nextInt(120), r.nextBoolean());
        Skin skin = s.mesh().skin();
        BoneWeights canonical = skin.weights();
        int k = canonical.influencesPerVertex();
        int[] joints = new int[canonical.vertexCount() * k];
        float[] weights = new float[joints.length];
        for (int v = 0; v < canonical.vertexCount(); v++) {
            for (int slot = 0; slot < k; slot++) {
                int stored = v * k + (k - 1 - slot); // reversed: smallest first
                weights[stored] = canonical.weight(v, slot);
                joints[stored] = canonical.weight(v, slot) == 0f ? r.nextInt(skin.paletteSize())
                        : canonical.joint(v, slot);
            }
        }
        BoneWeights stored = BoneWeights.ofSlots(k, joints, weights);
        Mesh lossless = s.mesh().toBuilder().skin(skin.withWeights(stored)).build();
        for (AnimatedBoundsOptions.Method method : AnimatedBoundsOptions.Method.values()) {
            AnimatedBoundsOptions options = AnimatedBoundsOptions.DEFAULTS.withMethod(method);
            assertThat(AnimatedBounds.compute(Part.of("body", lossless), s.skeleton(), s.clip(), options).bounds()).as("%s", method)
                    .isEqualTo(AnimatedBounds.compute(Part.of("body", s.mesh()), s.skeleton(), s.clip(), options).bounds());
        }
    }

    @Test
    void staticClipOnRestPoseGivesTheBindPoseBounds() {
        Scene s = randomScene(new SplittableRandom(99), 5, 100, false);
        AnimationClip none = AnimationClip.of("idle", List.of());
        AnimatedBoundsResult r = AnimatedBounds.compute(Part.of("body", s.mesh()), s.skeleton(), none);
        assertThat(r.sampleCount()).isEqualTo(1);
        Bounds bind = s.mesh().bounds();
        assertThat(r.bounds().minX()).isCloseTo(bind.minX(), offset(1e-5f));
        assertThat(r.bounds().minY()).isCloseTo(bind.minY(), offset(1e-5f));
        assertThat(r.bounds().minZ()).isCloseTo(bind.minZ(), offset(1e-5f));
        assertThat(r.bounds().maxX()).isCloseTo(bind.maxX(), offset(1e-5f));
        assertThat(r.bounds().maxY()).isCloseTo(bind.maxY(), offset(1e-5f));
        assertThat(r.bounds().maxZ()).isCloseTo(bind.maxZ(), offset(1e-5f));
        assertThat(r.warnings()).anyMatch(w -> w.contains("do not sum to 1"));
    }

    private static Skeleton oneIdentityBone() {
        Skeleton.Builder b = Skeleton.builder("one");
        b.addBone("b0", Skeleton.NO_PARENT);
        return b.build();
    }

    @Test
    void sampleCountCoversBothEndsOfTheClip() {
        Skeleton skeleton = oneIdentityBone();
        Mesh mesh = Mesh.builder("m").positions(new float[] {0, 1, 0}).skin(Skin.of(new String[] {"b0"},
                new Matrix4f().get(new float[16]), BoneWeights.of(1, new int[] {0}, new float[] {1}))).build();
        BoneChannel slide = BoneChannel.of("b0", ChannelPath.TRANSLATION, Interpolation.LINEAR,
                new float[] {0.5f, 2.5f}, new float[] {0, 0, 0, 4, 0, 0});
        AnimationClip clip = AnimationClip.of("slide", List.of(slide));
        AnimatedBoundsResult r = AnimatedBounds.compute(Part.of(mesh.name(), mesh), skeleton, clip);
        assertThat(r.sampleCount()).isEqualTo(61); // 2 s from the first key at 30 samples/s, both ends
        assertThat(r.bounds()).isEqualTo(new Bounds(0, 1, 0, 4, 1, 0));
        AnimatedBoundsResult coarse = AnimatedBounds.compute(Part.of(mesh.name(), mesh), skeleton, clip,
                AnimatedBoundsOptions.DEFAULTS.withSamplesPerSecond(0.1f));
        assertThat(coarse.sampleCount()).isEqualTo(2);
        assertThat(coarse.bounds()).isEqualTo(new Bounds(0, 1, 0, 4, 1, 0));
    }

    @Test
    void morphWeightSources() {
        Skeleton skeleton = AnimFixtures.randomSkeleton(new SplittableRandom(1), 1); // rest moves the point
        float[] identity = new Matrix4f().get(new float[16]);
        Skin skin = Skin.of(new String[] {"b0"}, identity, BoneWeights.of(1, new int[] {0}, new float[] {1}));
        Mesh mesh = Mesh.builder("face").positions(new float[] {0, 0, 0}).skin(skin)
                .addMorphTarget(MorphTarget.of("smile", new float[] {1, 0, 0}, null, null))
                .morphWeights(new float[] {0.25f}).build();
        AnimationClip clip = AnimationClip.of("talk", List.of(), List.of(MorphChannel.of("head", 1,
                Interpolation.LINEAR, new float[] {0, 1}, new float[] {-1, 2})));
        // root rest transform of the random skeleton moves the point; compare against its rest model matrix
        Matrix4f root = new Matrix4f().set(skeleton.restModelMatricesInto(new float[16], 0));
        Part head = Part.of("head", mesh); // the clip's morph channel targets the part by name
        Part face = Part.of("face", mesh); // a part the clip does not animate
        for (AnimatedBoundsOptions.Method method : AnimatedBoundsOptions.Method.values()) {
            AnimatedBoundsOptions o = AnimatedBoundsOptions.DEFAULTS.withMethod(method);
            AnimatedBoundsResult fromClip = AnimatedBounds.compute(head, skeleton, clip, o);
            assertThat(fromClip.warnings()).isEmpty();
            assertXRange(fromClip.bounds(), root, -1, 2);
            AnimatedBoundsResult noChannel = AnimatedBounds.compute(face, skeleton, clip, o);
            assertXRange(noChannel.bounds(), root, 0.25f, 0.25f);
            AnimatedBoundsResult meshWeights = AnimatedBounds.compute(head, skeleton, clip,
                    o.withMorphWeights(PoserOptions.MorphWeights.MESH));
            assertXRange(meshWeights.bounds(), root, 0.25f, 0.25f);
            AnimatedBoundsResult none = AnimatedBounds.compute(head, skeleton, clip,
                    o.withMorphWeights(PoserOptions.MorphWeights.NONE));
            assertXRange(none.bounds(), root, 0, 0);
        }
    }

    @Test
    void rigidPartFollowsItsAttachBoneAndTransform() {
        Skeleton skeleton = oneIdentityBone();
        Mesh rock = Mesh.builder("rock").positions(new float[] {0, 0, 0, 1, 0, 0}).build();
        Part part = Part.of("rock", rock, "b0", new Matrix4f().translation(0, 2, 0));
        BoneChannel slide = BoneChannel.of("b0", ChannelPath.TRANSLATION, Interpolation.LINEAR,
                new float[] {0, 1}, new float[] {0, 0, 0, 0, 0, 3});
        AnimationClip clip = AnimationClip.of("slide", List.of(slide));
        for (AnimatedBoundsOptions.Method method : AnimatedBoundsOptions.Method.values()) {
            Bounds b = AnimatedBounds.compute(part, skeleton, clip, AnimatedBoundsOptions.DEFAULTS.withMethod(method))
                    .bounds();
            assertXRange(b, new Matrix4f().translation(0, 2, 0), 0, 1); // z checked below
            assertThat(b.maxZ()).isCloseTo(3f, offset(1e-4f));
        }
        // without an attach bone the part stays where its transform puts it
        Bounds fixed = AnimatedBounds.compute(Part.of("rock", rock, null, new Matrix4f().translation(0, 2, 0)),
                skeleton, clip).bounds();
        assertThat(fixed).isEqualTo(new Bounds(0, 2, 0, 1, 2, 0));
    }

    @Test
    void characterBoundsAreTheUnionOfItsPartsAndProgressCountsSamples() {
        Scene s = randomScene(new SplittableRandom(7), 4, 40, true);
        Mesh rock = Mesh.builder("rock").positions(new float[] {5, 5, 5}).build();
        io.github.skinmesh.core.model.Character c = io.github.skinmesh.core.model.Character.builder("c", s.skeleton())
                .addPart(Part.of("body", s.mesh())).addPart(Part.of("rock", rock, s.skeleton().boneName(0),
                        new Matrix4f())).addClip(s.clip()).build();
        List<long[]> updates = new ArrayList<>();
        Progress progress = Progress.of((stage, done, total) -> updates.add(new long[] {done, total}), () -> false);
        AnimatedBoundsResult all = AnimatedBounds.compute(c, s.clip(), AnimatedBoundsOptions.DEFAULTS, progress);
        Bounds body = AnimatedBounds.compute(c.parts().get(0), s.skeleton(), s.clip()).bounds();
        Bounds stone = AnimatedBounds.compute(c.parts().get(1), s.skeleton(), s.clip()).bounds();
        assertThat(all.bounds()).isEqualTo(body.union(stone));
        assertThat(updates).hasSize(all.sampleCount());
        assertThat(updates.get(updates.size() - 1)).containsExactly(all.sampleCount(), all.sampleCount());
    }

    @Test
    void cancellationStopsBetweenSamples() {
        Scene s = randomScene(new SplittableRandom(8), 3, 10, false);
        int[] calls = {0};
        Progress cancelAfterTwo = Progress.of((stage, done, total) -> calls[0]++, () -> calls[0] >= 2);
        for (AnimatedBoundsOptions.Method method : AnimatedBoundsOptions.Method.values()) {
            calls[0] = 0;
            assertThatThrownBy(() -> AnimatedBounds.compute(s.skeleton(), List.of(Part.of("body", s.mesh())),
                    s.clip(), AnimatedBoundsOptions.DEFAULTS.withMethod(method), cancelAfterTwo))
                    .isInstanceOf(CancelledException.class).hasMessage("animatedBounds: cancelled");
            assertThat(calls[0]).isEqualTo(2);
        }
    }

    /** The box of the root-transformed segment from (x0, 0, 0) to (x1, 0, 0). */
    private static void assertXRange(Bounds actual, Matrix4f root, float x0, float x1) {
        org.joml.Vector3f a = root.transformPosition(new org.joml.Vector3f(x0, 0, 0));
        org.joml.Vector3f b = root.transformPosition(new org.joml.Vector3f(x1, 0, 0));
        Bounds expected = new Bounds(Math.min(a.x, b.x), Math.min(a.y, b.y), Math.min(a.z, b.z),
                Math.max(a.x, b.x), Math.max(a.y, b.y), Math.max(a.z, b.z));
        float tol = 1e-4f; // the conservative box is padded by 2^-18 of the coordinates' magnitude
        assertThat(actual.minX()).isCloseTo(expected.minX(), offset(tol));
        assertThat(actual.minY()).isCloseTo(expected.minY(), offset(tol));
        assertThat(actual.minZ()).isCloseTo(expected.minZ(), offset(tol));
        assertThat(actual.maxX()).isCloseTo(expected.maxX(), offset(tol));
        assertThat(actual.maxY()).isCloseTo(expected.maxY(), offset(tol));
        if (actual.maxZ() - actual.minZ() < 1) { // the rigid test moves z on purpose
            assertThat(actual.maxZ()).isCloseTo(expected.maxZ(), offset(tol));
        }
    }

    // ---- invalid input, one case each ----

    private static final Skeleton SKELETON = AnimFixtures.randomSkeleton(new SplittableRandom(2), 2);
    private static final AnimationClip CLIP = AnimationClip.of("walk", List.of());

    private static Mesh skinned(String bone) {
        return Mesh.builder("body").positions(new float[] {0, 0, 0}).skin(Skin.of(new String[] {bone},
                new Matrix4f().get(new float[16]), BoneWeights.of(1, new int[] {0}, new float[] {1}))).build();
    }

    @Test
    void rejectsPaletteBoneMissingFromSkeleton() {
        assertThatThrownBy(() -> AnimatedBounds.compute(Part.of("body", skinned("tail")), SKELETON, CLIP))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("part 'body'")
                .hasMessageContaining("bone 'tail' is not in skeleton 'random'");
    }

    @Test
    void rejectsAttachBoneMissingFromSkeleton() {
        Mesh rock = Mesh.builder("rock").positions(new float[] {0, 0, 0}).build();
        assertThatThrownBy(() -> AnimatedBounds.compute(Part.of("rock", rock, "tail", new Matrix4f()), SKELETON, CLIP))
                .isInstanceOf(ValidationException.class)
                .hasMessage("CharacterPoser: part 'rock': attach bone 'tail' is not in skeleton 'random'");
    }

    @Test
    void rejectsTooManySamples() {
        AnimationClip longClip = AnimationClip.of("day", List.of(BoneChannel.of("b0", ChannelPath.SCALE,
                Interpolation.STEP, new float[] {0, 86400}, new float[] {1, 1, 1, 2, 2, 2})));
        assertThatThrownBy(() -> AnimatedBounds.compute(Part.of("body", skinned("b0")), SKELETON, longClip))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("animatedBounds: clip 'day'")
                .hasMessageContaining("needs 2592001 samples")
                .hasMessageContaining("expected at most " + AnimatedBounds.MAX_SAMPLE_COUNT);
    }

    @Test
    void rejectsMorphChannelWithWrongWeightCount() {
        Mesh mesh = Mesh.builder("body").positions(new float[] {0, 0, 0}).skin(skinned("b0").skin())
                .addMorphTarget(MorphTarget.of("a", new float[3], null, null)).build();
        AnimationClip clip = AnimationClip.of("talk", List.of(), List.of(MorphChannel.of("body", 2,
                Interpolation.STEP, new float[] {0}, new float[] {0, 0})));
        assertThatThrownBy(() -> AnimatedBounds.compute(Part.of("body", mesh), SKELETON, clip))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("part 'body'").hasMessageContaining("morph channel has 2 weights")
                .hasMessageContaining("morph target count 1");
    }

    @Test
    void rejectsMorphChannelWithWrongWeightCountWhenNoTargetMovesPositions() {
        Mesh mesh = Mesh.builder("body").positions(new float[] {0, 0, 0}).normals(new float[] {0, 0, 1})
                .skin(skinned("b0").skin()).addMorphTarget(MorphTarget.of("a", null, new float[3], null)).build();
        AnimationClip clip = AnimationClip.of("talk", List.of(), List.of(MorphChannel.of("body", 2,
                Interpolation.STEP, new float[] {0}, new float[] {0, 0})));
        assertThatThrownBy(() -> AnimatedBounds.compute(Part.of("body", mesh), SKELETON, clip))
                .isInstanceOf(ValidationException.class)
                .hasMessage("CharacterPoser: part 'body': clip 'talk' morph channel has 2 weights, expected the mesh's"
                        + " morph target count 1");
    }

    @Test
    void rejectsNonPositiveSamplingRate() {
        assertThatThrownBy(() -> AnimatedBoundsOptions.DEFAULTS.withSamplesPerSecond(0))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("AnimatedBoundsOptions").hasMessageContaining("samplesPerSecond=0.0")
                .hasMessageContaining("expected a finite rate > 0");
    }

    @Test
    void rejectsNonFiniteSamplingRate() {
        assertThatThrownBy(() -> AnimatedBoundsOptions.DEFAULTS.withSamplesPerSecond(Float.NaN))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("samplesPerSecond=NaN").hasMessageContaining("expected a finite rate > 0");
    }

    @Test
    void rejectsMissingChannelBoneWhenStrict() {
        AnimationClip clip = AnimationClip.of("walk", List.of(BoneChannel.of("ghost", ChannelPath.SCALE,
                Interpolation.STEP, new float[] {0}, new float[] {1, 1, 1})));
        assertThatThrownBy(() -> AnimatedBounds.compute(Part.of("body", skinned("b0")), SKELETON, clip,
                AnimatedBoundsOptions.DEFAULTS.withMissingBones(SampleOptions.MissingBones.REJECT)))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("bone 'ghost'").hasMessageContaining("not in skeleton 'random'");
    }
}
