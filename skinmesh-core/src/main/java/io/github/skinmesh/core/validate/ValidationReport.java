package io.github.skinmesh.core.validate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The outcome of {@link MeshValidator#validate}: the problems found, in a deterministic order
 * (by {@link Check} in declaration order, then by element index), and their counts.
 *
 * <p>When a check finds more problems than {@link ValidateOptions#maxProblemsPerCheck()}, only
 * the first ones are listed, followed by one summary problem of the same check and severity that
 * names the mesh and says how many more there are; the counts ({@link #count(Check)},
 * {@link #errorCount()}, {@link #warningCount()}) include the problems not listed.
 *
 * <p>Immutable and thread-safe.
 */
public final class ValidationReport {
    private final String mesh;
    private final List<Problem> problems;
    private final int[] found;
    private final int errorCount;
    private final int warningCount;

    ValidationReport(String mesh, List<Problem> problems, int[] found, int errorCount, int warningCount) {
        assert found.length == Check.values().length;
        this.mesh = mesh;
        this.problems = List.copyOf(problems);
        this.found = found;
        this.errorCount = errorCount;
        this.warningCount = warningCount;
    }

    /** @return the validated mesh as an element, e.g. {@code "mesh 'Body'"} */
    public String mesh() {
        return mesh;
    }

    /** @return every listed problem in report order, read-only */
    public List<Problem> problems() {
        return problems;
    }

    /** @return the listed problems of severity {@link Severity#ERROR}, in report order, read-only */
    public List<Problem> errors() {
        return filter(Severity.ERROR);
    }

    /** @return the listed problems of severity {@link Severity#WARNING}, in report order, read-only */
    public List<Problem> warnings() {
        return filter(Severity.WARNING);
    }

    private List<Problem> filter(Severity severity) {
        List<Problem> out = new ArrayList<>();
        for (Problem p : problems) {
            if (p.severity() == severity) {
                out.add(p);
            }
        }
        return List.copyOf(out);
    }

    /** @return whether any error was found */
    public boolean hasErrors() {
        return errorCount > 0;
    }

    /** @return whether no problem at all was found */
    public boolean isClean() {
        return problems.isEmpty();
    }

    /** @return the number of errors found, including those not listed */
    public int errorCount() {
        return errorCount;
    }

    /** @return the number of warnings found, including those not listed */
    public int warningCount() {
        return warningCount;
    }

    /**
     * @param check a check
     * @return the number of problems it found, including those not listed
     */
    public int count(Check check) {
        return found[check.ordinal()];
    }

    /**
     * Renders the report for people and logs: one problem per line as
     * {@link Problem#toString()} ({@code SEVERITY element: message}), each line ended by
     * {@code '\n'}, in report order; the empty string for a clean report. Identical reports render
     * identically (no locale or platform dependence).
     *
     * @return the text
     */
    public String toText() {
        StringBuilder sb = new StringBuilder();
        for (Problem p : problems) {
            sb.append(p).append('\n');
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof ValidationReport && ((ValidationReport) o).mesh.equals(mesh)
                && ((ValidationReport) o).problems.equals(problems) && Arrays.equals(((ValidationReport) o).found, found));
    }

    @Override
    public int hashCode() {
        return 31 * mesh.hashCode() + problems.hashCode();
    }

    @Override
    public String toString() {
        return "ValidationReport[" + mesh + ", " + errorCount + " errors, " + warningCount + " warnings]";
    }
}
