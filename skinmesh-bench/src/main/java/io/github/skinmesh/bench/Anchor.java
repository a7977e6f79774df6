package io.github.skinmesh.bench;

import java.util.Locale;

/**
 * An external implementation measured in the same minutes as a JMH run (e.g. ozz-animation's
 * skinning by the anchor folder's {@code run.sh}), given to {@link BenchMain} as
 * {@code -Dskinmesh.bench.anchor=NAME:SCORE:CPU_SCORE}: its throughput on the wall clock and per
 * CPU-second of its measuring thread, in operations per second of the same unit as the scores.
 *
 * @param name short name, e.g. {@code ozz}
 * @param score wall-clock throughput, operations per second
 * @param cpuScore throughput per CPU-second, or NaN when unknown
 */
record Anchor(String name, double score, double cpuScore) {
    /** The system property read by {@link #fromSystemProperties()}. */
    static final String PROPERTY = "skinmesh.bench.anchor";

    /** @return the anchor given by {@value #PROPERTY}, or null when none is */
    static Anchor fromSystemProperties() {
        String value = System.getProperty(PROPERTY);
        return value == null || value.isEmpty() ? null : parse(value);
    }

    /**
     * @param value {@code NAME:SCORE[:CPU_SCORE]}
     * @return the anchor
     * @throws IllegalArgumentException when the text is not of that form
     */
    static Anchor parse(String value) {
        String[] parts = value.split(":");
        if (parts.length < 2 || parts.length > 3 || parts[0].isEmpty()) {
            throw new IllegalArgumentException(PROPERTY + " is '" + value + "', expected NAME:SCORE[:CPU_SCORE]");
        }
        try {
            double score = Double.parseDouble(parts[1]);
            double cpu = parts.length == 3 ? Double.parseDouble(parts[2]) : Double.NaN;
            return new Anchor(parts[0], score, cpu);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(PROPERTY + " is '" + value + "', expected numbers after the name", e);
        }
    }

    /**
     * @param value a throughput, operations per second
     * @param anchorValue the anchor's
     * @return {@code value / anchorValue} as text ({@code 1.07x}), or {@code -} when either is unknown
     */
    static String ratio(double value, double anchorValue) {
        if (!(value > 0) || !(anchorValue > 0)) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.2fx", value / anchorValue);
    }
}
