package io.github.skinmesh.core;

/**
 * Thrown when data given to skinmesh (arrays, model objects, options) breaks a documented
 * contract: mismatched lengths, non-finite values, indices out of range, a hierarchy out of order,
 * duplicate names, limits exceeded.
 */
public class ValidationException extends SkinMeshException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message names the element, the rejected value and the expectation
     */
    public ValidationException(String message) {
        super(message);
    }
}
