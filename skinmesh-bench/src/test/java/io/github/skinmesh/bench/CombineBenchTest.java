package io.github.skinmesh.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineInput;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.combine.CombineResult;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.testkit.workloads.CombineWorkload;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class CombineBenchTest {
    @Test
    void benchmarkBodiesComputeTheRightResults() {
        CombineBench bench = new CombineBench();
        bench.setup();
        CombineResult full = bench.combine();
        Mesh mesh = full.mesh();
        assertThat(mesh.vertexCount()).isEqualTo(CombineWorkload.VERTICES);
        assertThat(mesh.triangleCount()).isEqualTo(CombineWorkload.PARTS * CombineWorkload.PART_TRIANGLES);
        assertThat(mesh.submeshes()).hasSize(2);
        assertThat(full.report().drawCallsBefore()).isEqualTo(CombineWorkload.PARTS);
        assertThat(full.report().drawCallsAfter()).isEqualTo(2);
        assertThat(mesh.skin().paletteSize()).isEqualTo(full.report().bonesAfter()).isLessThanOrEqualTo(64);
        assertThat(full.report().corrections()).isEmpty();
        // part 1 is copied whole, after the parts of material 0 (vertices follow the draw order)
        int first = full.report().provenance().firstVertex(1);
        assertThat(first).isEqualTo(3 * CombineWorkload.PART_VERTICES);
        float[] part1 = Arrays.copyOfRange(mesh.positions(), 3 * first, 3 * (first + CombineWorkload.PART_VERTICES));
        assertThat(part1).containsExactly(bench.inputs.get(1).part().mesh().positions());
        assertThat(full).isEqualTo(bench.plan.combine());

        CombineResult swapped = bench.recombineOneSlot();
        List<CombineInput> inputs = new ArrayList<>(bench.inputs);
        inputs.set(3, bench.alternate);
        assertThat(swapped).isEqualTo(Combine.combine(inputs, CombineOptions.DEFAULTS));
        int third = 3 * full.report().provenance().firstVertex(3);
        assertThat(swapped.report().provenance().firstVertex(3)).isEqualTo(third / 3);
        assertThat(swapped.mesh().positions()[third + 1]).isEqualTo(mesh.positions()[third + 1] + 0.5f);

        CombineResult leather = bench.recombineOtherMaterial();
        inputs.set(3, bench.otherMaterial);
        assertThat(leather).isEqualTo(Combine.combine(inputs, CombineOptions.DEFAULTS));
        assertThat(leather.mesh().submeshes()).hasSize(3);

        assertThat(bench.combineInto().toMesh()).isEqualTo(mesh);
        assertThat(bench.recombineOneSlotInto().toMesh()).isEqualTo(swapped.mesh());
        assertThat(bench.recombineOneSlotInto().toMesh()).isEqualTo(mesh);
        assertThat(bench.recombineOneSlotInto().positions()[third + 1]).isEqualTo(mesh.positions()[third + 1] + 0.5f);

        Object[] floor = bench.allocateOutput();
        assertThat(((float[]) floor[0]).length + 4 * ((int[]) floor[5]).length)
                .isEqualTo(3 * mesh.vertexCount() + 4 * mesh.indexCount());
        assertThat(bench.source).hasSize(MeshOpsBench.BYTES_PER_VERTEX * CombineWorkload.VERTICES
                + 4 * mesh.indexCount());
        bench.source[9] = 3;
        assertThat(bench.baselineArraycopy()[9]).isEqualTo((byte) 3);
    }
}
