package io.github.skinmesh.atlas.pack;

/**
 * Where a kernel put the cells of one page, in block units, plus the kernels' scratch arrays so
 * that repeated attempts of a size search allocate nothing. Indexed by packing order; only entries
 * of the rectangles handed to the last kernel call are meaningful. Not thread-safe: one per job.
 */
final class Layout {
    /** Column and row of each placed cell's top-left block. */
    final int[] col;
    final int[] row;
    /** Whether the cell was placed in its other orientation ({@link Items#tw}, {@link Items#th}). */
    final boolean[] turned;
    /** Whether the cell was placed by the last call. */
    final boolean[] placed;
    /** Columns and rows of the bounding box of the cells placed by the last call. */
    int usedCols;
    int usedRows;

    // kernel scratch, grown on demand
    private static final int[] NONE = new int[0];
    int[] sa = NONE;
    int[] sb = NONE;
    int[] sc = NONE;
    int[] sd = NONE;
    int[] se = NONE;
    int[] sf = NONE;

    Layout(int count) {
        col = new int[count];
        row = new int[count];
        turned = new boolean[count];
        placed = new boolean[count];
    }

    /** Makes the first {@code arrays} (1..6) scratch arrays at least {@code n} long (contents are not kept). */
    void scratch(int n, int arrays) {
        int size = Math.max(n, 16);
        if (sa.length < n) {
            sa = new int[size];
        }
        if (arrays > 1 && sb.length < n) {
            sb = new int[size];
        }
        if (arrays > 2 && sc.length < n) {
            sc = new int[size];
        }
        if (arrays > 3 && sd.length < n) {
            sd = new int[size];
        }
        if (arrays > 4 && se.length < n) {
            se = new int[size];
        }
        if (arrays > 5 && sf.length < n) {
            sf = new int[size];
        }
    }
}
