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
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.objects.Object2IntOpenCustomHashMap;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A clip bound to a skeleton: channel bone names resolved to indices, channels grouped by
 * property and interpolation into {@link ChannelBatch}es, channels with equal key times sharing
 * one key timeline, and the bone properties no channel drives. Immutable; shared by every
 * {@link ClipSampler} copy. The clip's arrays are referenced, not copied.
 */
final class BoundClip {
    private static final int PATHS = 3;
    private static final int INTERPOLATIONS = 3;

    final AnimationClip clip;
    final Skeleton skeleton;
    final SampleOptions options;
    final int boneCount;
    final float duration;
    /** Rest transforms of the skeleton (shared, read-only). */
    final float[] restTranslations;
    final float[] restRotations;
    final float[] restScales;
    /** Bones whose translation, rotation or scale no channel drives. */
    final int[] restTranslationBones;
    final int[] restRotationBones;
    final int[] restScaleBones;
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

    BoundClip(AnimationClip clip, Skeleton skeleton, SampleOptions options) {
        this.clip = clip;
        this.skeleton = skeleton;
        this.options = options;
        this.boneCount = skeleton.boneCount();
        this.duration = clip.duration();
        ModelAccess.Bridge raw = ModelAccess.get();
        restTranslations = raw.restTranslations(skeleton);
        restRotations = raw.restRotations(skeleton);
        restScales = raw.restScales(skeleton);

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
            int timeline = timelineId(raw.times(c), timelineOf, timelines);
            int p = c.path().ordinal();
            driven[p][bone] = true;
            builders[p * INTERPOLATIONS + c.interpolation().ordinal()]
                    .add(timeline, raw.values(c), c.path().components() * bone);
            bound++;
        }
        boneTimelineCount = timelines.size();
        batches = new ChannelBatch[builders.length];
        for (int i = 0; i < builders.length; i++) {
            batches[i] = builders[i].build();
        }
        restTranslationBones = undriven(driven[ChannelPath.TRANSLATION.ordinal()]);
        restRotationBones = undriven(driven[ChannelPath.ROTATION.ordinal()]);
        restScaleBones = undriven(driven[ChannelPath.SCALE.ordinal()]);

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
