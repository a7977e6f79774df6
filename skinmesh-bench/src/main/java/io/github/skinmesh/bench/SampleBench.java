package io.github.skinmesh.bench;

import io.github.skinmesh.core.anim.ClipSampler;
import io.github.skinmesh.core.anim.Pose;
import io.github.skinmesh.core.anim.PoseEvaluation;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.testkit.workloads.SampleWorkload;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Workload {@code sample} (W-POSE-64, see {@link SampleWorkload}): one operation is one pose,
 * all 192 channels of the 64-joint clip sampled at a time and the pose turned into model
 * matrices; the score is poses per second. {@code access=seq} advances 1/120 of the clip per pose
 * (looping), {@code access=random} walks the workload's 4096 uniform times.
 *
 * <p>{@link #sample} is {@link ClipSampler} (slerp, clamped time) plus
 * {@link PoseEvaluation#modelMatricesInto}. {@link #baseline} is what a typical engine
 * programmer writes: per channel a binary search over its key times and JOML
 * {@code Quaternionf.slerp} / {@code Vector3f.lerp}, then JOML {@code Matrix4f}
 * {@code translationRotateScale} and a parent multiply per bone. {@link #sampleOnly} and
 * {@link #modelMatricesOnly} time the two halves of {@link #sample} apart. Every method counts its
 * thread's CPU time ({@link CpuTime}), so the scores are also printed per CPU-second.
 *
 * <p>The fork runs with {@code --add-modules jdk.incubator.vector}, so on JDK 25 the sampler
 * blends the channels that share key times with the Vector API kernel and the model matrices are
 * computed a column per vector. JDK 17 (or any JDK without the module) blends them in plain loops
 * that C2 vectorizes itself and computes the model matrices by the scalar pass. Any
 * {@code -jvmArgsAppend} on the command line replaces that argument (for example
 * {@code -jvmArgsAppend -Dskinmesh.scalar=1}, a property nothing reads), and the plain loops run
 * on every JDK ({@code -jvmArgsAppend -XX:-UseSuperWord} keeps them scalar, to see what the
 * auto-vectorizer adds).
 * Anchor: ozz-animation's SamplingJob + LocalToModelJob on the same clip, run in the same minutes
 * by {@code skinmesh-bench/bench-vs-ozz -w sample}.
 */
@BenchmarkMode(Mode.Throughput)
@BenchUnit("poses")
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SampleBench {
    /** Poses per benchmark invocation: one pass over the clip in the sequential pattern. */
    static final int POSES = SampleWorkload.SEQUENTIAL_STEPS;

    /** {@code seq} or {@code random}. */
    @Param({"seq", "random"})
    public String access;

    Skeleton skeleton;
    ClipSampler sampler;
    Pose pose;
    float[] model;
    JomlBaseline joml;
    float[] times;
    int next;

    /** Builds the workload, the sampler and the baseline. */
    @Setup
    public void setup() {
        SampleWorkload w = SampleWorkload.create();
        skeleton = w.skeleton();
        sampler = ClipSampler.bind(w.clip(), skeleton);
        pose = Pose.rest(skeleton);
        model = new float[16 * skeleton.boneCount()];
        joml = new JomlBaseline(w.clip(), skeleton);
        if ("seq".equals(access)) {
            times = new float[POSES];
            for (int i = 0; i < POSES; i++) {
                times[i] = SampleWorkload.sequentialTime(i);
            }
        } else if ("random".equals(access)) {
            times = w.randomTimes();
        } else {
            throw new IllegalArgumentException("access=" + access + ", expected seq or random");
        }
        next = 0;
    }

    /**
     * Samples and evaluates {@value #POSES} poses with skinmesh.
     *
     * @param cpu CPU-time counters
     * @return a value derived from every pose, so that nothing is optimized away
     */
    @Benchmark
    @OperationsPerInvocation(POSES)
    public float sample(CpuTime cpu) {
        cpu.call();
        float[] ts = times;
        int i = next;
        float acc = 0;
        int last = 16 * (skeleton.boneCount() - 1) + 13;
        for (int p = 0; p < POSES; p++) {
            sampler.sample(ts[i], pose);
            PoseEvaluation.modelMatricesInto(skeleton, pose, model);
            acc += model[last];
            i = i + 1 == ts.length ? 0 : i + 1;
        }
        next = i;
        return acc;
    }

    /**
     * Samples and evaluates {@value #POSES} poses the straightforward JOML way (same-run baseline).
     *
     * @param cpu CPU-time counters
     * @return a value derived from every pose
     */
    @Benchmark
    @OperationsPerInvocation(POSES)
    public float baseline(CpuTime cpu) {
        cpu.call();
        float[] ts = times;
        int i = next;
        float acc = 0;
        Matrix4f last = joml.model[joml.model.length - 1];
        for (int p = 0; p < POSES; p++) {
            joml.evaluate(ts[i]);
            acc += last.m31();
            i = i + 1 == ts.length ? 0 : i + 1;
        }
        next = i;
        return acc;
    }

    /**
     * The first part of {@link #sample} alone: {@link ClipSampler#sample} of {@value #POSES} poses,
     * no model matrices (where the time of a pose goes).
     *
     * @param cpu CPU-time counters
     * @return a value derived from every pose
     */
    @Benchmark
    @OperationsPerInvocation(POSES)
    public float sampleOnly(CpuTime cpu) {
        cpu.call();
        float[] ts = times;
        int i = next;
        float acc = 0;
        Quaternionf rotation = new Quaternionf();
        int last = skeleton.boneCount() - 1;
        for (int p = 0; p < POSES; p++) {
            sampler.sample(ts[i], pose);
            acc += pose.rotation(last, rotation).x;
            i = i + 1 == ts.length ? 0 : i + 1;
        }
        next = i;
        return acc;
    }

    /**
     * The second part of {@link #sample} alone: {@link PoseEvaluation#modelMatricesInto} of the
     * same pose {@value #POSES} times (where the time of a pose goes).
     *
     * @param cpu CPU-time counters
     * @return a value derived from every pose
     */
    @Benchmark
    @OperationsPerInvocation(POSES)
    public float modelMatricesOnly(CpuTime cpu) {
        cpu.call();
        float acc = 0;
        int last = 16 * (skeleton.boneCount() - 1) + 13;
        for (int p = 0; p < POSES; p++) {
            PoseEvaluation.modelMatricesInto(skeleton, pose, model);
            acc += model[last];
        }
        return acc;
    }

    /**
     * The baseline: JOML objects per bone, a binary search per channel, JOML interpolation and
     * matrix composition.
     */
    static final class JomlBaseline {
        private final int[] parents;
        private final float[][] times;
        private final float[][] values;
        private final int[] bone;
        private final ChannelPath[] path;
        private final Vector3f[] translation;
        private final Quaternionf[] rotation;
        private final Vector3f[] scale;
        private final Matrix4f local = new Matrix4f();
        private final Quaternionf q0 = new Quaternionf();
        private final Quaternionf q1 = new Quaternionf();
        private final Vector3f v0 = new Vector3f();
        private final Vector3f v1 = new Vector3f();
        final Matrix4f[] model;

        JomlBaseline(AnimationClip clip, Skeleton skeleton) {
            int n = skeleton.boneCount();
            parents = skeleton.parentsInto(new int[n], 0);
            int c = clip.channels().size();
            times = new float[c][];
            values = new float[c][];
            bone = new int[c];
            path = new ChannelPath[c];
            for (int i = 0; i < c; i++) {
                BoneChannel ch = clip.channels().get(i);
                times[i] = ch.times();
                values[i] = ch.values();
                bone[i] = skeleton.requireIndex(ch.bone());
                path[i] = ch.path();
            }
            translation = new Vector3f[n];
            rotation = new Quaternionf[n];
            scale = new Vector3f[n];
            model = new Matrix4f[n];
            for (int i = 0; i < n; i++) {
                translation[i] = skeleton.restTranslation(i, new Vector3f());
                rotation[i] = skeleton.restRotation(i, new Quaternionf());
                scale[i] = skeleton.restScale(i, new Vector3f());
                model[i] = new Matrix4f();
            }
        }

        void evaluate(float t) {
            for (int c = 0; c < times.length; c++) {
                float[] ts = times[c];
                float[] v = values[c];
                int k0;
                int k1;
                float a;
                if (t <= ts[0]) {
                    k0 = 0;
                    k1 = 0;
                    a = 0;
                } else if (t >= ts[ts.length - 1]) {
                    k0 = ts.length - 1;
                    k1 = k0;
                    a = 0;
                } else {
                    int found = Arrays.binarySearch(ts, t);
                    k0 = found >= 0 ? found : -found - 2;
                    k1 = k0 + 1;
                    a = (t - ts[k0]) / (ts[k1] - ts[k0]);
                }
                int b = bone[c];
                if (path[c] == ChannelPath.ROTATION) {
                    q0.set(v[4 * k0], v[4 * k0 + 1], v[4 * k0 + 2], v[4 * k0 + 3]);
                    q1.set(v[4 * k1], v[4 * k1 + 1], v[4 * k1 + 2], v[4 * k1 + 3]);
                    q0.slerp(q1, a, rotation[b]);
                } else {
                    v0.set(v[3 * k0], v[3 * k0 + 1], v[3 * k0 + 2]);
                    v1.set(v[3 * k1], v[3 * k1 + 1], v[3 * k1 + 2]);
                    v0.lerp(v1, a, path[c] == ChannelPath.TRANSLATION ? translation[b] : scale[b]);
                }
            }
            for (int i = 0; i < model.length; i++) {
                local.translationRotateScale(translation[i], rotation[i], scale[i]);
                int p = parents[i];
                if (p == Skeleton.NO_PARENT) {
                    model[i].set(local);
                } else {
                    model[p].mul(local, model[i]);
                }
            }
        }
    }
}
