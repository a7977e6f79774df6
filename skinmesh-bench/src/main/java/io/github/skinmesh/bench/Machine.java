package io.github.skinmesh.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** What a result row records about the machine: the CPU model and the load average. */
final class Machine {
    private Machine() {
    }

    /** @return the first {@code model name} of {@code /proc/cpuinfo}, else {@code os.arch}, with commas removed */
    static String cpuModel() {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/cpuinfo"));
            for (String line : lines) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim().replace(',', ' ');
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: fall through
        }
        return System.getProperty("os.arch", "unknown");
    }

    /** @return the one-minute load average of {@code /proc/loadavg}, else the JVM's system load, as text */
    static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return fields[0];
        } catch (IOException | RuntimeException e) {
            double load = java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
            return load < 0 ? "unknown" : String.format(java.util.Locale.ROOT, "%.2f", load);
        }
    }
}
