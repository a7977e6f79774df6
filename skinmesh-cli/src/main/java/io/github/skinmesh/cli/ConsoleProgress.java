package io.github.skinmesh.cli;

import io.github.skinmesh.core.Progress;
import java.io.PrintWriter;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * A command's progress on stderr: one line, for example
 * {@code skinmesh demo: skinning walk frames 12/33 (36%)}, that each update rewrites in place
 * (a carriage return, the new text, spaces over what is left of the previous one).
 *
 * <p>It draws only when stderr is a terminal and the command is not {@code --quiet}; otherwise it
 * writes nothing at all, so logs and pipes never see it. The first update is drawn at once and
 * later ones at most every {@link #REDRAW_INTERVAL_NANOS}, so reporting every step costs a clock
 * read. {@link #close()} wipes the line, leaving the cursor at the start of an empty line for
 * whatever the command prints next. It never asks an operation to stop.
 *
 * <p>Thread-safety: the methods are synchronized; an operation may report from any thread.
 */
final class ConsoleProgress implements Progress, AutoCloseable {
    /** Shortest time between two drawings, in nanoseconds: at most five a second. */
    static final long REDRAW_INTERVAL_NANOS = 200_000_000L;
    /** Longest line drawn, in characters: a line that wraps on an 80-column terminal cannot be rewritten. */
    static final int MAX_LINE_LENGTH = 79;
    /** Marks a shortened stage. */
    private static final String ELLIPSIS = "...";

    private final PrintWriter err;
    private final String label;
    private final boolean enabled;
    private final LongSupplier nanoTime;
    /** The text on screen, empty when nothing is. */
    private String drawn = "";
    private boolean everDrawn;
    private long lastDrawNanos;
    private boolean closed;

    /**
     * @param err where the line is drawn
     * @param label what the line starts with, for example {@code "skinmesh demo"}
     * @param quiet {@code true} to draw nothing
     * @param stderrIsTerminal asked once, unless quiet: whether {@code err} is a terminal
     * @param nanoTime a monotonic clock in nanoseconds, such as {@link System#nanoTime()}
     */
    ConsoleProgress(PrintWriter err, String label, boolean quiet, BooleanSupplier stderrIsTerminal,
            LongSupplier nanoTime) {
        this.err = err;
        this.label = label;
        this.enabled = !quiet && stderrIsTerminal.getAsBoolean();
        this.nanoTime = nanoTime;
    }

    /**
     * Progress drawn on {@code err} when the process's stderr is a terminal ({@link Terminal}).
     *
     * @param err where the line is drawn, the command's stderr
     * @param label what the line starts with
     * @param quiet {@code true} to draw nothing
     * @return the progress; close it when the work is done
     */
    static ConsoleProgress open(PrintWriter err, String label, boolean quiet) {
        return new ConsoleProgress(err, label, quiet, Terminal::stderrIsTerminal, System::nanoTime);
    }

    /** @return whether this progress draws at all */
    boolean enabled() {
        return enabled;
    }

    @Override
    public synchronized void update(String stage, long done, long total) {
        if (!enabled || closed) {
            return;
        }
        long now = nanoTime.getAsLong();
        if (everDrawn && now - lastDrawNanos < REDRAW_INTERVAL_NANOS) {
            return;
        }
        String text = line(label, stage, done, total);
        if (!text.equals(drawn)) {
            StringBuilder sb = new StringBuilder(1 + Math.max(text.length(), drawn.length())).append('\r').append(text);
            sb.append(" ".repeat(Math.max(0, drawn.length() - text.length())));
            err.print(sb);
            err.flush();
            drawn = text;
        }
        everDrawn = true;
        lastDrawNanos = now;
    }

    @Override
    public boolean isCancelled() {
        return false;
    }

    /** Wipes the line, if one is drawn, and draws nothing more. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (!drawn.isEmpty()) {
            err.print("\r" + " ".repeat(drawn.length()) + "\r");
            err.flush();
            drawn = "";
        }
    }

    /**
     * The text of one drawing: {@code label: stage done/total (percent%)}, the stage shortened so
     * the whole fits {@value #MAX_LINE_LENGTH} characters, control characters of the stage shown
     * as {@code ?}. Without a positive total only {@code done} is shown.
     */
    static String line(String label, String stage, long done, long total) {
        String counts;
        if (total > 0) {
            counts = " " + done + "/" + total + " (" + percent(done, total) + "%)";
        } else {
            counts = " " + done;
        }
        StringBuilder head = new StringBuilder(label.length() + 2 + stage.length()).append(label).append(": ");
        stage.codePoints().forEach(c -> head.appendCodePoint(Character.isISOControl(c) ? '?' : c));
        int room = MAX_LINE_LENGTH - counts.length();
        if (head.length() > room) {
            int keep = Math.max(0, room - ELLIPSIS.length());
            if (keep > 0 && Character.isHighSurrogate(head.charAt(keep - 1))) {
                keep--;
            }
            head.setLength(keep);
            head.append(ELLIPSIS);
        }
        String text = head + counts;
        return text.length() > MAX_LINE_LENGTH ? text.substring(0, MAX_LINE_LENGTH) : text;
    }

    /** {@code floor(100 * done / total)} within 0..100, and 100 only when {@code done >= total}; {@code total > 0}. */
    static long percent(long done, long total) {
        long d = Math.max(0, Math.min(done, total));
        long p = d <= Long.MAX_VALUE / 100 ? d * 100 / total : (long) (100.0 * d / total);
        return d < total ? Math.min(p, 99) : 100;
    }
}
