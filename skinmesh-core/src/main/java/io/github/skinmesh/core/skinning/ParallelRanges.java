package io.github.skinmesh.core.skinning;

import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;

/**
 * Splits a vertex range into contiguous parts of nearly equal size, runs all but the first on an
 * executor and the first on the calling thread, and returns when every part is done.
 *
 * <p>Notes. Skinning one mesh takes well under a millisecond, so the hand-off must be cheap: the
 * caller works on its own part instead of idling, then spins briefly ({@link Thread#onSpinWait})
 * before parking, because the other parts usually finish within microseconds of its own. A part
 * that the executor rejects runs on the calling thread. Allocates one small object per part.
 */
final class ParallelRanges {
    /** Spins before the waiting caller parks; about 20-50 microseconds on current CPUs. */
    private static final int SPINS = 1 << 13;

    /** The work on one contiguous range {@code [first, end)}. */
    interface RangeTask {
        /**
         * @param first first vertex
         * @param end one past the last vertex
         */
        void run(int first, int end);
    }

    private ParallelRanges() {
    }

    /**
     * @param first first vertex
     * @param count number of vertices
     * @param parallelism largest number of parts
     * @param minPerPart smallest part worth splitting off
     * @param executor runs the parts after the first; null for the common fork-join pool
     * @param task the work
     */
    static void run(int first, int count, int parallelism, int minPerPart, @Nullable Executor executor,
            RangeTask task) {
        int parts = (int) Math.min(parallelism, Math.max(1L, (long) count / minPerPart));
        if (parts <= 1) {
            task.run(first, first + count);
            return;
        }
        Executor ex = executor != null ? executor : ForkJoinPool.commonPool();
        Completion done = new Completion(parts - 1);
        for (int i = 1; i < parts; i++) {
            int a = first + (int) ((long) count * i / parts);
            int b = first + (int) ((long) count * (i + 1) / parts);
            Runnable part = () -> {
                try {
                    task.run(a, b);
                } catch (Throwable t) {
                    done.fail(t);
                } finally {
                    done.countDown();
                }
            };
            try {
                ex.execute(part);
            } catch (RejectedExecutionException e) {
                part.run();
            }
        }
        try {
            task.run(first, first + (int) ((long) count / parts));
        } finally {
            done.await();
        }
        Throwable failure = done.failure;
        if (failure instanceof RuntimeException) {
            throw (RuntimeException) failure;
        }
        if (failure instanceof Error) {
            throw (Error) failure;
        }
        if (failure != null) {
            throw new IllegalStateException("a skinning task failed", failure);
        }
    }

    /** Counts outstanding parts; the caller spins, then parks until the count reaches zero. */
    private static final class Completion {
        private final AtomicInteger remaining;
        private final Thread waiter = Thread.currentThread();
        volatile @Nullable Throwable failure;

        Completion(int parts) {
            remaining = new AtomicInteger(parts);
        }

        void fail(Throwable t) {
            failure = t;
        }

        void countDown() {
            if (remaining.decrementAndGet() == 0) {
                LockSupport.unpark(waiter);
            }
        }

        void await() {
            for (int i = 0; i < SPINS && remaining.get() != 0; i++) {
                Thread.onSpinWait();
            }
            boolean interrupted = false;
            while (remaining.get() != 0) {
                LockSupport.park(this);
                if (Thread.interrupted()) {
                    interrupted = true; // the outputs must be complete: keep waiting, restore the flag after
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
