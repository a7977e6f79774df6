package io.github.skinmesh.vat.crowd;

import java.lang.management.ManagementFactory;

/** Bytes the calling thread allocates, measured with the JVM's per-thread allocation counter. */
final class Allocation {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final int ROUNDS = 20;

    private Allocation() {
    }

    /**
     * Runs {@code call} {@code calls} times to warm it up, then measures rounds of {@code calls}
     * calls, up to {@value #ROUNDS} and until one allocates nothing, and keeps the smallest, so that
     * allocation while the code still runs interpreted or half compiled (a loaded machine compiles
     * late; interpreted var-handle calls box their arguments), not one the call makes, does not
     * count. A call that allocates does so in every round.
     *
     * @return the bytes the calling thread allocated per measured call, rounded down
     */
    static long perCall(Runnable call, int calls) {
        for (int i = 0; i < calls; i++) {
            call.run();
        }
        long id = Thread.currentThread().getId();
        long least = Long.MAX_VALUE;
        for (int round = 0; round < ROUNDS; round++) {
            long before = THREADS.getThreadAllocatedBytes(id);
            for (int i = 0; i < calls; i++) {
                call.run();
            }
            least = Math.min(least, THREADS.getThreadAllocatedBytes(id) - before);
            if (least == 0) {
                break;
            }
        }
        return least / calls;
    }
}
