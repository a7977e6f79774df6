package io.github.skinmesh.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The CPU time of the benchmark thread per measured iteration, as two JMH event counters:
 * {@code cpuNanos} (the thread's CPU time from the iteration's setup to its teardown, from
 * {@link ThreadMXBean#getCurrentThreadCpuTime()}) and {@code cpuCalls} (benchmark calls in that
 * window, counted by {@link #call()}). {@link BenchMain} turns them into throughput per CPU-second
 * of the thread, which stays comparable when other processes share the cores: a thread that
 * waits for a core is not charged. It is meaningful for single-thread benchmarks only (helper
 * threads' time is not counted).
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class CpuTime {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** CPU nanoseconds of the measuring thread in the iteration. */
    public long cpuNanos;
    /** Benchmark calls in the iteration. */
    public long cpuCalls;
    private long start;
    private long calls;

    /** Starts the iteration's window. */
    @Setup(Level.Iteration)
    public void start() {
        calls = 0;
        cpuNanos = 0;
        cpuCalls = 0;
        start = THREADS.getCurrentThreadCpuTime();
    }

    /** Counts one benchmark call. */
    public void call() {
        calls++;
    }

    /** Closes the window and publishes both counters. */
    @TearDown(Level.Iteration)
    public void stop() {
        cpuNanos = THREADS.getCurrentThreadCpuTime() - start;
        cpuCalls = calls;
    }
}
