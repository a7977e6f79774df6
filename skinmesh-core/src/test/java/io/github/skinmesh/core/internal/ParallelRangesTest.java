package io.github.skinmesh.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicIntegerArray;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The chunked range runner behind parallel loops: coverage, chunk shapes, failures, bad arguments. */
class ParallelRangesTest {
    private static final int FIRST = 10;
    private static final int COUNT = 5000;
    /** Runs helpers on the calling thread, before the caller's own share: deterministic. */
    private static final Executor INLINE = Runnable::run;
    private static final ParallelRanges.RangeTask NOTHING = (a, b) -> { };

    @Test
    void everyElementOfTheRangeRunsExactlyOnce() throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            for (int parallelism : new int[] {1, 2, 4, 7}) {
                AtomicIntegerArray runs = new AtomicIntegerArray(FIRST + COUNT + 5);
                ParallelRanges.run(FIRST, COUNT, parallelism, 100, pool, (a, b) -> {
                    for (int v = a; v < b; v++) {
                        runs.incrementAndGet(v);
                    }
                });
                for (int v = 0; v < runs.length(); v++) {
                    boolean inside = v >= FIRST && v < FIRST + COUNT;
                    assertThat(runs.get(v)).as("parallelism %d element %d", parallelism, v).isEqualTo(inside ? 1 : 0);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Property(tries = 200, seed = "64")
    void chunksTileTheRangeWithoutEmptyOnesAndUseAtMostTheAllowedThreads(
            @ForAll @IntRange(min = 0, max = 100) int first, @ForAll @IntRange(min = 0, max = 20_000) int count,
            @ForAll @IntRange(min = 1, max = 9) int parallelism,
            @ForAll @IntRange(min = 1, max = 5000) int minPerThread) {
        ConcurrentLinkedQueue<int[]> chunks = new ConcurrentLinkedQueue<>();
        List<Runnable> helpers = new ArrayList<>();
        ParallelRanges.run(first, count, parallelism, minPerThread, helpers::add,
                (a, b) -> chunks.add(new int[] {a, b}));
        int threads = Math.min(parallelism, Math.max(1, count / minPerThread));
        assertThat(helpers).as("helpers submitted").hasSize(threads - 1);
        List<int[]> sorted = new ArrayList<>(chunks);
        sorted.sort((x, y) -> Integer.compare(x[0], y[0]));
        int next = first;
        for (int[] c : sorted) {
            assertThat(c[0]).as("chunk start").isEqualTo(next);
            assertThat(c[1]).as("chunk end").isGreaterThan(c[0]);
            next = c[1];
        }
        assertThat(next).as("end of the last chunk").isEqualTo(first + count);
        if (threads == 1) {
            assertThat(sorted).as("one thread: one call for the whole range").hasSize(count == 0 ? 0 : 1);
        } else {
            assertThat(sorted.size()).as("chunks").isBetween(threads, threads * ParallelRanges.CHUNKS_PER_THREAD);
        }
    }

    @Test
    void helpersThatStartAfterTheCallReturnedFindNothingLeft() {
        List<Runnable> late = new ArrayList<>();
        AtomicIntegerArray runs = new AtomicIntegerArray(FIRST + COUNT);
        ParallelRanges.run(FIRST, COUNT, 4, 100, late::add, (a, b) -> {
            for (int v = a; v < b; v++) {
                runs.incrementAndGet(v);
            }
        });
        assertThat(late).hasSize(3);
        late.forEach(Runnable::run);
        for (int v = FIRST; v < FIRST + COUNT; v++) {
            assertThat(runs.get(v)).as("element %d", v).isEqualTo(1);
        }
    }

    @Test
    void aRejectingExecutorLeavesTheWorkToTheCaller() {
        AtomicIntegerArray runs = new AtomicIntegerArray(FIRST + COUNT);
        Thread caller = Thread.currentThread();
        ParallelRanges.run(FIRST, COUNT, 4, 100, r -> {
            throw new RejectedExecutionException("full");
        }, (a, b) -> {
            assertThat(Thread.currentThread()).isSameAs(caller);
            for (int v = a; v < b; v++) {
                runs.incrementAndGet(v);
            }
        });
        for (int v = FIRST; v < FIRST + COUNT; v++) {
            assertThat(runs.get(v)).as("element %d", v).isEqualTo(1);
        }
    }

    @Test
    void anInterruptWhileWaitingIsKeptForTheCaller() throws InterruptedException {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Thread caller = Thread.currentThread();
            ParallelRanges.run(FIRST, COUNT, 2, 100, pool, (a, b) -> caller.interrupt());
            assertThat(Thread.interrupted()).as("interrupt flag after the call").isTrue();
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aRuntimeExceptionOfAChunkIsRethrownAsIs() {
        IllegalArgumentException failure = new IllegalArgumentException("bad chunk");
        assertThatThrownBy(() -> ParallelRanges.run(FIRST, COUNT, 4, 100, INLINE, (a, b) -> {
            if (a == FIRST) {
                throw failure;
            }
        })).isSameAs(failure);
    }

    @Test
    void theFirstFailureIsRethrownAfterEveryOtherChunkRan() {
        AtomicIntegerArray runs = new AtomicIntegerArray(FIRST + COUNT);
        IllegalArgumentException failure = new IllegalArgumentException("first");
        assertThatThrownBy(() -> ParallelRanges.run(FIRST, COUNT, 4, 100, INLINE, (a, b) -> {
            runs.incrementAndGet(a);
            throw a == FIRST ? failure : new IllegalArgumentException("later");
        })).isSameAs(failure);
        int chunks = 0;
        for (int v = 0; v < runs.length(); v++) {
            chunks += runs.get(v);
        }
        // 4 threads: min(4 * CHUNKS_PER_THREAD, COUNT / MIN_CHUNK) chunks
        assertThat(chunks).as("chunks run").isEqualTo(COUNT / ParallelRanges.MIN_CHUNK);
    }

    @Test
    void anErrorOfAChunkIsRethrownAsIs() {
        AssertionError failure = new AssertionError("broken invariant");
        assertThatThrownBy(() -> ParallelRanges.run(FIRST, COUNT, 4, 100, INLINE, (a, b) -> {
            if (a == FIRST) {
                throw failure;
            }
        })).isSameAs(failure);
    }

    @Test
    void aCheckedExceptionOfAChunkIsWrapped() {
        IOException failure = new IOException("disk");
        assertThatThrownBy(() -> ParallelRanges.run(FIRST, COUNT, 4, 100, INLINE, (a, b) -> {
            if (a == FIRST) {
                ParallelRangesTest.<RuntimeException>sneakyThrow(failure);
            }
        })).isInstanceOf(IllegalStateException.class).hasMessage("a parallel range task failed").hasCause(failure);
    }

    /** Throws a checked exception past the compiler, as code in another JVM language may. */
    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneakyThrow(Throwable t) throws T {
        throw (T) t;
    }

    // ---------------------------------------------------------------- bad arguments, one case each

    @Test
    void rejectsANegativeFirst() {
        assertThatThrownBy(() -> ParallelRanges.run(-1, 5, 1, 1, null, NOTHING)).isInstanceOf(ValidationException.class)
                .hasMessage("ParallelRanges.run: first=-1, expected >= 0");
    }

    @Test
    void rejectsANegativeCount() {
        assertThatThrownBy(() -> ParallelRanges.run(0, -5, 1, 1, null, NOTHING)).isInstanceOf(ValidationException.class)
                .hasMessage("ParallelRanges.run: count=-5, expected >= 0");
    }

    @Test
    void rejectsARangeEndingPastTheIntRange() {
        assertThatThrownBy(() -> ParallelRanges.run(10, Integer.MAX_VALUE - 9, 1, 1, null, NOTHING))
                .isInstanceOf(ValidationException.class).hasMessage("ParallelRanges.run: first=10 and "
                        + "count=2147483638 end past the int range, expected first+count <= 2147483647");
    }

    @Test
    void rejectsParallelismBelowOne() {
        assertThatThrownBy(() -> ParallelRanges.run(0, 5, 0, 1, null, NOTHING)).isInstanceOf(ValidationException.class)
                .hasMessage("ParallelRanges.run: parallelism=0, expected >= 1");
    }

    @Test
    void rejectsMinPerThreadBelowOne() {
        assertThatThrownBy(() -> ParallelRanges.run(0, 5, 2, 0, null, NOTHING)).isInstanceOf(ValidationException.class)
                .hasMessage("ParallelRanges.run: minPerThread=0, expected >= 1");
    }

    @Test
    void rejectsANullTask() {
        assertThatThrownBy(() -> ParallelRanges.run(0, 5, 2, 1, null, null)).isInstanceOf(NullPointerException.class)
                .hasMessage("task");
    }
}
