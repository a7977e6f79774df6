package io.github.skinmesh.cli;

import io.github.skinmesh.core.validate.Severity;
import java.util.Objects;

/**
 * One problem {@code skinmesh inspect} reports.
 *
 * @param code its stable code
 * @param severity how serious it is
 * @param pointer a JSON pointer (RFC 6901) into the glTF document at the element it concerns, e.g.
 *     {@code /meshes/0/primitives/1}, {@code /nodes/3}, {@code /images/2}
 * @param subject the element for people: {@code node 1 'fox' primitive 0}, {@code node 3 'hip'},
 *     {@code image 2 'skin.png'}, {@code animation 0 'Walk'}
 * @param element the part of the subject it names, as core's validation names it
 *     ({@code vertex 12}, {@code palette entry 0}), or empty when it is about the subject as a whole
 * @param message what is wrong: the value and the expectation
 */
record InspectProblem(ProblemCode code, Severity severity, String pointer, String subject, String element,
        String message) {
    InspectProblem {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(pointer, "pointer");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(element, "element");
        Objects.requireNonNull(message, "message");
    }

    /** @return whether it is an error */
    boolean isError() {
        return severity == Severity.ERROR;
    }

    /** @return {@link #element()}, or the subject when the problem is about the subject as a whole */
    String elementOrSubject() {
        return element.isEmpty() ? subject : element;
    }

    /**
     * @return the text line, without indentation or terminator:
     *     {@code subject: SEVERITY [element: ]message [CODE pointer]}
     */
    String toText() {
        return subject + ": " + severity + " " + (element.isEmpty() ? "" : element + ": ") + message + " [" + code + " "
                + pointer + "]";
    }
}
