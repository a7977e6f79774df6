package io.github.skinmesh.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.HashMap;

/**
 * Rows of {@code skinmesh-bench/results.csv}. The first eight columns are those of every row since
 * the file began: {@code version,date,jdk,benchmark,params,score,unit,ratio} (score in the unit's
 * SI prefix, ratio to the class's {@code baseline...} method of the same run and parameters, and
 * parameters separated by spaces). Rows written by {@link BenchMain} add
 * {@code cpu,load,cpu_score,anchor,anchor_score,anchor_cpu_score,vs_anchor,vs_anchor_cpu}: the CPU
 * model, the one-minute load average when the row was written, the score per CPU-second of the
 * measuring thread (single-thread benchmarks), the external anchor's name and its two scores
 * measured in the same minutes, and the row's two ratios to them. Older rows simply end after
 * {@code ratio}: a reader takes missing trailing columns as unknown.
 */
final class ResultsCsv {
    /** The header of the extended format. */
    static final String HEADER = "version,date,jdk,benchmark,params,score,unit,ratio,cpu,load,cpu_score,anchor,"
            + "anchor_score,anchor_cpu_score,vs_anchor,vs_anchor_cpu";
    /** System property: the date column's text (e.g. a date and a label); default today's date. */
    static final String LABEL_PROPERTY = "skinmesh.bench.label";

    private ResultsCsv() {
    }

    /**
     * Appends one row per result to {@code file} (created with {@link #HEADER} when absent).
     *
     * @param file the CSV file
     * @param rows results, scores already in operations per second or seconds per operation
     * @param jdk the JDK version of the run
     * @param anchor the same-window anchor, or null
     * @throws UncheckedIOException when the file cannot be written
     */
    static void append(Path file, List<RatioTable.Row> rows, String jdk, Anchor anchor) {
        StringBuilder out = new StringBuilder();
        if (!Files.exists(file)) {
            out.append(HEADER).append('\n');
        }
        String version = clean(BenchMain.class.getPackage().getImplementationVersion() == null ? "0.1.0-SNAPSHOT"
                : BenchMain.class.getPackage().getImplementationVersion());
        String date = clean(System.getProperty(LABEL_PROPERTY, LocalDate.now().toString()));
        String cpu = clean(Machine.cpuModel());
        String load = clean(Machine.loadAverage());
        Map<String, Double> baselines = new HashMap<>();
        for (RatioTable.Row r : rows) {
            if (r.method().startsWith(RatioTable.BASELINE_PREFIX)) {
                baselines.merge(r.className() + " " + r.params(), r.score(), (a, b) -> a);
            }
        }
        for (RatioTable.Row r : rows) {
            String[] scaled = RatioTable.scale(r);
            Double base = baselines.get(r.className() + " " + r.params());
            String ratio = base == null || !(base > 0) ? "" : String.format(Locale.ROOT, "%.2f",
                    r.isThroughput() ? r.score() / base : base / r.score());
            double factor = r.score() == 0 ? 1 : Double.parseDouble(scaled[0]) / r.score();
            String cpuScore = Double.isNaN(r.cpuScore()) ? "" : String.format(Locale.ROOT, "%.3f", r.cpuScore() * factor);
            String anchorName = anchor == null ? "" : clean(anchor.name());
            String anchorScore = anchor == null ? "" : String.format(Locale.ROOT, "%.3f", anchor.score() * factor);
            String anchorCpu = anchor == null || Double.isNaN(anchor.cpuScore()) ? ""
                    : String.format(Locale.ROOT, "%.3f", anchor.cpuScore() * factor);
            String vs = anchor == null ? "" : Anchor.ratio(r.score(), anchor.score()).replace("x", "").replace("-", "");
            String vsCpu = anchor == null ? "" : Anchor.ratio(r.cpuScore(), anchor.cpuScore()).replace("x", "")
                    .replace("-", "");
            out.append(String.join(",", version, date, clean(jdk), r.simpleClassName() + "." + r.method(),
                    clean(r.params()), scaled[0], scaled[2], ratio, cpu, load, cpuScore, anchorName, anchorScore,
                    anchorCpu, vs, vsCpu)).append('\n');
        }
        try {
            Files.writeString(file, out, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to " + file, e);
        }
    }

    /** Commas would split a field: parameters become space-separated, other commas semicolons. */
    private static String clean(String field) {
        return field.replace(", ", " ").replace(',', ';').replace('\n', ' ');
    }
}
