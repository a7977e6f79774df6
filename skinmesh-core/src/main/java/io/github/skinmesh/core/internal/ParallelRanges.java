package io.github.skinmesh.core.internal;

import io.github.skinmesh.core.ValidationException;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;

/**
 * Runs an index range (vertices, instances, texels: any elements whose work is independent) on
 * the calling thread and up to {@code parallelism - 1} executor threads, and returns when all of
 * it is done. The one implementation of data-parallel loops in skinmesh's modules: skinning uses
 * it, and so should every other hot loop that splits its elements across threads.
 *
 * <p>The range is cut into contiguous chunks (about {@value #CHUNKS_PER_THREAD} per thread, none
 * smaller than {@value #MIN_CHUNK} elements unless there are fewer chunks than threads) that the
 * threads claim one at a time from a shared counter, the calling thread included. A call often
 * takes well under a millisecond, so a helper thread that wakes up late (a parked pool thread
 * needs tens of microseconds; on a busy machine much more) must not leave a fixed share behind:
 * with claimed chunks the others simply take more of them, and a helper that starts after the
 * work is done finds nothing left and touches nothing. The caller waits for the chunks, not for
 * the helpers: it spins briefly ({@link Thread#onSpinWait}), then parks. A helper the executor
 * rejects or never runs is not needed: the caller does its chunks.
 *
 * <p>Determinism. Which thread runs which chunk, and in which order, varies from call to call. A
 * task whose result for an element depends only on that element (and writes only the elements of
 * the range it is given) therefore gives the same output, bit for bit, for every parallelism and
 * executor; that is the contract every caller keeps.
 *
 * <p>Notes. On workload {@code lbs} (linear blend skinning, 50,000 vertices) with two threads on
 * two busy vCPUs (best of many runs), a fixed split into one range per thread reached 222
 * Mvertices/s, claimed chunks 264. A dedicated fork-join pool or the common pool hand work over
 * faster than a thread-pool executor (blocking queue).
 *
 * <p>Thread-safety: stateless; each call has its own chunk counter. Allocates a few small objects
 * per call that uses more than one thread, nothing otherwise.
 *
 * <pre>{@code
 * ParallelRanges.run(0, vertexCount, 2, 4096, null, (first, end) -> kernel(src, dst, first, end));
 * }</pre>
 */
public final class ParallelRanges {
    /** Smallest chunk, in elements, when there are at least as many chunks as threads. */
    public static final int MIN_CHUNK = 256;
    /** Chunks per thread, so that a late thread costs at most about 1/8 of a share. */
    public static final int CHUNKS_PER_THREAD = 8;
    /** Spins before the waiting caller parks; about 20-50 microseconds on current CPUs. */
    private static final int SPINS = 1 << 13;
    private static final String WHERE = "ParallelRanges.run";

    /** The work on one contiguous range of elements. */
    @FunctionalInterface
    public interface RangeTask {
        /**
         * Processes elements {@code first..end-1}; called concurrently for disjoint ranges.
         *
         * @param first first element
         * @param end one past the last element, {@code > first}
         */
        void run(int first, int end);
    }

    private ParallelRanges() {
    }

    /**
     * Runs {@code task} over elements {@code first..first+count-1} split into chunks, on the
     * calling thread and on up to {@code parallelism - 1} helper tasks submitted to
     * {@code executor}. The number of threads is
     * {@code min(parallelism, max(1, count / minPerThread))}; with one thread, {@code task} runs
     * once on the calling thread for the whole range (nothing is allocated, nothing submitted).
     * Returns when every chunk has run; interrupts while waiting are kept and the thread's
     * interrupt flag is set again on return.
     *
     * @param first first element, {@code >= 0}
     * @param count number of elements, {@code >= 0} and {@code first + count <= Integer.MAX_VALUE}
     * @param parallelism largest number of threads, the caller included, {@code >= 1}
     * @param minPerThread smallest number of elements worth another thread, {@code >= 1}
     * @param executor runs the helpers; {@code null} for the common {@link ForkJoinPool}
     * @param task the work; must write only the elements of the range it is given
     * @throws ValidationException when {@code first} or {@code count} is negative, their sum
     *     overflows, or {@code parallelism} or {@code minPerThread} is below 1
     * @throws RuntimeException the first unchecked exception or error a chunk threw, as is (after
     *     every other chunk has run)
     * @throws IllegalStateException wrapping a checked exception a chunk threw (possible only from
     *     code that hides it from the compiler)
     */
    public static void run(int first, int count, int parallelism, int minPerThread, @Nullable Executor executor,
            RangeTask task) {
        requireAtLeast("first", first, 0);
        requireAtLeast("count", count, 0);
        if ((long) first + count > Integer.MAX_VALUE) {
            throw new ValidationException(WHERE + ": first=" + first + " and count=" + count
                    + " end past the int range, expected first+count <= " + Integer.MAX_VALUE);
        }
        requireAtLeast("parallelism", parallelism, 1);
        requireAtLeast("minPerThread", minPerThread, 1);
        Objects.requireNonNull(task, "task");
        int threads = (int) Math.min(parallelism, Math.max(1L, (long) count / minPerThread));
        if (threads <= 1) {
            if (count > 0) {
                task.run(first, first + count);
            }
            return;
        }
        int chunks = (int) Math.max(threads, Math.min((long) threads * CHUNKS_PER_THREAD, count / MIN_CHUNK));
        Batch batch = new Batch(first, count, chunks, task);
        Executor ex = executor != null ? executor : ForkJoinPool.commonPool();
        for (int i = 1; i < threads; i++) {
            try {
                ex.execute(batch::work);
            } catch (RejectedExecutionException e) {
                break; // the caller and the helpers already started do the chunks
            }
        }
        batch.work();
        batch.await();
        Throwable failure = batch.failure.get();
        if (failure instanceof RuntimeException) {
            throw (RuntimeException) failure;
        }
        if (failure instanceof Error) {
            throw (Error) failure;
        }
        if (failure != null) {
            throw new IllegalStateException("a parallel range task failed", failure);
        }
    }

    private static void requireAtLeast(String name, int value, int min) {
        if (value < min) {
            throw new ValidationException(WHERE + ": " + name + "=" + value + ", expected >= " + min);
        }
    }

    /** The shared state of one call: the chunk counter, the completed count and the waiting caller. */
    private static final class Batch {
        private final int first;
        private final int count;
        private final int chunks;
        private final RangeTask task;
        private final AtomicInteger next = new AtomicInteger();
        private final AtomicInteger done = new AtomicInteger();
        private final Thread caller = Thread.currentThread();
        final AtomicReference<@Nullable Throwable> failure = new AtomicReference<>();

        Batch(int first, int count, int chunks, RangeTask task) {
            this.first = first;
            this.count = count;
            this.chunks = chunks;
            this.task = task;
        }

        /** Claims and runs chunks until none is left; run by the caller and by each helper. */
        void work() {
            int c;
            while ((c = next.getAndIncrement()) < chunks) {
                int a = first + (int) ((long) count * c / chunks);
                int b = first + (int) ((long) count * (c + 1) / chunks);
                try {
                    task.run(a, b);
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                } finally {
                    if (done.incrementAndGet() == chunks) {
                        LockSupport.unpark(caller);
                    }
                }
            }
        }

        /** Waits until every chunk is done: spins briefly, then parks (interrupts are kept for later). */
        void await() {
            for (int i = 0; i < SPINS && done.get() < chunks; i++) {
                Thread.onSpinWait();
            }
            boolean interrupted = false;
            while (done.get() < chunks) {
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
