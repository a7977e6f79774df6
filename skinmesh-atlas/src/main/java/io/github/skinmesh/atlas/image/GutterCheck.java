package io.github.skinmesh.atlas.image;

/** What compositing does when a rectangle's gutter keeps fewer mip levels clean than required. */
public enum GutterCheck {
    /** Refuse: a {@link io.github.skinmesh.core.ValidationException} naming the image and the levels. */
    FAIL,
    /** Composite anyway and say so in {@link CompositeResult#warnings()}. */
    WARN
}
