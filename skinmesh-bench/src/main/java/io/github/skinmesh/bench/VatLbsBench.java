package io.github.skinmesh.bench;

import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.testkit.workloads.LbsWorkload;
import io.github.skinmesh.testkit.workloads.VatWorkload;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Workload {@code vat}, the {@code lbs} mesh: 50,000 vertices with 4 influences on the {@code sample}
 * skeleton (64 joints) and its 2 s clip at 30 fps (61 frames), see {@link VatWorkload}. The methods
 * are {@link VatBakeBench}'s.
 */
@BenchmarkMode(Mode.Throughput)
@BenchUnit("vertex-frames")
@OperationsPerInvocation(VatLbsBench.VERTEX_FRAMES)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class VatLbsBench extends VatBakeBench {
    /** 50,000 vertices times 61 frames (checked by {@link #setUp}). */
    static final int VERTEX_FRAMES = LbsWorkload.VERTICES * VatWorkload.LBS_FRAMES;

    private VatWorkload workload;

    private VatWorkload workload() {
        if (workload == null) {
            workload = VatWorkload.create();
        }
        return workload;
    }

    @Override
    Character character() {
        return workload().lbsCharacter();
    }

    @Override
    AnimationClip clip() {
        return workload().lbsClip();
    }

    @Override
    int vertexFrames() {
        return VERTEX_FRAMES;
    }
}
