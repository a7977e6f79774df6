package io.github.skinmesh.core.anim;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.MorphChannel;
import io.github.skinmesh.core.model.Skeleton;
import it.unimi.dsi.fastutil.floats.FloatArrays;
import it.unimi.dsi.fastutil.ints.Int2ObjectLinkedOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.objects.Object2IntOpenCustomHashMap;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A clip bound to a skeleton: channel bone names resolved to indices, channels grouped by
 * property and interpolation into {@link ChannelBatch}es, channels with equal key times sharing
 * one key timeline, and the base pose: the rest values of the bone properties no channel drives
 * and the values of single-key channels (which do not depend on the time, so they are sampled
 * once here, by the same kernels). With a {@link AnimKernel}, LINEAR channels of one property
 * (rotations only when slerped) that share a timeline with at least three others
 * ({@link #MIN_SOA_CHANNELS} in all) are copied into a {@link SoaGroup} instead of a batch.
 * Immutable; shared by every {@link ClipSampler} copy. The batches reference the clip's arrays
 * without copying them.
 */
final class BoundClip {
    private static final int PATHS = 3;
    private static final int INTERPOLATIONS = 3;
    /** Fewest channels sharing a timeline that form a {@link SoaGroup}. */
    static final int MIN_SOA_CHANNELS = 4;

    final AnimationClip clip;
    final Skeleton skeleton;
    final SampleOptions options;
    final int boneCount;
    final float duration;
    /**
     * The base pose: per bone property, the rest value when no channel drives it, the value of its
     * channel when that has a single key; other entries unused (own arrays, read-only).
     */
    final float[] baseTranslations;
    final float[] baseRotations;
    final float[] baseScales;
    /** Bones whose translation, rotation or scale takes its base value. */
    final int[] baseTranslationBones;
    final int[] baseRotationBones;
    final int[] baseScaleBones;
    /** SoA groups of LINEAR channels per property (translation, rotation, scale ordinal). */
    final SoaGroup[][] soaGroups;
    /** Floats per scratch row a sampler needs for the largest group ({@link SoaGroup#padded}). */
    final int soaScratch;
    /** The kernel of the groups, or null when there are none. */
    final @Nullable AnimKernel soaKernel;
    /** Key times per timeline; timelines 0..boneTimelineCount-1 serve bone channels. */
    final float[][] timelineTimes;
    final int boneTimelineCount;
    /** Batches indexed {@code path.ordinal() * 3 + interpolation.ordinal()}. */
    private final ChannelBatch[] batches;
    final MorphChannel[] morphChannels;
    final int[] morphTimeline;
    final float[][] morphValues;
    private final Object2IntOpenHashMap<String> morphIndex;
    final SampleReport report;

    /**
     * @param kernel the kernel to build {@link SoaGroup}s for, or null for per-channel
     *     batches only
     */
    BoundClip(AnimationClip clip, Skeleton skeleton, SampleOptions options, @Nullable AnimKernel kernel) {
        this.clip = clip;
        this.skeleton = skeleton;
        this.options = options;
        this.boneCount = skeleton.boneCount();
        this.duration = clip.duration();
        ModelAccess.Bridge raw = ModelAccess.get();
        float[][] base = {raw.restTranslations(skeleton).clone(), raw.restRotations(skeleton).clone(),
            raw.restScales(skeleton).clone()};
        boolean slerp = options.rotationBlend() == SampleOptions.RotationBlend.SLERP;
        // per property: timeline -> channels that may form a SoA group (values, offsets)
        List<Int2ObjectLinkedOpenHashMap<List<float[]>>> soaValues = new ArrayList<>();
        List<Int2ObjectLinkedOpenHashMap<IntArrayList>> soaOffsets = new ArrayList<>();
        for (int p = 0; p < PATHS; p++) {
            soaValues.add(new Int2ObjectLinkedOpenHashMap<>());
            soaOffsets.add(new Int2ObjectLinkedOpenHashMap<>());
        }

        Object2IntOpenCustomHashMap<float[]> timelineOf = new Object2IntOpenCustomHashMap<>(FloatArrays.HASH_STRATEGY);
        timelineOf.defaultReturnValue(-1);
        List<float[]> timelines = new ArrayList<>();
        ChannelBatch.Builder[] builders = new ChannelBatch.Builder[PATHS * INTERPOLATIONS];
        for (int i = 0; i < builders.length; i++) {
            builders[i] = new ChannelBatch.Builder();
        }
        boolean[][] driven = new boolean[PATHS][boneCount];
        List<String> ignored = new ArrayList<>();
        Set<String> missing = new LinkedHashSet<>();
        int bound = 0;
        for (BoneChannel c : clip.channels()) {
            int bone = skeleton.indexOf(c.bone());
            String path = c.path().name().toLowerCase(Locale.ROOT);
            if (bone < 0) {
                if (options.missingBones() == SampleOptions.MissingBones.REJECT) {
                    throw new ValidationException("ClipSampler.bind: clip " + Checks.quote(clip.name()) + " "
                            + path + " channel of bone " + Checks.quote(c.bone()) + ": bone is not in skeleton "
                            + Checks.quote(skeleton.name()) + " (" + boneCount + " bones), expected every channel's"
                            + " bone in the skeleton (MissingBones.REJECT)");
                }
                ignored.add("bone " + Checks.quote(c.bone()) + " " + path);
                missing.add(c.bone());
                continue;
            }
            float[] times = raw.times(c);
            int timeline = timelineId(times, timelineOf, timelines);
            int p = c.path().ordinal();
            int offset = c.path().components() * bone;
            bound++;
            if (times.length == 1) {
                sampleConstant(c.path(), c.interpolation(), slerp, times, raw.values(c), offset, base[p]);
                continue;
            }
            driven[p][bone] = true;
            if (kernel != null && c.interpolation() == Interpolation.LINEAR
                    && (c.path() != ChannelPath.ROTATION || slerp)) {
                soaValues.get(p).computeIfAbsent(timeline, k -> new ArrayList<>()).add(raw.values(c));
                soaOffsets.get(p).computeIfAbsent(timeline, k -> new IntArrayList()).add(offset);
                continue;
            }
            builders[p * INTERPOLATIONS + c.interpolation().ordinal()].add(timeline, raw.values(c), offset);
        }
        boneTimelineCount = timelines.size();
        soaGroups = new SoaGroup[PATHS][];
        int scratch = 0;
        for (int p = 0; p < PATHS; p++) {
            List<SoaGroup> groups = new ArrayList<>();
            int components = ChannelPath.values()[p].components();
            for (Int2ObjectMap.Entry<List<float[]>> e : soaValues.get(p).int2ObjectEntrySet()) {
                int timeline = e.getIntKey();
                List<float[]> values = e.getValue();
                IntArrayList offsets = soaOffsets.get(p).get(timeline);
                if (values.size() >= MIN_SOA_CHANNELS) {
                    SoaGroup g = new SoaGroup(timeline, timelines.get(timeline).length, components,
                            values.toArray(new float[0][]), offsets.toIntArray(), kernel.lanes());
                    groups.add(g);
                    scratch = Math.max(scratch, g.padded);
                } else {
                    for (int j = 0; j < values.size(); j++) {
                        builders[p * INTERPOLATIONS + Interpolation.LINEAR.ordinal()].add(timeline, values.get(j),
                                offsets.getInt(j));
                    }
                }
            }
            soaGroups[p] = groups.toArray(new SoaGroup[0]);
        }
        soaScratch = scratch;
        soaKernel = scratch > 0 ? kernel : null;
        batches = new ChannelBatch[builders.length];
        for (int i = 0; i < builders.length; i++) {
            batches[i] = builders[i].build();
        }
        baseTranslations = base[ChannelPath.TRANSLATION.ordinal()];
        baseRotations = base[ChannelPath.ROTATION.ordinal()];
        baseScales = base[ChannelPath.SCALE.ordinal()];
        baseTranslationBones = undriven(driven[ChannelPath.TRANSLATION.ordinal()]);
        baseRotationBones = undriven(driven[ChannelPath.ROTATION.ordinal()]);
        baseScaleBones = undriven(driven[ChannelPath.SCALE.ordinal()]);

        List<MorphChannel> morphs = clip.morphChannels();
        morphChannels = morphs.toArray(new MorphChannel[0]);
        morphTimeline = new int[morphChannels.length];
        morphValues = new float[morphChannels.length][];
        morphIndex = new Object2IntOpenHashMap<>(morphChannels.length);
        morphIndex.defaultReturnValue(-1);
        for (int m = 0; m < morphChannels.length; m++) {
            morphTimeline[m] = timelineId(raw.times(morphChannels[m]), timelineOf, timelines);
            morphValues[m] = raw.values(morphChannels[m]);
            morphIndex.put(morphChannels[m].target(), m);
        }
        timelineTimes = timelines.toArray(new float[0][]);
        report = new SampleReport(bound, ignored, new ArrayList<>(missing), boneTimelineCount);
    }

    /**
     * Samples a single-key channel with the kernel {@link ClipSampler#sample} would use, into
     * {@code dst}: every time gives the key pair (0, 0), factor and interval 0, so the result does
     * not depend on the time.
     */
    private static void sampleConstant(ChannelPath path, Interpolation interpolation, boolean slerp, float[] times,
            float[] values, int offset, float[] dst) {
        ChannelBatch.Builder one = new ChannelBatch.Builder();
        one.add(0, values, offset);
        ChannelBatch batch = one.build();
        KeyCursors cursors = new KeyCursors(new float[][] {times});
        cursors.seek(0, times[0]);
        if (path == ChannelPath.ROTATION) {
            switch (interpolation) {
                case STEP:
                    QuatSampling.step(batch, cursors, dst);
                    break;
                case LINEAR:
                    if (slerp) {
                        QuatSampling.slerp(batch, cursors, dst);
                    } else {
                        QuatSampling.nlerp(batch, cursors, dst);
                    }
                    break;
                default:
                    QuatSampling.cubic(batch, cursors, dst);
            }
        } else {
            switch (interpolation) {
                case STEP:
                    Vec3Sampling.step(batch, cursors, dst);
                    break;
                case LINEAR:
                    Vec3Sampling.linear(batch, cursors, dst);
                    break;
                default:
                    Vec3Sampling.cubic(batch, cursors, dst);
            }
        }
    }

    private static int timelineId(float[] times, Object2IntOpenCustomHashMap<float[]> timelineOf,
            List<float[]> timelines) {
        int id = timelineOf.getInt(times);
        if (id < 0) {
            id = timelines.size();
            timelines.add(times);
            timelineOf.put(times, id);
        }
        return id;
    }

    private static int[] undriven(boolean[] driven) {
        IntArrayList bones = new IntArrayList();
        for (int i = 0; i < driven.length; i++) {
            if (!driven[i]) {
                bones.add(i);
            }
        }
        return bones.toIntArray();
    }

    ChannelBatch batch(ChannelPath path, Interpolation interpolation) {
        return batches[path.ordinal() * INTERPOLATIONS + interpolation.ordinal()];
    }

    int morphIndex(String target) {
        return morphIndex.getInt(target);
    }
}
