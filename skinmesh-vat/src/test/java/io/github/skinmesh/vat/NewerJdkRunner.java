package io.github.skinmesh.vat;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * The child of {@link NewerJdkTest}: runs the test classes named by its arguments on the JUnit
 * platform in this JVM, prints each failure, each skipped or aborted test with its reason, and a
 * last line {@code runtime F: N found, S succeeded, X failed, K skipped}, and exits with 0 when
 * nothing failed and something succeeded, else 1; halts with 3 when its parent process ends first.
 */
public final class NewerJdkRunner {
    private NewerJdkRunner() {
    }

    /**
     * @param args fully qualified names of the test classes to run
     */
    public static void main(String[] args) {
        // a child left behind by a killed build ends with its parent
        ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> Runtime.getRuntime().halt(3)));
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(Arrays.stream(args).map(DiscoverySelectors::selectClass).toList())
                .build();
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        List<String> skipped = new ArrayList<>();
        TestExecutionListener skips = new TestExecutionListener() {
            @Override
            public void executionSkipped(TestIdentifier test, String reason) {
                skipped.add(test.getDisplayName() + ": " + reason);
            }

            @Override
            public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
                    skipped.add(test.getDisplayName() + ": "
                            + result.getThrowable().map(Throwable::getMessage).orElse("aborted"));
                }
            }
        };
        LauncherFactory.create().execute(request, summary, skips);
        TestExecutionSummary s = summary.getSummary();
        PrintWriter out = new PrintWriter(System.out, true);
        s.printFailuresTo(out, 30);
        for (String line : skipped) {
            out.println("skipped: " + line);
        }
        out.println("runtime " + Runtime.version().feature() + ": " + s.getTestsFoundCount() + " found, "
                + s.getTestsSucceededCount() + " succeeded, " + s.getTotalFailureCount() + " failed, "
                + (s.getTestsSkippedCount() + s.getTestsAbortedCount()) + " skipped");
        out.flush();
        System.exit(s.getTotalFailureCount() == 0 && s.getTestsSucceededCount() > 0 ? 0 : 1);
    }
}
