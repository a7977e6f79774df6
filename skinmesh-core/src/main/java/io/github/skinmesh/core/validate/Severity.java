package io.github.skinmesh.core.validate;

/** How serious a {@link Problem} is. */
public enum Severity {
    /** The mesh will not render or skin correctly, or breaks a limit the caller set. */
    ERROR,
    /** The mesh works but is wasteful, sloppy or likely not what the author meant. */
    WARNING
}
