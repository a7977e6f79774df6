package io.github.skinmesh.core.skinning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/** The chunked range runner behind parallel skinning: coverage and failure propagation. */
class ParallelRangesTest {
    private static final int FIRST = 10;
    private static final int COUNT = 5000;
    /** Runs helpers on the calling thread, before the caller's own share: deterministic. */
    private static final Executor INLINE = Runnable::run;

    @Test
    void everyVertexOfTheRangeRunsExactlyOnce() throws InterruptedException {
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
                    assertThat(runs.get(v)).as("parallelism %d vertex %d", parallelism, v).isEqualTo(inside ? 1 : 0);
                }
            }
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
        })).isInstanceOf(IllegalStateException.class).hasMessage("a skinning task failed").hasCause(failure);
    }

    /** Throws a checked exception past the compiler, as code in another JVM language may. */
    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneakyThrow(Throwable t) throws T {
        throw (T) t;
    }
}
