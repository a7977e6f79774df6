package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** {@link ConsoleProgress}: what it draws for a sequence of updates on a fake clock, and when it draws nothing. */
class ConsoleProgressTest {
    static final long MS = 1_000_000L;

    final StringWriter written = new StringWriter();
    final AtomicLong clock = new AtomicLong(1_000 * MS);

    ConsoleProgress progress(boolean quiet, boolean terminal) {
        return new ConsoleProgress(new PrintWriter(written), "skinmesh demo", quiet, () -> terminal, clock::get);
    }

    static String spaces(int n) {
        return " ".repeat(n);
    }

    @Test
    void drawsTheFirstUpdateAtOnceThenAtMostEveryInterval() {
        ConsoleProgress p = progress(false, true);
        p.update("skinning walk frames", 0, 32);
        String first = "\rskinmesh demo: skinning walk frames 0/32 (0%)";
        assertThat(written.toString()).isEqualTo(first);

        clock.addAndGet(150 * MS);
        p.update("skinning walk frames", 5, 32);
        assertThat(written.toString()).as("within the interval").isEqualTo(first);

        clock.addAndGet(50 * MS);
        p.update("skinning walk frames", 9, 32);
        String second = "\rskinmesh demo: skinning walk frames 9/32 (28%)";
        assertThat(written.toString()).isEqualTo(first + second);

        clock.addAndGet(ConsoleProgress.REDRAW_INTERVAL_NANOS);
        p.update("skinning walk frames", 32, 32);
        String third = "\rskinmesh demo: skinning walk frames 32/32 (100%)";
        assertThat(written.toString()).isEqualTo(first + second + third);
    }

    @Test
    void aShorterLineCoversTheRestOfTheLongerOneWithSpaces() {
        ConsoleProgress p = progress(false, true);
        p.update("packing bone palettes", 10, 100);
        clock.addAndGet(ConsoleProgress.REDRAW_INTERVAL_NANOS);
        p.update("writing", 1, 2);
        String longer = "skinmesh demo: packing bone palettes 10/100 (10%)";
        String shorter = "skinmesh demo: writing 1/2 (50%)";
        assertThat(written.toString())
                .isEqualTo("\r" + longer + "\r" + shorter + spaces(longer.length() - shorter.length()));
    }

    @Test
    void closeWipesTheLineOnceAndLaterUpdatesDrawNothing() {
        ConsoleProgress p = progress(false, true);
        p.update("skinning walk frames", 3, 4);
        String line = "skinmesh demo: skinning walk frames 3/4 (75%)";
        p.close();
        assertThat(written.toString()).isEqualTo("\r" + line + "\r" + spaces(line.length()) + "\r");
        clock.addAndGet(10 * ConsoleProgress.REDRAW_INTERVAL_NANOS);
        p.update("skinning walk frames", 4, 4);
        p.close();
        assertThat(written.toString()).isEqualTo("\r" + line + "\r" + spaces(line.length()) + "\r");
    }

    @Test
    void closeWithoutAnyUpdateWritesNothing() {
        progress(false, true).close();
        assertThat(written.toString()).isEmpty();
    }

    @Test
    void theSameTextIsNotDrawnTwice() {
        ConsoleProgress p = progress(false, true);
        p.update("skinning walk frames", 1, 1000);
        clock.addAndGet(ConsoleProgress.REDRAW_INTERVAL_NANOS);
        p.update("skinning walk frames", 1, 1000);
        assertThat(written.toString()).isEqualTo("\rskinmesh demo: skinning walk frames 1/1000 (0%)");
    }

    @Test
    void nothingIsWrittenWhenStderrIsNotATerminal() {
        ConsoleProgress p = progress(false, false);
        for (int i = 0; i <= 10; i++) {
            clock.addAndGet(ConsoleProgress.REDRAW_INTERVAL_NANOS);
            p.update("skinning walk frames", i, 10);
        }
        p.close();
        assertThat(p.enabled()).isFalse();
        assertThat(written.toString()).isEmpty();
    }

    @Test
    void nothingIsWrittenWhenQuietAndTheTerminalIsNotEvenAsked() {
        AtomicInteger asked = new AtomicInteger();
        ConsoleProgress p = new ConsoleProgress(new PrintWriter(written), "skinmesh demo", true, () -> {
            asked.incrementAndGet();
            return true;
        }, clock::get);
        for (int i = 0; i <= 10; i++) {
            clock.addAndGet(ConsoleProgress.REDRAW_INTERVAL_NANOS);
            p.update("skinning walk frames", i, 10);
        }
        p.close();
        assertThat(written.toString()).isEmpty();
        assertThat(asked).hasValue(0);
    }

    @Test
    void neverAsksToCancel() {
        ConsoleProgress p = progress(false, true);
        assertThat(p.isCancelled()).isFalse();
        p.checkCancelled("demo");
    }

    @Test
    void percentIsRoundedDownAndKeptWithin0To100() {
        assertThat(ConsoleProgress.line("x", "s", 2, 3)).isEqualTo("x: s 2/3 (66%)");
        assertThat(ConsoleProgress.line("x", "s", 999, 1000)).isEqualTo("x: s 999/1000 (99%)");
        assertThat(ConsoleProgress.line("x", "s", 7, 5)).isEqualTo("x: s 7/5 (100%)");
        assertThat(ConsoleProgress.line("x", "s", -1, 5)).isEqualTo("x: s -1/5 (0%)");
        assertThat(ConsoleProgress.line("x", "s", Long.MAX_VALUE - 1, Long.MAX_VALUE))
                .endsWith("/" + Long.MAX_VALUE + " (99%)");
        assertThat(ConsoleProgress.line("x", "s", Long.MAX_VALUE, Long.MAX_VALUE)).endsWith(" (100%)");
    }

    @Test
    void withoutATotalOnlyTheCountIsShown() {
        assertThat(ConsoleProgress.line("x", "reading", 12, 0)).isEqualTo("x: reading 12");
        assertThat(ConsoleProgress.line("x", "reading", 12, -1)).isEqualTo("x: reading 12");
    }

    @Test
    void aLongStageIsShortenedSoTheLineFitsAndTheCountsStay() {
        String stage = "skinning " + "a-very-long-clip-name-".repeat(6) + "frames";
        String line = ConsoleProgress.line("skinmesh demo", stage, 12, 33);
        assertThat(line).hasSize(ConsoleProgress.MAX_LINE_LENGTH).startsWith("skinmesh demo: skinning a-very")
                .endsWith("... 12/33 (36%)");
    }

    @Test
    void aSurrogatePairIsNeverCutInHalf() {
        String clef = "\uD834\uDD1E";
        for (int pad = 0; pad < 4; pad++) {
            String line = ConsoleProgress.line("x", "a".repeat(pad) + clef.repeat(60), 1, 2);
            assertThat(line.length()).isLessThanOrEqualTo(ConsoleProgress.MAX_LINE_LENGTH);
            int cut = line.indexOf("...");
            assertThat(Character.isHighSurrogate(line.charAt(cut - 1))).as("pad %d: %s", pad, line).isFalse();
        }
    }

    @Test
    void controlCharactersOfTheStageCannotMoveTheCursor() {
        assertThat(ConsoleProgress.line("x", "clip\r\n\u001b[2Jwalk\t", 1, 2)).isEqualTo("x: clip???[2Jwalk? 1/2 (50%)");
    }
}
