package dev.graphiti.cli;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * A one-line progress bar on the terminal's stderr, redrawn at most ten times a second: "[####......] 120/300
 * sessions, 45/s" and what the caller adds. Draws nothing unless shown (a person at a terminal, text output);
 * with --json-progress the counts go out as {@link ProgressLines} instead.
 */
final class ProgressBar {

    private static final int WIDTH = 30;

    private final PrintWriter err;
    private final boolean shown;
    private final String unit;
    private final ProgressLines lines;
    private long started = System.nanoTime();
    private int total;
    private int done;
    private long drawn;
    private boolean drew;

    ProgressBar(PrintWriter err, boolean shown, String unit, ProgressLines lines) {
        this.err = err;
        this.shown = shown && lines == null;
        this.unit = unit;
        this.lines = lines;
    }

    /** Shown only to a person at a terminal who asked for text output; as lines to a program that asked for them. */
    static ProgressBar forTerminal(CommandContext context, String unit) {
        return new ProgressBar(context.err(), context.invocation().environment().interactive() && !context.json()
                && !context.quiet(), unit, ProgressLines.of(context, unit));
    }

    void start(int total) {
        this.total = total;
        this.started = System.nanoTime();
        if (lines != null && total > 0) {
            lines.at(0, total);
        }
    }

    /** {@code count} more are done; {@code extra} follows the rate (e.g. "37 items added"). */
    void advance(int count, String extra) {
        done += count;
        if (lines != null) {
            lines.at(Math.min(done, total), total);
        }
        long now = System.nanoTime();
        if (shown && (now - drawn > 100_000_000L || done >= total)) {
            drawn = now;
            drew = true;
            int filled = (int) ((long) WIDTH * Math.min(done, total) / Math.max(1, total));
            double rate = done / Math.max(1e-9, (now - started) / 1e9);
            err.print(String.format(Locale.ROOT, "\r[%s%s] %d/%d %s, %.0f/s%s ", "#".repeat(filled),
                    ".".repeat(WIDTH - filled), Math.min(done, total), total, unit, rate,
                    extra.isEmpty() ? "" : ", " + extra));
            err.flush();
        }
    }

    void finish() {
        if (drew) {
            err.println();
            err.flush();
        }
    }
}
