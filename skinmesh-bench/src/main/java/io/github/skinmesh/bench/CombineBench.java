package io.github.skinmesh.bench;

import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineBuffers;
import io.github.skinmesh.core.combine.CombineInput;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.combine.CombinePlan;
import io.github.skinmesh.core.combine.CombineResult;
import io.github.skinmesh.core.combine.CombineSlot;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.testkit.workloads.CombineWorkload;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@link Combine#combine} on workload {@code combine} (W-COMBINE-6, see {@link CombineWorkload}):
 * six parts of 10,242 vertices over one 64-joint skeleton, two materials; one operation is one
 * output vertex (61,452 per combination), so the score is vertices per second.
 *
 * <p>{@link #combine} is the full combination with the default options (union skeleton, weighted
 * bones in the palette, no welding): every part prepared, the result's streams allocated and
 * copied, the mesh, character and report built. {@link #recombineOneSlot} is the incremental path:
 * a {@link CombinePlan} of six slots built once, then the part of slot 3 replaced by another
 * outfit of the same size (part 3's mesh shifted by 0.5 in y, its own mesh object) and the plan
 * combined again, which keeps the result's layout, so the plan patches its previous result; the
 * goal is at least 3x the speed of {@link #combine}. {@link #recombineOtherMaterial} swaps in part
 * 3's mesh with a third material instead: the result gains a submesh, its layout changes and the
 * final copy copies every part again (after preparing only the swapped one).
 *
 * <p>{@link #combineInto} and {@link #recombineOneSlotInto} are the same two jobs writing into
 * {@link CombineBuffers} kept across invocations instead of building a new mesh:
 * {@link #combineInto} prepares and copies every part; {@link #recombineOneSlotInto} swaps slot 3
 * back and forth between part 3 and its shifted copy (each swap prepares that part again) and
 * rewrites only slot 3's ranges of the buffers.
 *
 * <p>The same-run baseline is {@code System.arraycopy} of as many bytes as the result's streams and
 * indices hold (positions, normals, one UV set, 4 joints and 4 weights: 64 bytes per vertex, plus
 * 4 per index), as {@link MeshOpsBench} uses; the workload's goal for combine is 0.5x. The baseline
 * copies between two arrays allocated once, which stay in the cache; a combination returns new
 * arrays, which the JVM zeroes before they are filled. {@link #allocateOutput} measures that
 * allocation alone (the result's arrays, unfilled), the floor under any combination in the same
 * run.
 *
 * <p>The fork runs with {@code --add-modules jdk.incubator.vector}, so the joints are renumbered
 * by the vector kernel as in an application started that way; the scalar fallback's figure comes
 * from a run with the fork's JVM options replaced ({@code -jvmArgsAppend -Dskinmesh.scalar}), see
 * {@code results.csv}.
 */
@BenchmarkMode(Mode.Throughput)
@BenchUnit("vertices")
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(CombineWorkload.VERTICES)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector"})
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
public class CombineBench {
    /** The slot whose part {@link #recombineOneSlot} replaces. */
    static final String SWAPPED = "slot3";

    List<CombineInput> inputs;
    CombinePlan plan;
    CombineInput alternate;
    CombineInput otherMaterial;
    byte[] source;
    byte[] copy;
    CombineBuffers buffers;
    CombineBuffers slotBuffers;
    /** The plan {@link #slotBuffers} hold; {@link #recombineOneSlotInto} swaps its slot 3 each time. */
    CombinePlan current;

    /** Builds the inputs, the plan (combined once) and the baseline's arrays. */
    @Setup
    public void setup() {
        CombineWorkload workload = CombineWorkload.create();
        inputs = new ArrayList<>();
        List<CombineSlot> slots = new ArrayList<>();
        for (int p = 0; p < CombineWorkload.PARTS; p++) {
            Mesh mesh = workload.parts().get(p);
            CombineInput input = CombineInput.of(workload.skeleton(), Part.of(mesh.name(), mesh));
            inputs.add(input);
            slots.add(CombineSlot.of("slot" + p, input));
        }
        plan = Combine.plan(slots, CombineOptions.DEFAULTS);
        plan.combine();
        Mesh three = workload.parts().get(3);
        float[] shifted = three.positions();
        for (int v = 1; v < shifted.length; v += 3) {
            shifted[v] += 0.5f;
        }
        Mesh other = three.toBuilder().positions(shifted).build();
        alternate = CombineInput.of(workload.skeleton(), Part.of("part3b", other));
        Mesh leather = three.toBuilder().clearMaterials()
                .addMaterial(Material.builder("m2").baseColorFactor(0.5f, 0.25f, 0, 1).build()).build();
        otherMaterial = CombineInput.of(workload.skeleton(), Part.of("part3c", leather));
        Mesh combined = plan.combine().mesh();
        source = new byte[MeshOpsBench.BYTES_PER_VERTEX * combined.vertexCount() + 4 * combined.indexCount()];
        copy = new byte[source.length];
        buffers = Combine.combineInto(inputs, CombineOptions.DEFAULTS, new CombineBuffers());
        current = plan;
        slotBuffers = plan.combineInto(new CombineBuffers());
    }

    /** @return the six parts combined from scratch */
    @Benchmark
    public CombineResult combine() {
        return Combine.combine(inputs, CombineOptions.DEFAULTS);
    }

    /** @return the buffers holding the six parts combined from scratch: every part prepared and copied */
    @Benchmark
    public CombineBuffers combineInto() {
        return Combine.combineInto(inputs, CombineOptions.DEFAULTS, buffers);
    }

    /** @return the buffers after swapping slot 3 to the other of its two parts: one part prepared, its ranges rewritten */
    @Benchmark
    public CombineBuffers recombineOneSlotInto() {
        CombineInput next = current.input(SWAPPED) == alternate ? inputs.get(3) : alternate;
        current = current.withPart(SWAPPED, next);
        return current.combineInto(slotBuffers);
    }

    /** @return the plan with slot 3 swapped, combined: one part prepared, then the final copy */
    @Benchmark
    public CombineResult recombineOneSlot() {
        return plan.withPart(SWAPPED, alternate).combine();
    }

    /** @return the plan with slot 3 swapped for a part of another material, combined: one part prepared, every part copied */
    @Benchmark
    public CombineResult recombineOtherMaterial() {
        return plan.withPart(SWAPPED, otherMaterial).combine();
    }

    /** @return the result's arrays allocated and left as the JVM zeroes them: the floor of a combination */
    @Benchmark
    public Object[] allocateOutput() {
        int n = CombineWorkload.VERTICES;
        return new Object[] {new float[3 * n], new float[3 * n], new float[2 * n], new int[4 * n], new float[4 * n],
            new int[3 * CombineWorkload.PARTS * CombineWorkload.PART_TRIANGLES]};
    }

    /** @return the copy of the result's bytes; the same-run baseline */
    @Benchmark
    public byte[] baselineArraycopy() {
        System.arraycopy(source, 0, copy, 0, source.length);
        return copy;
    }
}
