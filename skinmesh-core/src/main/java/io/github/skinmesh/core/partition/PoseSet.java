package io.github.skinmesh.core.partition;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.anim.PoserOptions;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Part;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix4f;

/**
 * The sampled poses a reduction is measured on, posed through {@link CharacterPoser} (the one
 * posing path, morph targets not applied): per pose, the skin matrix of every universe bone and
 * the input mesh's posed positions (the reference).
 *
 * <p>Universe bones in the palette take the poser's skin matrix of their entry; the others
 * {@code model(bone) * inverseBind} with their derived inverse bind matrix, so that a joint
 * rewritten to any universe bone can be skinned by the same kernel.
 *
 * <p>Allocates {@code 16 * universeBones + 3 * vertexCount} floats per pose.
 */
final class PoseSet {
    final List<AnimationClip> clips;
    /** Number of poses. */
    final int count;
    /** Clip index of each pose. */
    final int[] clipOf;
    /** Time in seconds of each pose. */
    final float[] time;
    /** Per pose, {@code 16 * universeBones} skin matrices. */
    final float[][] palettes;
    /** Per pose, {@code 3 * vertexCount} posed positions of the input mesh. */
    final float[][] reference;
    /** Notes of the posers (ignored channels). */
    final List<String> warnings;

    private PoseSet(List<AnimationClip> clips, int[] clipOf, float[] time, float[][] palettes, float[][] reference,
            List<String> warnings) {
        this.clips = clips;
        this.count = time.length;
        this.clipOf = clipOf;
        this.time = time;
        this.palettes = palettes;
        this.reference = reference;
        this.warnings = warnings;
    }

    /** The poser options of every measurement: positions, no morphing, the caller's sampling. */
    static PoserOptions poserOptions(ReduceOptions options) {
        return PoserOptions.DEFAULTS.withMorphWeights(PoserOptions.MorphWeights.NONE)
                .withSampling(options.sampling());
    }

    /**
     * The number of poses per clip: {@code ceil((end - start) * samplesPerSecond) + 1} over its
     * keys' span (1 for a clip whose keys are all at one time), scaled down in proportion when the total exceeds {@code maxPoses},
     * keeping at least {@code min(2, own count)} per clip.
     */
    static int[] poseCounts(List<AnimationClip> clips, ReduceOptions options) {
        int[] counts = new int[clips.size()];
        long total = 0;
        for (int c = 0; c < counts.length; c++) {
            AnimationClip clip = clips.get(c);
            double span = (double) clip.lastKeyTime() - clip.startTime();
            double n = span > 0 ? Math.ceil(span * options.samplesPerSecond()) + 1 : 1;
            counts[c] = (int) Math.min(n, ReduceOptions.MAX_POSES);
            total += counts[c];
        }
        if (total > options.maxPoses()) {
            for (int c = 0; c < counts.length; c++) {
                int scaled = (int) ((long) counts[c] * options.maxPoses() / total);
                counts[c] = Math.max(Math.min(2, counts[c]), scaled);
            }
        }
        return counts;
    }

    /**
     * Pose {@code i} of {@code n} of a clip: evenly spaced from its first key time to its last (a
     * clip declared longer holds its last pose after that, which the last pose already samples).
     */
    static float poseTime(AnimationClip clip, int i, int n) {
        float start = clip.startTime();
        float end = clip.lastKeyTime();
        if (n == 1 || !(end > start)) {
            return start;
        }
        return i == n - 1 ? end : (float) (start + ((double) end - start) * i / (n - 1));
    }

    /**
     * Samples the clips and poses the input mesh at each pose.
     *
     * @param in the input
     * @param clips the clips (may be empty)
     * @param options sampling rate and limits
     * @param progress one update per pose; cancels between poses
     * @return the poses
     * @throws ValidationException when the poser rejects a clip or a pose overflows the float range
     */
    static PoseSet sample(ReduceInput in, List<AnimationClip> clips, ReduceOptions options, Progress progress) {
        int[] counts = poseCounts(clips, options);
        int total = 0;
        for (int n : counts) {
            total += n;
        }
        int[] clipOf = new int[total];
        float[] time = new float[total];
        float[][] palettes = new float[total][];
        float[][] reference = new float[total][];
        List<String> notes = new ArrayList<>();
        Part part = Part.of(in.mesh.name(), in.mesh);
        PoserOptions poserOptions = poserOptions(options);
        float[] skinMatrices = new float[16 * in.skin.paletteSize()];
        float[] model = new float[16 * in.skeleton.boneCount()];
        Matrix4f a = new Matrix4f();
        Matrix4f b = new Matrix4f();
        String stage = "sampling poses";
        int pose = 0;
        for (int c = 0; c < counts.length; c++) {
            AnimationClip clip = clips.get(c);
            CharacterPoser poser = bind(in.operation, in.skeleton, part, clip, poserOptions);
            for (String w : poser.warnings()) {
                if (!notes.contains(w)) {
                    notes.add(w);
                }
            }
            PosedVertices out = poser.newOutput();
            for (int i = 0; i < counts[c]; i++, pose++) {
                progress.checkCancelled(in.operation);
                float t = poseTime(clip, i, counts[c]);
                poser.poseInto(t, out);
                poser.skinMatricesInto(0, skinMatrices, 0);
                poser.modelMatricesInto(model, 0);
                float[] palette = new float[16 * in.boneCount];
                for (int u = 0; u < in.boneCount; u++) {
                    if (in.entry[u] >= 0) {
                        System.arraycopy(skinMatrices, 16 * in.entry[u], palette, 16 * u, 16);
                    } else {
                        a.set(model, 16 * in.bone[u]).mul(b.set(in.inverseBind, 16 * u)).get(palette, 16 * u);
                        requireFinite(in, palette, u, clip, t);
                    }
                }
                clipOf[pose] = c;
                time[pose] = t;
                palettes[pose] = palette;
                reference[pose] = out.positions(0).clone();
                progress.update(stage, pose + 1, total);
            }
        }
        return new PoseSet(List.copyOf(clips), clipOf, time, palettes, reference, List.copyOf(notes));
    }

    /** Binds a poser, prefixing its validation messages with the operation. */
    static CharacterPoser bind(String operation, io.github.skinmesh.core.model.Skeleton skeleton, Part part,
            AnimationClip clip, PoserOptions options) {
        try {
            return CharacterPoser.bind(skeleton, List.of(part), clip, options);
        } catch (ValidationException e) {
            throw new ValidationException(operation + ": " + e.getMessage());
        }
    }

    private static void requireFinite(ReduceInput in, float[] palette, int u, AnimationClip clip, float t) {
        for (int i = 16 * u; i < 16 * u + 16; i++) {
            if (!Float.isFinite(palette[i])) {
                throw new ValidationException(in.operation + ": clip " + Checks.quote(clip.name()) + " at " + t
                        + " s: the skin matrix of ancestor " + in.quotedName(u)
                        + " (not in the palette) is outside the float range");
            }
        }
    }

    /** @return the name of the clip of pose {@code p} */
    String clipName(int p) {
        return clips.get(clipOf[p]).name();
    }
}
