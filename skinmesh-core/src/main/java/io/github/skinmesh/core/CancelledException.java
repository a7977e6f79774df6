package io.github.skinmesh.core;

/** Thrown by a long-running operation when its cancellation check asks it to stop. */
public class CancelledException extends SkinMeshException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param operation the operation that stopped, for example {@code "combine"}
     */
    public CancelledException(String operation) {
        super(operation + ": cancelled");
    }
}
