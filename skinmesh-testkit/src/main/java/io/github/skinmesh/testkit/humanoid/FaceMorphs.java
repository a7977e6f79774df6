package io.github.skinmesh.testkit.humanoid;

/** Whether the head part carries morph targets (and the idle clip a morph-weight channel). */
public enum FaceMorphs {
    /** No morph targets and no morph-weight channel. */
    NONE,
    /**
     * Two position-only morph targets on the {@link HumanoidPart#HEAD} mesh, {@code "mouthOpen"}
     * (the jaw region moves down) and {@code "browsUp"} (the brow region moves up), and a LINEAR
     * morph-weight channel for them, targeting the mesh name {@code "head"}, in the idle clip.
     */
    MOUTH_AND_BROWS
}
