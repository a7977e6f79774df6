package io.github.skinmesh.core.model;

/**
 * The one "no index" value of skinmesh: what a lookup returns when there is no such element
 * ({@link Skeleton#indexOf} for a missing bone name, a file's node that is not a bone), what a
 * report gives when no element applies (no vertex had a weight dropped), and what provenance holds
 * for something that was not read from a file.
 *
 * <p>Compare with {@code ==}: every valid index is {@code >= 0}, so {@code NONE} never collides
 * with one. The parent of a root bone is not "no index" but a property of the hierarchy and has its
 * own name, {@link Skeleton#NO_PARENT} (the same value).
 */
public final class Index {
    /** No element: {@value}. */
    public static final int NONE = -1;

    private Index() {
    }
}
