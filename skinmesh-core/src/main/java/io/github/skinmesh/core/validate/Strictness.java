package io.github.skinmesh.core.validate;

/** How strictly {@link MeshValidator} judges data that renders but breaks a convention. */
public enum Strictness {
    /**
     * Weight sums off by more than the tolerance and triangles that repeat a vertex are
     * {@link Severity#WARNING}s (the default).
     */
    LENIENT,
    /**
     * Weight sums off by more than the tolerance and triangles that repeat a vertex are
     * {@link Severity#ERROR}s: for build servers that reject sloppy assets.
     */
    STRICT
}
