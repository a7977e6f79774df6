package io.github.skinmesh.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.skinning.HalfFloats;
import io.github.skinmesh.vat.crowd.Crowd;
import io.github.skinmesh.vat.crowd.CrowdOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Runs every {@link CrowdBench} body once and checks its answer. */
class CrowdBenchTest {
    @ParameterizedTest
    @CsvSource({"FLOAT, 1", "FLOAT, 2", "HALF, 1", "HALF, 2"})
    void palettesAreTheCrowdsFrameAndTheBaselineCopiesTheBuffer(String encoding, int threads) {
        CrowdBench bench = new CrowdBench();
        bench.encoding = encoding;
        bench.threads = threads;
        bench.setUp();
        assertThat(bench.frames.boneCount()).isEqualTo(64);
        assertThat(bench.frames.clip(0).frames()).isEqualTo(61);
        Object out = bench.palettes(new CpuTime());
        // the same frame from a one-thread crowd of the same instances
        Crowd reference = Crowd.create(bench.frames, CrowdBench.INSTANCES, CrowdOptions.DEFAULTS);
        for (int i = 0; i < CrowdBench.INSTANCES; i++) {
            reference.setInstance(i, 0, bench.crowd.time(i), bench.crowd.speed(i));
            reference.setLoop(i, bench.crowd.loop(i));
        }
        float[] expected = new float[12 * CrowdBench.INSTANCE_BONES];
        reference.palettesInto(CrowdBench.INSTANCES, bench.time, expected, 0);
        if ("HALF".equals(encoding)) {
            short[] halves = (short[]) out;
            for (int k = 0; k < expected.length; k += 97) {
                assertThat(halves[k]).isEqualTo(HalfFloats.toHalf(expected[k]));
            }
        } else {
            assertThat((float[]) out).isEqualTo(expected);
        }
        // every instance blends two frames, now and later: its phase and speed put it between frame times
        for (double later : new double[] {bench.time, bench.time + 3.5, bench.time + 100}) {
            int blended = 0;
            for (int i = 0; i < CrowdBench.INSTANCES; i++) {
                double t = bench.crowd.clipTime(i, later) * 30;
                blended += t != Math.rint(t) ? 1 : 0;
            }
            assertThat(blended).as("at crowd time %s", later).isEqualTo(CrowdBench.INSTANCES);
        }
        Object copied = bench.baselineArraycopy(new CpuTime());
        assertThat(copied).isSameAs(out);
    }
}
