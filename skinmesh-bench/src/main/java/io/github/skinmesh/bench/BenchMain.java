package io.github.skinmesh.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.StringJoiner;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs skinmesh's JMH benchmarks and prints each score next to its same-run baseline.
 *
 * <p>Usage (from the repository root):
 * <pre>
 * mvn -B -q -pl skinmesh-bench -am package -DskipTests
 * java -jar skinmesh-bench/target/benchmarks.jar [regex ...] [JMH options]
 * </pre>
 * e.g. {@code java -jar skinmesh-bench/target/benchmarks.jar LbsBench -f 1 -wi 3 -i 5}. Arguments
 * are JMH's own command line: benchmark regexes (default: all benchmarks) and options such as
 * {@code -f} forks, {@code -wi}/{@code -i} warmup and measurement iterations, {@code -w}/{@code -r}
 * their durations, {@code -t} threads, {@code -p name=v1,v2} parameters, {@code -prof},
 * {@code -rf}/{@code -rff} result files, {@code -l} to list, {@code -h} for all of them. Values not
 * given come from each class's annotations. After JMH's own report, a table lists per benchmark
 * class and parameter combination every method's score in its natural unit (what one operation
 * counts is declared by {@link BenchUnit} on the class, e.g. {@code Mvertices/s}) and its speed
 * relative to the method named {@code baseline...} of the same class and parameters; benchmarks
 * that count their thread's CPU time ({@link CpuTime}) also show their score per CPU-second, the
 * median over the measurement iterations.
 *
 * <p>Two system properties (given before {@code -jar}) serve the comparison with an external
 * anchor measured in the same minutes ({@code bench-vs-ozz} sets them):
 * {@code -Dskinmesh.bench.anchor=NAME:SCORE:CPU_SCORE} (the anchor's wall-clock and per-CPU-second
 * throughput in the same unit as the scores, e.g. {@code ozz:248.0e6:252.3e6}) adds same-window
 * ratios to the table, and {@code -Dskinmesh.bench.csv=FILE} appends one row per result to
 * {@code FILE} in the column format of {@code skinmesh-bench/results.csv} (see {@link ResultsCsv}),
 * with the CPU model, the load average and the anchor on every row.
 */
public final class BenchMain {
    private BenchMain() {
    }

    /**
     * @param args JMH command line: regexes and options
     * @throws RunnerException when JMH fails to run a benchmark
     * @throws IOException when JMH cannot print its help or lists
     */
    public static void main(String[] args) throws RunnerException, IOException {
        CommandLineOptions cli;
        try {
            cli = new CommandLineOptions(args);
        } catch (CommandLineOptionException e) {
            System.err.println("Error parsing command line: " + e.getMessage());
            System.exit(1);
            return;
        }
        if (cli.shouldHelp() || cli.shouldList() || cli.shouldListWithParams() || cli.shouldListProfilers()
                || cli.shouldListResultFormats()) {
            org.openjdk.jmh.Main.main(args); // JMH prints help and lists itself; nothing is run
            return;
        }
        Options options = new OptionsBuilder().parent(cli).build();
        Runner runner = new Runner(options);
        Collection<RunResult> results = runner.run();
        List<RatioTable.Row> rows = new ArrayList<>();
        for (RunResult rr : results) {
            BenchmarkParams p = rr.getParams();
            Result<?> primary = rr.getPrimaryResult();
            double perOp = opsPerOperation(p);
            rows.add(new RatioTable.Row(p.getBenchmark(), params(p), primary.getScore() * perOp,
                    primary.getScoreError() * perOp, primary.getScoreUnit(), opUnit(p.getBenchmark()),
                    perCpuSecond(rr) * perOp * p.getOpsPerInvocation()));
        }
        if (!rows.isEmpty()) {
            BenchmarkParams any = results.iterator().next().getParams();
            System.out.println();
            System.out.println("Scores and same-run ratios to the baseline... method ("
                    + any.getJdkVersion() + ", " + any.getVmName() + " " + any.getVmVersion() + ", "
                    + Runtime.getRuntime().availableProcessors() + " CPUs, " + Machine.cpuModel() + ", load "
                    + Machine.loadAverage() + ")");
            Anchor anchor = Anchor.fromSystemProperties();
            System.out.print(RatioTable.format(rows, anchor));
            printCounters(results);
            String csv = System.getProperty(CSV_PROPERTY);
            if (csv != null && !csv.isEmpty()) {
                ResultsCsv.append(java.nio.file.Path.of(csv), rows, any.getJdkVersion(), anchor);
                System.out.println("Rows appended to " + csv);
            }
        }
    }

    /** System property naming a file that receives one results.csv row per result (appended). */
    static final String CSV_PROPERTY = "skinmesh.bench.csv";

    /**
     * @return how many units one JMH operation counts beyond {@code @OperationsPerInvocation}: the
     *     value of the {@link BenchUnit#perParam()} parameter, or 1
     */
    static double opsPerOperation(BenchmarkParams p) {
        String param = perParam(p.getBenchmark());
        if (param.isEmpty() || p.getParam(param) == null) {
            return 1;
        }
        return Double.parseDouble(p.getParam(param));
    }

    /**
     * Benchmark calls per CPU-second of the measuring thread from the {@link CpuTime} counters: the
     * median over the measurement iterations of each iteration's calls per CPU-second (see
     * {@link #medianRate}).
     *
     * @return calls per CPU-second (multiply by {@code @OperationsPerInvocation} for operations),
     *     or NaN when the benchmark has no such counters
     */
    static double perCpuSecond(RunResult rr) {
        List<double[]> iterations = new ArrayList<>();
        for (BenchmarkResult br : rr.getBenchmarkResults()) {
            for (IterationResult ir : br.getIterationResults()) {
                Result<?> calls = ir.getSecondaryResults().get("cpuCalls");
                Result<?> nanos = ir.getSecondaryResults().get("cpuNanos");
                if (calls != null && nanos != null) {
                    iterations.add(new double[] {calls.getScore(), nanos.getScore()});
                }
            }
        }
        return medianRate(iterations);
    }

    /**
     * The median of per-iteration rates, not the ratio of the sums: an iteration that still ran code
     * the JIT had not finished compiling (a loaded machine leaves its compiler threads little CPU;
     * the Vector API is about a thousand times slower before C2 has compiled it; short calls, such
     * as 5,000 vertices of skinning, reach the compiled code later than long ones) spends its CPU
     * time on few calls, and in the ratio of sums it dragged the figure of the whole run down by up
     * to half.
     *
     * @param iterations per measurement iteration {@code {calls, cpuNanos}}
     * @return the median of {@code calls / (cpuNanos * 1e-9)} over the iterations with CPU time,
     *     or NaN when there is none
     */
    static double medianRate(List<double[]> iterations) {
        double[] rates = iterations.stream().filter(it -> it[1] > 0).mapToDouble(it -> it[0] / (it[1] * 1e-9))
                .sorted().toArray();
        int n = rates.length;
        if (n == 0) {
            return Double.NaN;
        }
        return n % 2 == 1 ? rates[n / 2] : (rates[n / 2 - 1] + rates[n / 2]) / 2;
    }

    /** Prints the secondary counters (e.g. {@code bytes} of {@code GltfImportBench}) as rates in millions per second. */
    private static void printCounters(Collection<RunResult> results) {
        boolean header = false;
        for (RunResult rr : results) {
            for (Result<?> r : rr.getSecondaryResults().values()) {
                if (!r.getScoreUnit().endsWith("/s") || r.getLabel().startsWith("cpu")) {
                    continue;
                }
                if (!header) {
                    System.out.println("Secondary counters (millions per second):");
                    header = true;
                }
                BenchmarkParams p = rr.getParams();
                String method = p.getBenchmark().substring(p.getBenchmark().lastIndexOf('.') + 1);
                System.out.printf(java.util.Locale.ROOT, "  %-28s %-24s %-8s %12.3f M%s%n", method, params(p),
                        r.getLabel(), r.getScore() / 1e6, r.getLabel() + "/s");
            }
        }
    }

    /** The parameter values in declaration order, {@code name=value, ...}; empty when there are none. */
    private static String params(BenchmarkParams p) {
        StringJoiner params = new StringJoiner(", ");
        for (String key : p.getParamsKeys()) {
            params.add(key + "=" + p.getParam(key));
        }
        return params.toString();
    }

    /** The {@link BenchUnit} of the benchmark's class, or {@code ops}. */
    static String opUnit(String benchmark) {
        BenchUnit unit = benchUnit(benchmark);
        return unit != null ? unit.value() : "ops";
    }

    /** The {@link BenchUnit#perParam()} of the benchmark's class, or empty. */
    static String perParam(String benchmark) {
        BenchUnit unit = benchUnit(benchmark);
        return unit != null ? unit.perParam() : "";
    }

    private static BenchUnit benchUnit(String benchmark) {
        String className = benchmark.substring(0, benchmark.lastIndexOf('.'));
        try {
            return Class.forName(className, false, BenchMain.class.getClassLoader()).getAnnotation(BenchUnit.class);
        } catch (ClassNotFoundException e) {
            return null;
        }
    }
}
