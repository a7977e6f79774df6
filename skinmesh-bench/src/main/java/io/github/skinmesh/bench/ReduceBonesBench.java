package io.github.skinmesh.bench;

import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.anim.PoserOptions;
import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineInput;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.partition.BoneReduction;
import io.github.skinmesh.core.partition.ReduceOptions;
import io.github.skinmesh.core.partition.ReduceResult;
import io.github.skinmesh.testkit.humanoid.Humanoid;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@link BoneReduction} on workload {@code partition}'s testkit character: the humanoid of seed 1,
 * its six parts combined into one mesh (9,555 vertices, 53 bones with weight), reduced to the
 * crowd budgets of 24 and 32 bones. One operation handles the mesh once: a whole reduction
 * ({@link #reduceBones}: sampling the walk and idle at 63 poses, the fold search, building the mesh,
 * measuring its error; {@link #reduceBonesRestEstimate}: without clips; {@link #fitOneDraw}: each
 * submesh within the budget), so the primary score is meshes per second; the secondary counter
 * {@code vertices} counts the mesh's vertices once per operation. The fold search runs to its end
 * whatever the budget (the least error within the budget can come after it is first met), so both
 * budgets cost about the same; bones folded per second are the meshes per second times the folds
 * of one reduction (29 at 24 bones; 22 at 32, where the least error keeps 31).
 *
 * <p>The same-run baseline is one skinning pass of the same mesh at the same 63 sampled poses
 * through {@link CharacterPoser} (what the reduction's sampling stage does once and its error
 * measurement once more), so the ratio tells how many such passes a reduction costs. The fork
 * runs with {@code --add-modules jdk.incubator.vector}, as the command line does.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector"})
@State(Scope.Thread)
@BenchUnit("meshes")
public class ReduceBonesBench {
    /** The seed of the workload's humanoid. */
    static final long SEED = 1;

    /** The bone budget. */
    @Param({"24", "32"})
    public int target;

    Skeleton skeleton;
    Mesh mesh;
    List<AnimationClip> clips;
    /** One poser per clip and the pose times the reduction samples, for the baseline. */
    List<CharacterPoser> posers;
    List<float[]> times;
    PosedVertices output;

    /** What one operation handled, reported by JMH as rates. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Work {
        /** Vertices of the mesh, once per operation. */
        public long vertices;

        /** Resets the counters. */
        @Setup(Level.Iteration)
        public void reset() {
            vertices = 0;
        }
    }

    /** Builds the combined humanoid and the baseline's posers. */
    @Setup
    public void setup() {
        Humanoid h = Humanoids.generate(SEED);
        skeleton = h.skeleton();
        mesh = Combine.combine(CombineInput.allOf(h.character())).mesh();
        clips = h.clips();
        posers = new ArrayList<>();
        times = new ArrayList<>();
        PoserOptions options = PoserOptions.DEFAULTS.withMorphWeights(PoserOptions.MorphWeights.NONE);
        int[] counts = poseCounts(clips, ReduceOptions.DEFAULTS);
        for (int c = 0; c < clips.size(); c++) {
            AnimationClip clip = clips.get(c);
            posers.add(CharacterPoser.bind(skeleton, List.of(Part.of(mesh.name(), mesh)), clip, options));
            float[] t = new float[counts[c]];
            for (int i = 0; i < t.length; i++) {
                t[i] = t.length == 1 ? clip.startTime() : i == t.length - 1 ? clip.duration()
                        : (float) (clip.startTime() + ((double) clip.duration() - clip.startTime()) * i / (t.length - 1));
            }
            times.add(t);
        }
        output = posers.get(0).newOutput();
    }

    /**
     * The pose counts {@link ReduceOptions} documents: {@code ceil(span * rate) + 1} per clip,
     * scaled down in proportion to {@code maxPoses}, at least {@code min(2, own count)} each.
     */
    static int[] poseCounts(List<AnimationClip> clips, ReduceOptions options) {
        int[] counts = new int[clips.size()];
        long total = 0;
        for (int c = 0; c < counts.length; c++) {
            double span = (double) clips.get(c).duration() - clips.get(c).startTime();
            counts[c] = span > 0 ? (int) Math.ceil(span * options.samplesPerSecond()) + 1 : 1;
            total += counts[c];
        }
        if (total > options.maxPoses()) {
            for (int c = 0; c < counts.length; c++) {
                counts[c] = Math.max(Math.min(2, counts[c]), (int) ((long) counts[c] * options.maxPoses() / total));
            }
        }
        return counts;
    }

    /**
     * @param work counters
     * @return the mesh reduced to {@link #target} bones, measured on the clips
     */
    @Benchmark
    public ReduceResult reduceBones(Work work) {
        ReduceResult r = BoneReduction.reduceBones(mesh, skeleton, target, clips);
        work.vertices += mesh.vertexCount();
        return r;
    }

    /**
     * @param work counters
     * @return the mesh reduced to {@link #target} bones by the rest-pose estimate (no clips)
     */
    @Benchmark
    public ReduceResult reduceBonesRestEstimate(Work work) {
        ReduceResult r = BoneReduction.reduceBones(mesh, skeleton, target, List.of());
        work.vertices += mesh.vertexCount();
        return r;
    }

    /**
     * @param work counters
     * @return the mesh with each submesh within {@link #target} bones, measured on the clips
     */
    @Benchmark
    public ReduceResult fitOneDraw(Work work) {
        ReduceResult r = BoneReduction.fitOneDraw(mesh, skeleton, target, clips);
        work.vertices += mesh.vertexCount();
        return r;
    }

    /**
     * @param work counters
     * @return the last posed positions: one skinning pass of the mesh at every sampled pose, the same-run baseline
     */
    @Benchmark
    public float[] baselinePosePass(Work work) {
        for (int c = 0; c < posers.size(); c++) {
            CharacterPoser poser = posers.get(c);
            for (float t : times.get(c)) {
                poser.poseInto(t, output);
            }
        }
        work.vertices += mesh.vertexCount();
        return output.positions(0);
    }
}
