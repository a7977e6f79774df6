package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PoserOptions;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Skeleton;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Measures how far the reconciled vertices of each part are from where they skinned before, at the
 * rest pose of the output skeleton and at {@link CombineOptions#deviationSamples()} evenly spaced
 * times of each kept clip. The poses come from the one posing path
 * ({@link CharacterPoser#evaluate} and its model matrices); each re-expressed vertex is skinned
 * twice with its normalized weights, before ({@code sum_k w_k M_k B_k p}, its part's own matrices,
 * converted to the result's unit (see {@link RemapOptions.Units}), and position) and after
 * ({@code sum_k w_k M_k R_k p'}, the kept matrices and the re-expressed position), in double
 * precision. Morph targets are left out (they are re-expressed by the same
 * linear maps as the positions).
 *
 * <p>Work: poses times re-expressed vertices times influences; nothing is measured (and no pose is
 * evaluated) when no vertex was re-expressed.
 */
final class Deviation {
    /** The number of poses measured (0 when nothing was). */
    final int poses;
    /** Per part, per entry: the largest distance found, or null for a part without corrections. */
    private final float @Nullable [][] measured;

    private Deviation(int poses, float @Nullable [][] measured) {
        this.poses = poses;
        this.measured = measured;
    }

    static Deviation measure(Layout layout, List<AnimationClip> clips) {
        return measure(new Setting(layout.skeleton, layout.parts, layout.entryPalette, layout.entryIbm,
                layout.paletteIbm, layout.corrections, layout.data), clips, layout.options.deviationSamples());
    }

    /** What a measurement needs of a combination (or of a remap, as a combination of one part). */
    record Setting(Skeleton skeleton, List<PreparedPart> parts, int[][] entryPalette, float[][] entryIbm,
            float[] paletteIbm, float @Nullable [][][] corrections, PartData[] data) {
    }

    static Deviation measure(Setting layout, List<AnimationClip> clips, int samples) {
        int count = layout.parts.size();
        boolean any = false;
        for (PartData d : layout.data) {
            any |= d.corrected();
        }
        float[][] measured = new float[count][];
        if (!any) {
            return new Deviation(0, measured);
        }
        List<CharacterPoser> posers = new ArrayList<>();
        List<Float> times = new ArrayList<>();
        posers.add(CharacterPoser.bind(layout.skeleton, List.of(), null, PoserOptions.DEFAULTS));
        times.add(0f);
        for (AnimationClip clip : clips) {
            CharacterPoser poser = CharacterPoser.bind(layout.skeleton, List.of(), clip, PoserOptions.DEFAULTS);
            for (int s = 0; s < samples; s++) {
                // the keys' span: before the first key and after the last the pose does not change
                float start = clip.startTime();
                float t = samples == 1 ? start
                        : (float) (start + ((double) clip.lastKeyTime() - start) * s / (samples - 1));
                posers.add(poser);
                times.add(t);
            }
        }
        float[] model = new float[16 * layout.skeleton.boneCount()];
        int[][] entryBone = new int[count][];
        for (int i = 0; i < count; i++) {
            if (layout.data[i].corrected()) {
                measured[i] = new float[layout.parts.get(i).entryCount()];
                entryBone[i] = SkeletonUnion.lookup(layout.skeleton, layout.parts.get(i).entryBone);
            }
        }
        for (int pose = 0; pose < posers.size(); pose++) {
            CharacterPoser poser = posers.get(pose);
            poser.evaluate(times.get(pose));
            poser.modelMatricesInto(model, 0);
            for (int i = 0; i < count; i++) {
                if (measured[i] != null) {
                    part(layout, i, entryBone[i], model, measured[i]);
                }
            }
        }
        return new Deviation(posers.size(), measured);
    }

    /** Adds the deviations of part {@code i} at one pose ({@code model}: the bones' model matrices). */
    private static void part(Setting layout, int i, int[] entryBone, float[] model, float[] measured) {
        PreparedPart p = layout.parts.get(i);
        float[][] corrections = layout.corrections[i];
        int entries = p.entryCount();
        // per entry: skin matrix before (M_b B_e) and after (M_b R_b), 12 doubles each
        double[] before = new double[12 * entries];
        double[] after = new double[12 * entries];
        for (int e = 0; e < entries; e++) {
            int b = entryBone[e];
            int pe = layout.entryPalette[i][e];
            if (b < 0 || pe < 0) {
                continue;
            }
            multiply(model, 16 * b, layout.entryIbm[i], 16 * e, before, 12 * e);
            multiply(model, 16 * b, layout.paletteIbm, 16 * pe, after, 12 * e);
        }
        float[] original = ModelAccess.get().positions(p.mesh);
        float[] corrected = layout.data[i].positions;
        int k = p.influences;
        int[] joints = p.joints;
        float[] weights = p.weights;
        for (int v = 0, n = p.vertexCount(); v < n; v++) {
            boolean touched = false;
            double sum = 0;
            if (joints == null) {
                touched = corrections[0] != null;
                sum = 1;
            } else {
                for (int s = 0; s < k; s++) {
                    float w = weights[v * k + s];
                    if (w > 0) {
                        sum += w;
                        touched |= corrections[joints[v * k + s]] != null;
                    }
                }
            }
            if (!touched) {
                continue;
            }
            double bx = 0;
            double by = 0;
            double bz = 0;
            double ax = 0;
            double ay = 0;
            double az = 0;
            int slots = joints == null ? 1 : k;
            for (int s = 0; s < slots; s++) {
                float w = joints == null ? 1f : weights[v * k + s];
                if (!(w > 0)) {
                    continue;
                }
                int e = joints == null ? 0 : joints[v * k + s];
                double wn = w / sum;
                int o = 12 * e;
                bx += wn * apply(before, o, 0, original, 3 * v);
                by += wn * apply(before, o, 1, original, 3 * v);
                bz += wn * apply(before, o, 2, original, 3 * v);
                ax += wn * apply(after, o, 0, corrected, 3 * v);
                ay += wn * apply(after, o, 1, corrected, 3 * v);
                az += wn * apply(after, o, 2, corrected, 3 * v);
            }
            float d = (float) Math.sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay) + (bz - az) * (bz - az));
            for (int s = 0; s < slots; s++) {
                float w = joints == null ? 1f : weights[v * k + s];
                int e = joints == null ? 0 : joints[v * k + s];
                if (w > 0 && corrections[e] != null) {
                    measured[e] = Math.max(measured[e], d);
                }
            }
        }
    }

    /** Row {@code row} of the 3x4 matrix at {@code o} applied to the point at {@code p}. */
    private static double apply(double[] m, int o, int row, float[] points, int p) {
        return m[o + row] * points[p] + m[o + 3 + row] * points[p + 1] + m[o + 6 + row] * points[p + 2]
                + m[o + 9 + row];
    }

    /** {@code dst = a * b} for affine column-major float matrices, the top 3x4 of the product as doubles. */
    private static void multiply(float[] a, int ao, float[] b, int bo, double[] dst, int o) {
        for (int col = 0; col < 4; col++) {
            for (int row = 0; row < 3; row++) {
                double sum = 0;
                for (int i = 0; i < 4; i++) {
                    sum += (double) a[ao + 4 * i + row] * b[bo + 4 * col + i];
                }
                dst[o + 3 * col + row] = sum;
            }
        }
    }

    /** The bind corrections of every part, input order then palette order, with the measured deviations. */
    List<BindCorrection> corrections(Layout layout) {
        return corrections(layout.data, layout.entryPalette, layout.paletteNames, layout.referencePart);
    }

    /** As {@link #corrections(Layout)}, from the pieces. */
    List<BindCorrection> corrections(PartData[] data, int[][] entryPalette, String[] paletteNames,
            int[] referencePart) {
        List<BindCorrection> out = new ArrayList<>();
        for (int i = 0; i < data.length; i++) {
            PartData d = data[i];
            if (!d.corrected()) {
                continue;
            }
            int[] map = entryPalette[i];
            int palette = paletteNames.length;
            int[] vertices = new int[palette];
            int[] exact = new int[palette];
            float[] bound = new float[palette];
            float[] found = new float[palette];
            boolean[] any = new boolean[palette];
            for (int e = 0; e < map.length; e++) {
                if (map[e] < 0 || d.entryVertices[e] == 0) {
                    continue;
                }
                int pe = map[e];
                any[pe] = true;
                vertices[pe] += d.entryVertices[e];
                exact[pe] += d.entryExact[e];
                bound[pe] = Math.max(bound[pe], d.entryBound[e]);
                found[pe] = Math.max(found[pe], measured[i][e]);
            }
            for (int pe = 0; pe < palette; pe++) {
                if (any[pe]) {
                    out.add(new BindCorrection(paletteNames[pe], i, referencePart[pe], vertices[pe],
                            exact[pe], bound[pe], found[pe]));
                }
            }
        }
        return out;
    }
}
