package io.github.skinmesh.bench;

import io.github.skinmesh.atlas.pack.PackInput;
import io.github.skinmesh.atlas.pack.PackOptions;
import io.github.skinmesh.atlas.pack.PackResult;
import io.github.skinmesh.atlas.pack.Packing;
import io.github.skinmesh.testkit.workloads.PackWorkload;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@link Packing#packAtlas} on workload {@code atlas} (W-PACK, see {@link PackWorkload}): sets A1,
 * A2 (9 and 14 outfit maps), B (200 random rectangles of 16..256) and C (2,000 of 4..64), free
 * size, padding 0, the default automatic heuristic; one operation is one complete pack (inputs
 * validated, sorted, the size search, placements and result built), so the score is packs per
 * second. The time per pack to compare with the anchor packers is its inverse.
 *
 * <p>The same-run baseline, {@link #baselineSort}, is the step every packer of these sets starts
 * with: one packed 64-bit key per rectangle (height descending, width descending, index) written
 * into an array and the array sorted, i.e. {@code Arrays.sort} of {@code count} longs built from
 * the inputs. The anchors are JavaScript (potpack, maxrects-packer, bin-pack); they run beside this
 * benchmark with {@code node run.mjs} in the anchor folder, in the same minutes.
 */
@BenchmarkMode(Mode.Throughput)
@BenchUnit("packs")
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 6, time = 1)
public class AtlasPackBench {
    /** The W-PACK set. */
    @Param({"A1", "A2", "B", "C"})
    public String set;

    List<PackInput> inputs;
    int[] widths;
    int[] heights;
    long[] keys;

    /** Builds the set's inputs. */
    @Setup
    public void setup() {
        PackWorkload workload = switch (set) {
            case "A1" -> PackWorkload.a1();
            case "A2" -> PackWorkload.a2();
            case "B" -> PackWorkload.b();
            case "C" -> PackWorkload.c();
            default -> throw new IllegalArgumentException("unknown set " + set);
        };
        inputs = new ArrayList<>();
        for (int i = 0; i < workload.count(); i++) {
            inputs.add(PackInput.of(workload.name() + "-" + i, workload.width(i), workload.height(i)));
        }
        widths = workload.widths();
        heights = workload.heights();
        keys = new long[widths.length];
    }

    /** @return the set packed with the default options (automatic heuristic, free size) */
    @Benchmark
    public PackResult pack() {
        return Packing.packAtlas(inputs, PackOptions.DEFAULTS);
    }

    /** @return the packing-order keys of the set, sorted (same-run baseline) */
    @Benchmark
    public long[] baselineSort() {
        for (int i = 0; i < widths.length; i++) {
            keys[i] = (long) (0x1FFFF - heights[i]) << 46 | (long) (0x1FFFF - widths[i]) << 29 | i;
        }
        Arrays.sort(keys);
        return keys;
    }
}
