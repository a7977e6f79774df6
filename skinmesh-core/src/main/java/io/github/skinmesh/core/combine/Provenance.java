package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.model.Index;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Where each vertex and each index of a combined mesh came from, compactly: per input part, runs
 * of consecutive vertices copied from consecutive source vertices, the source vertices welded into
 * another part's vertex (see {@link CombineOptions.Welding}), and the index ranges its triangles
 * went to.
 *
 * <p>Without welding each part is one run: its vertices in order at {@link #firstVertex(int)}. A
 * part's triangles go to one range per submesh of the part (the submeshes of equal materials
 * become one submesh of the result, part after part), so a part has as many index ranges as
 * submeshes with triangles.
 *
 * <p>Immutable and thread-safe; no method returns an internal array.
 */
public final class Provenance {
    /**
     * Consecutive output vertices copied from consecutive source vertices of one part.
     *
     * @param part the input part
     * @param firstSource the part's first source vertex of the run
     * @param firstOutput the output vertex it became
     * @param count vertices in the run, {@code >= 1}
     */
    public record VertexRun(int part, int firstSource, int firstOutput, int count) {
    }

    /**
     * A part's source triangles copied, in order, to a range of the output's index list.
     *
     * @param part the input part
     * @param firstSourceIndex the first index position in the part's mesh
     * @param firstIndex the output index position it went to
     * @param indexCount indices in the range (a multiple of 3, {@code >= 3})
     */
    public record IndexRange(int part, int firstSourceIndex, int firstIndex, int indexCount) {
    }

    private final String[] partNames;
    /** Runs sorted by output vertex: part, first source, first output, count (4 ints per run). */
    private final int[] runs;
    /** Welded source vertices sorted by part then source: part, source, output (3 ints each). */
    private final int[] welded;
    /** Index ranges sorted by output index: part, first source index, first index, count (4 ints each). */
    private final int[] ranges;
    private final int vertexCount;

    Provenance(String[] partNames, int[] runs, int[] welded, int[] ranges) {
        this.partNames = partNames;
        this.runs = runs;
        this.welded = welded;
        this.ranges = ranges;
        int n = 0;
        for (int r = 0; r < runs.length; r += 4) {
            n += runs[r + 3];
        }
        this.vertexCount = n;
    }

    /** @return the number of input parts */
    public int partCount() {
        return partNames.length;
    }

    /**
     * @param part an input part, {@code 0..partCount-1}
     * @return its name
     */
    public String partName(int part) {
        return partNames[Objects.checkIndex(part, partNames.length)];
    }

    /** @return the number of output vertices the table covers */
    public int vertexCount() {
        return vertexCount;
    }

    /** @return the vertex runs in output order, read-only */
    public List<VertexRun> vertexRuns() {
        List<VertexRun> out = new ArrayList<>(runs.length / 4);
        for (int r = 0; r < runs.length; r += 4) {
            out.add(new VertexRun(runs[r], runs[r + 1], runs[r + 2], runs[r + 3]));
        }
        return List.copyOf(out);
    }

    /** @return the index ranges in output order, read-only */
    public List<IndexRange> indexRanges() {
        List<IndexRange> out = new ArrayList<>(ranges.length / 4);
        for (int r = 0; r < ranges.length; r += 4) {
            out.add(new IndexRange(ranges[r], ranges[r + 1], ranges[r + 2], ranges[r + 3]));
        }
        return List.copyOf(out);
    }

    /**
     * @param part an input part
     * @return its index ranges in output order, read-only
     */
    public List<IndexRange> indexRanges(int part) {
        Objects.checkIndex(part, partNames.length);
        List<IndexRange> out = new ArrayList<>();
        for (int r = 0; r < ranges.length; r += 4) {
            if (ranges[r] == part) {
                out.add(new IndexRange(part, ranges[r + 1], ranges[r + 2], ranges[r + 3]));
            }
        }
        return List.copyOf(out);
    }

    /**
     * @param part an input part
     * @return the output vertex of its source vertex 0 when it kept that vertex, else of its first
     *     kept vertex; without welding its vertices follow in order from there. {@link Index#NONE}
     *     when the part kept no vertex (it has none, or welding merged them all into other parts)
     * @throws IndexOutOfBoundsException when {@code part} is not an input part
     */
    public int firstVertex(int part) {
        Objects.checkIndex(part, partNames.length);
        for (int r = 0; r < runs.length; r += 4) {
            if (runs[r] == part) {
                return runs[r + 2];
            }
        }
        return Index.NONE;
    }

    /** @return the number of source vertices welded into another part's vertex */
    public int weldedVertexCount() {
        return welded.length / 3;
    }

    /**
     * @param outputVertex an output vertex, {@code 0..vertexCount-1}
     * @return the input part it came from (for a welded vertex, the part that kept it)
     */
    public int part(int outputVertex) {
        return runs[run(outputVertex)];
    }

    /**
     * @param outputVertex an output vertex, {@code 0..vertexCount-1}
     * @return the vertex of its part's mesh it was copied from
     */
    public int sourceVertex(int outputVertex) {
        int r = run(outputVertex);
        return runs[r + 1] + outputVertex - runs[r + 2];
    }

    /**
     * @param part an input part
     * @param sourceVertex a vertex of that part's mesh
     * @return the output vertex it became (or was welded into), or {@link Index#NONE} when the part
     *     has no such vertex
     */
    public int outputVertex(int part, int sourceVertex) {
        Objects.checkIndex(part, partNames.length);
        for (int r = 0; r < runs.length; r += 4) {
            if (runs[r] == part && sourceVertex >= runs[r + 1] && sourceVertex < runs[r + 1] + runs[r + 3]) {
                return runs[r + 2] + sourceVertex - runs[r + 1];
            }
        }
        int lo = 0;
        int hi = welded.length / 3 - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int p = welded[3 * mid];
            int s = welded[3 * mid + 1];
            int c = p != part ? Integer.compare(p, part) : Integer.compare(s, sourceVertex);
            if (c == 0) {
                return welded[3 * mid + 2];
            } else if (c < 0) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return Index.NONE;
    }

    /** The position in {@code runs} of the run holding an output vertex. */
    private int run(int outputVertex) {
        Objects.checkIndex(outputVertex, vertexCount);
        int lo = 0;
        int hi = runs.length / 4 - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (runs[4 * mid + 2] <= outputVertex) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return 4 * lo;
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof Provenance)) {
            return false;
        }
        Provenance p = (Provenance) o;
        return Arrays.equals(partNames, p.partNames) && Arrays.equals(runs, p.runs) && Arrays.equals(welded, p.welded)
                && Arrays.equals(ranges, p.ranges);
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(partNames), Arrays.hashCode(runs), Arrays.hashCode(welded),
                Arrays.hashCode(ranges));
    }

    @Override
    public String toString() {
        return "Provenance[" + partNames.length + " parts, " + runs.length / 4 + " vertex runs, " + welded.length / 3
                + " welded vertices, " + ranges.length / 4 + " index ranges]";
    }
}
