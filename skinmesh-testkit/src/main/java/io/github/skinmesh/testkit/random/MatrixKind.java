package io.github.skinmesh.testkit.random;

/** The kind of {@linkplain RandomModels#skinMatrices random skin matrices}. */
public enum MatrixKind {
    /**
     * Rotation and translation: a uniformly random unit quaternion (three draws, Shoemake's
     * method) then a translation in [-1, 1) per axis (three draws), exactly the joint matrices of
     * the {@code lbs} benchmark workload.
     */
    RIGID,
    /**
     * A general affine matrix: nine upper 3x3 entries in [-1, 1) (column by column), redrawn until
     * the determinant's magnitude is at least {@value RandomModels#MIN_AFFINE_DETERMINANT}, then a
     * translation in [-1, 1) per axis; may mirror (negative determinant), scale and shear.
     */
    AFFINE
}
