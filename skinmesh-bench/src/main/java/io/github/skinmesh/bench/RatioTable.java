package io.github.skinmesh.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Formats benchmark scores as a table grouped by benchmark class and parameter values, with each
 * method's score in its natural unit and its speed relative to the {@code baseline...} method of
 * the same group (the same-run baseline convention of skinmesh-bench).
 *
 * <p>Ratios are speed ratios: {@code score / baseline} for throughput scores ({@code x/s}) and
 * {@code baseline / score} for time scores ({@code s/op}), so above 1 always means faster than
 * the baseline. A group without a baseline method shows {@code -}; with several, the first in name
 * order is the reference.
 */
final class RatioTable {
    /** The prefix of same-run baseline methods. */
    static final String BASELINE_PREFIX = "baseline";

    /**
     * One benchmark result.
     *
     * @param benchmark fully qualified benchmark method, {@code package.Class.method}
     * @param params parameter values in declaration order ({@code name=value}), empty when none
     * @param score the primary score
     * @param error the score's error (99.9% half-width), NaN when unknown
     * @param scoreUnit JMH's unit, e.g. {@code ops/s} or {@code us/op}
     * @param opUnit what one operation counts, e.g. {@code vertices}
     * @param cpuScore operations per CPU-second of the measuring thread, NaN when not measured
     */
    record Row(String benchmark, String params, double score, double error, String scoreUnit, String opUnit,
            double cpuScore) {
        /** A row without a CPU-time score. */
        Row(String benchmark, String params, double score, double error, String scoreUnit, String opUnit) {
            this(benchmark, params, score, error, scoreUnit, opUnit, Double.NaN);
        }

        String className() {
            return benchmark.substring(0, benchmark.lastIndexOf('.'));
        }

        String simpleClassName() {
            String c = className();
            return c.substring(c.lastIndexOf('.') + 1);
        }

        String method() {
            return benchmark.substring(benchmark.lastIndexOf('.') + 1);
        }

        boolean isThroughput() {
            return scoreUnit.endsWith("/s") || scoreUnit.endsWith("/ms") || scoreUnit.endsWith("/us")
                    || scoreUnit.endsWith("/ns") || scoreUnit.endsWith("/min");
        }
    }

    private RatioTable() {
    }

    /**
     * @param rows results in run order
     * @return the table, one line per result plus a header per group
     */
    static String format(List<Row> rows) {
        return format(rows, null);
    }

    /**
     * @param rows results in run order
     * @param anchor an external implementation measured in the same minutes, or null: adds its
     *     ratio (wall clock, and per CPU-second where the row has it) to every throughput row
     * @return the table, one line per result plus a header per group
     */
    static String format(List<Row> rows, Anchor anchor) {
        Map<String, List<Row>> groups = new LinkedHashMap<>();
        for (Row r : rows) {
            groups.computeIfAbsent(r.className() + " " + r.params(), g -> new ArrayList<>()).add(r);
        }
        StringBuilder out = new StringBuilder();
        for (List<Row> group : groups.values()) {
            Row first = group.get(0);
            out.append(first.simpleClassName());
            if (!first.params().isEmpty()) {
                out.append("  [").append(first.params()).append(']');
            }
            out.append('\n');
            if (anchor != null) {
                out.append(String.format(Locale.ROOT, "  (%s in the same minutes: %.3f M/s, per CPU-s %.3f M/s)%n",
                        anchor.name(), anchor.score() / 1e6, anchor.cpuScore() / 1e6));
            }
            Row baseline = null;
            for (Row r : group) {
                if (r.method().startsWith(BASELINE_PREFIX)
                        && (baseline == null || r.method().compareTo(baseline.method()) < 0)) {
                    baseline = r;
                }
            }
            for (Row r : group) {
                String[] scaled = scale(r);
                String ratio = "-";
                if (baseline != null && baseline.scoreUnit().equals(r.scoreUnit()) && baseline.score() > 0
                        && r.score() > 0) {
                    double x = r.isThroughput() ? r.score() / baseline.score() : baseline.score() / r.score();
                    ratio = String.format(Locale.ROOT, "%.2fx", x);
                }
                String line = String.format(Locale.ROOT, "  %-28s %12s %-10s %-16s %8s", r.method(), scaled[0],
                        scaled[1], scaled[2], ratio);
                double f = r.score() == 0 ? 1 : Double.parseDouble(scaled[0]) / r.score();
                if (!Double.isNaN(r.cpuScore())) {
                    line += String.format(Locale.ROOT, "  per CPU-s %10.3f", r.cpuScore() * f);
                }
                if (anchor != null && r.isThroughput()) {
                    line += "  vs " + anchor.name() + " " + Anchor.ratio(r.score(), anchor.score()) + " (per CPU-s "
                            + Anchor.ratio(r.cpuScore(), anchor.cpuScore()) + ")";
                }
                out.append(line).append('\n');
            }
        }
        return out.toString();
    }

    /** Returns {score, "± error", unit} scaled to a readable SI prefix for throughput scores. */
    static String[] scale(Row r) {
        double s = r.score();
        double e = r.error();
        String unit = r.scoreUnit();
        String op = r.opUnit();
        if (r.isThroughput()) {
            String per = unit.substring(unit.indexOf('/'));
            double f = 1;
            String prefix = "";
            double a = Math.abs(s);
            if (a >= 1e9) {
                f = 1e9;
                prefix = "G";
            } else if (a >= 1e6) {
                f = 1e6;
                prefix = "M";
            } else if (a >= 1e3) {
                f = 1e3;
                prefix = "k";
            }
            s /= f;
            e /= f;
            unit = prefix + op + per;
        } else if (unit.endsWith("/op")) {
            unit = unit.substring(0, unit.length() - 2) + singular(op);
        }
        String err = Double.isNaN(e) ? "" : String.format(Locale.ROOT, "± %.3g", e);
        return new String[] {String.format(Locale.ROOT, "%.3f", s), err, unit};
    }

    private static String singular(String op) {
        if (op.endsWith("ices")) {
            return op.substring(0, op.length() - 4) + "ex"; // vertices -> vertex
        }
        return op.endsWith("s") ? op.substring(0, op.length() - 1) : op;
    }
}
