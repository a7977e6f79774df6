package io.github.skinmesh.core;

/**
 * Thrown by readers when a file is malformed, truncated, inconsistent or declares more data than
 * its bytes hold. The message names the file element (for example a glTF accessor or an
 * {@code .lm} block) and the offending value.
 */
public class FormatException extends SkinMeshException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message names the element, the rejected value and the limit
     */
    public FormatException(String message) {
        super(message);
    }

    /**
     * Creates the exception with its cause (for example an I/O error).
     *
     * @param message names the element and the problem
     * @param cause the underlying failure
     */
    public FormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
