package io.github.skinmesh.core.partition;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.anim.PoserOptions;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import org.jspecify.annotations.Nullable;

/**
 * Measures a reduced mesh against the input at the sampled poses: both are posed by
 * {@link CharacterPoser} (the reference positions were posed when the poses were sampled), and
 * every vertex's distance is taken, in double precision.
 */
final class ErrorMeasure {
    /** The measured error; NaN and -1 when there are no poses. */
    record Measured(double max, double rms, int vertex, @Nullable String clip, float time) {
    }

    private ErrorMeasure() {
    }

    /**
     * @param in the input
     * @param poses the sampled poses with the input's posed positions
     * @param result the reduced mesh
     * @param options the poser's sampling options
     * @param progress one update per pose; cancels between poses
     * @return the error
     */
    static Measured measure(ReduceInput in, PoseSet poses, Mesh result, ReduceOptions options, Progress progress) {
        if (poses.count == 0) {
            return new Measured(Double.NaN, Double.NaN, -1, null, Float.NaN);
        }
        PoserOptions poserOptions = PoseSet.poserOptions(options);
        Part part = Part.of(result.name(), result);
        int n = in.vertexCount;
        double sum = 0;
        double max = -1;
        int maxVertex = -1;
        int maxPose = 0;
        CharacterPoser poser = null;
        PosedVertices out = null;
        String stage = "measuring error";
        for (int p = 0; p < poses.count; p++) {
            progress.checkCancelled(in.operation);
            if (p == 0 || poses.clipOf[p] != poses.clipOf[p - 1]) {
                poser = PoseSet.bind(in.operation, in.skeleton, part, poses.clips.get(poses.clipOf[p]), poserOptions);
                out = poser.newOutput();
            }
            poser.poseInto(poses.time[p], out);
            float[] posed = out.positions(0);
            float[] ref = poses.reference[p];
            for (int v = 0; v < n; v++) {
                double dx = (double) posed[3 * v] - ref[3 * v];
                double dy = (double) posed[3 * v + 1] - ref[3 * v + 1];
                double dz = (double) posed[3 * v + 2] - ref[3 * v + 2];
                double d2 = dx * dx + dy * dy + dz * dz;
                sum += d2;
                if (d2 > max) {
                    max = d2;
                    maxVertex = v;
                    maxPose = p;
                }
            }
            progress.update(stage, p + 1, poses.count);
        }
        if (n == 0) {
            return new Measured(0, 0, -1, poses.clipName(0), poses.time[0]);
        }
        return new Measured(Math.sqrt(max), Math.sqrt(sum / ((double) n * poses.count)), maxVertex,
                poses.clipName(maxPose), poses.time[maxPose]);
    }
}
