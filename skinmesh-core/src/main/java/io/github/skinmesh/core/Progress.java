package io.github.skinmesh.core;

/**
 * Progress reporting and cancellation for long-running operations (animated bounds, combine,
 * partition, atlas compositing, baking).
 *
 * <p>An operation calls {@link #update} at coarse steps (a sample, a part, a page: never per
 * vertex) and {@link #checkCancelled} at the same steps; when {@link #isCancelled()} turns true it
 * stops with a {@link CancelledException} and leaves no partial output. Both are called on the
 * thread that runs the operation. Implementations must be cheap; {@link #NONE} does nothing.
 *
 * <pre>{@code
 * AtomicBoolean stop = new AtomicBoolean();
 * Progress progress = Progress.of((stage, done, total) -> bar.set(stage, done, total), stop::get);
 * AnimatedBounds.compute(hero, walk, AnimatedBoundsOptions.DEFAULTS, progress);
 * }</pre>
 */
public interface Progress {
    /** Reports nothing and never cancels. */
    Progress NONE = new Progress() {
        @Override
        public void update(String stage, long done, long total) {
        }

        @Override
        public boolean isCancelled() {
            return false;
        }
    };

    /**
     * Receives progress.
     *
     * @param stage what is being done, a short lower-case phrase such as {@code "sampling walk"}
     * @param done units done so far in this stage, {@code 0 <= done <= total}
     * @param total units of the stage
     */
    void update(String stage, long done, long total);

    /** @return whether the caller asked the operation to stop */
    boolean isCancelled();

    /**
     * Throws when cancelled.
     *
     * @param operation the operation that checks, for the exception's message
     * @throws CancelledException when {@link #isCancelled()} is true
     */
    default void checkCancelled(String operation) {
        if (isCancelled()) {
            throw new CancelledException(operation);
        }
    }

    /**
     * Combines a listener and a cancellation check.
     *
     * @param listener receives {@link #update} calls
     * @param cancelled answers {@link #isCancelled()}
     * @return the progress
     */
    static Progress of(Listener listener, java.util.function.BooleanSupplier cancelled) {
        java.util.Objects.requireNonNull(listener, "listener");
        java.util.Objects.requireNonNull(cancelled, "cancelled");
        return new Progress() {
            @Override
            public void update(String stage, long done, long total) {
                listener.update(stage, done, total);
            }

            @Override
            public boolean isCancelled() {
                return cancelled.getAsBoolean();
            }
        };
    }

    /** Receives progress updates; see {@link Progress#update}. */
    @FunctionalInterface
    interface Listener {
        /**
         * @param stage what is being done
         * @param done units done
         * @param total units of the stage
         */
        void update(String stage, long done, long total);
    }
}
