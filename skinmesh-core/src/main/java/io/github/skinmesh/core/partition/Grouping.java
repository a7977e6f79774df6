package io.github.skinmesh.core.partition;

/**
 * A grouping of one submesh's triangles: {@code groupOf[t]} in {@code 0..count-1}, every group
 * non-empty. Package-private value of the kernels; the arrays are owned by it.
 */
final class Grouping {
    final int count;
    final int[] groupOf;
    /** Per group its palette in local bones, in the order the draw binds them; null when the caller derives it. */
    final int[][] palettes;

    Grouping(int count, int[] groupOf, int[][] palettes) {
        this.count = count;
        this.groupOf = groupOf;
        this.palettes = palettes;
    }
}
