package io.github.skinmesh.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.testkit.workloads.SampleWorkload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SampleBenchTest {
    /** Model matrix elements (magnitudes up to about 6) of the float kernel vs JOML's. */
    private static final float MATRIX_TOLERANCE = 1e-4f;

    @ParameterizedTest
    @ValueSource(strings = {"seq", "random"})
    void benchmarkBodiesComputeTheSamePoses(String access) {
        SampleBench ours = new SampleBench();
        ours.access = access;
        ours.setup();
        SampleBench base = new SampleBench();
        base.access = access;
        base.setup();

        float a = ours.sample(new CpuTime());
        float b = base.baseline(new CpuTime());
        assertThat(a).isCloseTo(b, offset(MATRIX_TOLERANCE * SampleBench.POSES));
        assertThat(ours.next).isEqualTo(base.next);

        // after the same poses both hold the last pose's model matrices
        for (int bone = 0; bone < SampleWorkload.JOINTS; bone++) {
            float[] joml = base.joml.model[bone].get(new float[16]);
            for (int j = 0; j < 16; j++) {
                assertThat(ours.model[16 * bone + j]).as("bone %d element %d", bone, j)
                        .isCloseTo(joml[j], offset(MATRIX_TOLERANCE));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"seq", "random"})
    void workloadHasTheDefinedShape(String access) {
        SampleBench bench = new SampleBench();
        bench.access = access;
        bench.setup();
        SampleWorkload w = SampleWorkload.create();
        assertThat(w.skeleton().boneCount()).isEqualTo(64);
        assertThat(w.skeleton().parent(0)).isEqualTo(Skeleton.NO_PARENT);
        assertThat(w.skeleton().parent(63)).isEqualTo(31);
        assertThat(w.clip().duration()).isEqualTo(2.0f);
        assertThat(w.clip().channels()).hasSize(3 * 64);
        for (BoneChannel c : w.clip().channels()) {
            assertThat(c.keyCount()).isEqualTo(c.path() == ChannelPath.SCALE ? 1 : 61);
        }
        assertThat(bench.sampler.report().keyTimelineCount()).isEqualTo(2);
        assertThat(bench.times).hasSize("seq".equals(access) ? 120 : 4096);
        for (float t : w.randomTimes()) {
            assertThat(t).isGreaterThanOrEqualTo(0).isLessThan(2.0f);
        }
        assertThat(SampleWorkload.create().clip()).isEqualTo(w.clip());
    }

    @Test
    void setupRejectsAnUnknownAccessPattern() {
        SampleBench bench = new SampleBench();
        bench.access = "sequential";
        assertThatThrownBy(bench::setup).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("access=sequential, expected seq or random");
    }
}
