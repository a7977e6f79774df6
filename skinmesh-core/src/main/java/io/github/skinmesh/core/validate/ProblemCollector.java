package io.github.skinmesh.core.validate;

import java.util.ArrayList;
import java.util.List;

/**
 * Gathers problems per {@link Check}, counts them all, lists at most {@code limit} per check and
 * assembles the report in check order. Checks call {@link #accept} first and build their message
 * only when it returns {@code true}, so a mesh with millions of bad vertices costs no string work
 * past the limit.
 */
final class ProblemCollector {
    private final int limit;
    private final List<List<Problem>> listed = new ArrayList<>();
    private final int[] found = new int[Check.values().length];
    private final Severity[] severities = new Severity[Check.values().length];
    private int errors;
    private int warnings;

    /** @param limit most problems listed per check, 0 for all */
    ProblemCollector(int limit) {
        this.limit = limit;
        for (int i = 0; i < found.length; i++) {
            listed.add(new ArrayList<>());
        }
    }

    /**
     * Counts one problem.
     *
     * @return whether it is to be listed: then the caller passes it to {@link #add}
     */
    boolean accept(Check check, Severity severity) {
        int i = check.ordinal();
        found[i]++;
        severities[i] = severity;
        if (severity == Severity.ERROR) {
            errors++;
        } else {
            warnings++;
        }
        return limit == 0 || found[i] <= limit;
    }

    /** Lists a problem accepted by {@link #accept}. */
    void add(Check check, Severity severity, String element, String message) {
        assert severities[check.ordinal()] == severity;
        listed.get(check.ordinal()).add(new Problem(severity, check, element, message));
    }

    /** Counts and, within the limit, lists a problem. */
    void report(Check check, Severity severity, String element, String message) {
        if (accept(check, severity)) {
            add(check, severity, element, message);
        }
    }

    ValidationReport finish(String meshElement) {
        List<Problem> all = new ArrayList<>();
        for (Check check : Check.values()) {
            int i = check.ordinal();
            List<Problem> problems = listed.get(i);
            all.addAll(problems);
            int omitted = found[i] - problems.size();
            if (omitted > 0) {
                all.add(new Problem(severities[i], check, meshElement, omitted + " more " + check.description()
                        + " not listed (maxProblemsPerCheck " + limit + ")"));
            }
        }
        return new ValidationReport(meshElement, all, found.clone(), errors, warnings);
    }
}
