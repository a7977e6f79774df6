package io.github.skinmesh.core.validate;

import java.util.Objects;

/**
 * One finding of {@link MeshValidator}.
 *
 * @param severity how serious it is
 * @param check the check that found it
 * @param element the element it names, e.g. {@code "vertex 1203"}, {@code "palette entry 4"},
 *     {@code "triangle 17"}, {@code "submesh 2"}, {@code "material 'Skin'"}, {@code "skin"}, or
 *     the mesh ({@code "mesh 'Body'"}) for a summary of problems not listed
 * @param message what is wrong: the offending value and the expectation, e.g.
 *     {@code "weights sum to 0.62, expected 1 within 1.0E-5"}
 */
public record Problem(Severity severity, Check check, String element, String message) {
    /**
     * Validates the problem.
     *
     * @param severity how serious it is
     * @param check the check that found it
     * @param element the element it names
     * @param message what is wrong
     */
    public Problem {
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(check, "check");
        Objects.requireNonNull(element, "element");
        Objects.requireNonNull(message, "message");
    }

    /**
     * Renders the problem on one line: {@code SEVERITY element: message}, e.g.
     * {@code "ERROR palette entry 4: bone 'LeftHand' is not in skeleton 'Ellen'"}.
     *
     * @return the line, without a line terminator
     */
    @Override
    public String toString() {
        return severity + " " + element + ": " + message;
    }
}
