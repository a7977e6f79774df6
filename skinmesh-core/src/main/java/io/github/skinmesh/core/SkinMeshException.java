package io.github.skinmesh.core;

/**
 * Root of the small hierarchy of unchecked exceptions thrown by skinmesh.
 *
 * <p>Every message names the element that is wrong (a vertex, a bone, a glTF accessor, a byte
 * offset), the rejected value and the limit or expectation it broke, for example
 * {@code "vertex 1203: weights sum to 0.62, expected 1 within 1e-5"}. Operations that throw leave
 * no partial output behind: arguments are validated before anything is written.
 *
 * @see ValidationException
 * @see FormatException
 * @see CancelledException
 */
public class SkinMeshException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates an exception with a message that names the element, the value and the limit.
     *
     * @param message the complete message
     */
    public SkinMeshException(String message) {
        super(message);
    }

    /**
     * Creates an exception with a message and the underlying cause.
     *
     * @param message the complete message
     * @param cause the exception that made this operation fail
     */
    public SkinMeshException(String message, Throwable cause) {
        super(message, cause);
    }
}
