package io.github.skinmesh.bench;

import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.testkit.humanoid.Humanoid;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Workload {@code vat}, the humanoid: the testkit humanoid (seed 1, every part, 9,555 vertices) and
 * its walk cycle at 30 fps (32 frames). The methods are {@link VatBakeBench}'s.
 */
@BenchmarkMode(Mode.Throughput)
@BenchUnit("vertex-frames")
@OperationsPerInvocation(VatBench.VERTEX_FRAMES)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class VatBench extends VatBakeBench {
    /** The humanoid's 9,555 vertices times the walk's 32 frames at 30 fps (checked by {@link #setUp}). */
    static final int VERTEX_FRAMES = 9555 * 32;

    private Humanoid humanoid;

    private Humanoid humanoid() {
        if (humanoid == null) {
            humanoid = Humanoids.generate(1);
        }
        return humanoid;
    }

    @Override
    Character character() {
        return humanoid().character();
    }

    @Override
    AnimationClip clip() {
        return humanoid().walk();
    }

    @Override
    int vertexFrames() {
        return VERTEX_FRAMES;
    }
}
