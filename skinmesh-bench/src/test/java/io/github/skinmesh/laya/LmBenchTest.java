package io.github.skinmesh.laya;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.bench.CpuTime;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.VertexAttribute;
import io.github.skinmesh.testkit.SharedFiles;
import io.github.skinmesh.testkit.workloads.LmWorkload;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openjdk.jmh.annotations.Param;

/** Runs each benchmark body once per input and checks its answer; the setup's failure. */
class LmBenchTest {
    /** The benchmark bodies each test calls, each counted once in the CPU-time counters. */
    private static final long COUNTED_CALLS = 12;

    @Test
    void theCharacterIsWrittenWithItsDrawsAndReadBack() throws IOException {
        LmBench b = new LmBench();
        b.input = "character";
        b.load();
        LmBench.Bytes counter = new LmBench.Bytes();
        CpuTime cpu = new CpuTime();
        cpu.start();
        LmWriteResult w = LayaModels.write(b.mesh, b.writeOptions);
        assertThat(w.partitioned()).isFalse();
        assertThat(w.duplicatedVertices()).isZero();
        assertThat(b.write(counter, cpu)).isEqualTo(b.bytes);
        assertThat(b.layout(counter, cpu).size()).isEqualTo(b.bytes.length);
        assertThat(b.writeInto(counter, cpu)).isEqualTo(b.bytes);
        Arrays.fill(b.buffer, (byte) 0);
        assertThat(b.writeIntoGeneral(counter, cpu)).isEqualTo(b.bytes);
        Arrays.fill(b.buffer, (byte) 0);
        assertThat(b.writeIntoScalar(counter, cpu)).isEqualTo(b.bytes);
        for (LmReadResult r : new LmReadResult[] {b.read(counter, cpu), b.readScalar(counter, cpu),
                b.readChecked(counter, cpu)}) {
            assertThat(r.mesh().positions()).containsExactly(b.mesh.positions());
            assertThat(r.mesh().indices()).containsExactly(b.mesh.indices());
            assertThat(r.mesh().submeshes()).isEqualTo(b.mesh.submeshes());
        }
        assertThat(b.floorAllocateFile(counter, cpu)).hasSize(b.bytes.length);
        Object[] arrays = b.floorAllocateReadArrays(counter, cpu);
        assertThat((float[]) arrays[0]).hasSize(3 * b.mesh.vertexCount());
        assertThat((int[]) arrays[5]).hasSize(b.mesh.indexCount());
        assertFloorCopiesTheRead(b, counter, cpu);
        assertThat(b.baselineArraycopy(counter, cpu)).isEqualTo(b.bytes);
        assertThat(counter.bytes).isEqualTo(COUNTED_CALLS * b.bytes.length);
        cpu.stop();
        assertThat(cpu.cpuCalls).isEqualTo(COUNTED_CALLS);
    }

    @ParameterizedTest
    @CsvSource({"unity_default_resources-Cube.lm, 24", "light_celing_1-light_celing_1.lm, 64",
            "dajia-business01_m_lowpoly.lm, 470", "LayaMonkey-LayaMonkey.lm, 1124"})
    void eachFixtureIsReadAndWrittenBackByteForByte(String fixture, int vertices) throws IOException {
        assumeTrue(LmWorkload.fixture(fixture).isPresent(), SharedFiles.ABSENT);
        LmBench b = new LmBench();
        b.input = fixture;
        b.load();
        LmBench.Bytes counter = new LmBench.Bytes();
        CpuTime cpu = new CpuTime();
        cpu.start();
        assertThat(b.read(counter, cpu).mesh().vertexCount()).isEqualTo(vertices);
        assertThat(b.readChecked(counter, cpu)).isEqualTo(b.read(counter, cpu));
        assertThat(b.readScalar(counter, cpu)).isEqualTo(b.read(counter, cpu));
        assertThat(b.write(counter, cpu)).isEqualTo(b.bytes);
        assertThat(b.layout(counter, cpu).size()).isEqualTo(b.bytes.length);
        assertThat(b.writeInto(counter, cpu)).isEqualTo(b.bytes);
        Arrays.fill(b.buffer, (byte) 0);
        assertThat(b.writeIntoGeneral(counter, cpu)).isEqualTo(b.bytes);
        Arrays.fill(b.buffer, (byte) 0);
        assertThat(b.writeIntoScalar(counter, cpu)).isEqualTo(b.bytes);
        assertFloorCopiesTheRead(b, counter, cpu);
        assertThat(b.baselineArraycopy(counter, cpu)).isEqualTo(b.bytes);
        assertThat(counter.bytes).isEqualTo(COUNTED_CALLS * b.bytes.length);
        cpu.stop();
        assertThat(cpu.cpuCalls).isEqualTo(COUNTED_CALLS);
    }

    /**
     * The read floor returns new arrays equal to every array a read returns ({@link LmBench#outputsOf}):
     * the positions first, the indices among them, each a copy.
     */
    private static void assertFloorCopiesTheRead(LmBench b, LmBench.Bytes counter, CpuTime cpu) {
        Object[] expected = LmBench.outputsOf(LayaModels.read(b.bytes, b.readOptions).mesh());
        Object[] floor = b.floorReadOutput(counter, cpu);
        assertThat(floor).hasSameSizeAs(expected);
        for (int i = 0; i < floor.length; i++) {
            assertThat(floor[i]).isNotSameAs(b.readOutputs[i]).isEqualTo(expected[i]);
        }
        assertThat((float[]) floor[0]).containsExactly(b.mesh.positions());
        assertThat(floor).anySatisfy(a -> assertThat(a).isEqualTo(b.mesh.indices()));
        // as many values as the mesh's streams, attributes, indices and weight slots hold, counted apart
        Mesh m = LayaModels.read(b.bytes, b.readOptions).mesh();
        long n = m.vertexCount();
        long values = 3 * n + (m.hasNormals() ? 3 * n : 0) + (m.hasTangents() ? 4 * n : 0)
                + (m.hasColors() ? 4 * n : 0) + 2 * n * m.uvChannelCount() + m.indexCount()
                + (m.skin() != null ? 2L * m.skin().weights().influencesPerVertex() * n : 0);
        for (VertexAttribute a : m.attributes()) {
            values += (long) a.componentCount() * n;
        }
        long floorValues = 0;
        for (Object a : floor) {
            floorValues += a instanceof float[] ? ((float[]) a).length : ((int[]) a).length;
        }
        assertThat(floorValues).isEqualTo(values);
    }

    @Test
    void theBenchmarkedInputsAreTheWorkload() throws NoSuchFieldException {
        List<String> expected = new ArrayList<>(List.of("character"));
        expected.addAll(LmWorkload.FIXTURES);
        assertThat(LmBench.class.getField("input").getAnnotation(Param.class).value())
                .containsExactlyElementsOf(expected);
    }

    @Test
    void setupNamesAMissingFixtureAndTheFolderItLookedIn() {
        Optional<Path> folder = SharedFiles.locate();
        assumeTrue(folder.isPresent(), SharedFiles.ABSENT);
        LmBench b = new LmBench();
        b.input = "Missing.lm";
        assertThatThrownBy(b::load).isInstanceOf(IllegalStateException.class)
                .hasMessage("LmBench needs fixtures/laya/Missing.lm: not in " + folder.get());
    }
}
