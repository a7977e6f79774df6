package io.github.skinmesh.core.partition;

/**
 * How {@link FoldSearch} prices a move: the change it makes to a per-vertex energy, and the
 * state's total. A vertex's energy is a function of the representatives of its joints in the
 * state (not of the moves that led there), so a move that gives a bone its own weight back can
 * lower it. Implementations keep the per-vertex state of the current reduction.
 */
interface FoldCost {
    /**
     * Prices moving some vertices' weights from the bones {@code current} maps their joints to, to
     * the bones {@code trial} maps them to.
     *
     * @param verts the vertices whose representatives change, distinct
     * @param n how many of {@code verts} are used
     * @param current universe joint to its representative now (-1 for bones without weight)
     * @param trial the same after the move
     * @param apply whether to commit the move's per-vertex state
     * @return the change of {@link #energy()} the move makes
     */
    double evaluate(int[] verts, int n, int[] current, int[] trial, boolean apply);

    /** @return the state's energy: a sum of squared displacements over vertices (and poses) */
    double energy();

    /** @return the state's largest displacement, or NaN when the model does not measure one */
    double maxDisplacement();
}
