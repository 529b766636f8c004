package dev.graphiti.cli;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * A long command's progress on stderr, in one of three displays: a one-line bar on a terminal, redrawn at most ten
 * times a second ("[####......] 120/300 sessions, 45/s, 4 s left" and what the caller adds); plain lines for a log
 * or a program that reads stderr ("graphiti: 120/300 items, 1.4/s, about 2 min left"), one at each tenth of the
 * total and at least every {@link #LINE_EVERY_NANOS}; or nothing. With --json-progress the counts go out as
 * {@link ProgressLines} instead.
 */
final class ProgressBar {

    /** How the progress is shown. */
    enum Display {
        none, bar, lines
    }

    private static final int WIDTH = 30;
    private static final long DRAW_EVERY_NANOS = 100_000_000L;
    /** A run that stays within one tenth for this long still says it is alive. */
    static final long LINE_EVERY_NANOS = 10_000_000_000L;

    private final PrintWriter err;
    private final Display display;
    private final String unit;
    private final ProgressLines lines;
    private long started = System.nanoTime();
    private int total;
    private int done;
    private long drawn;
    private boolean drew;
    private int tenths = -1;

    ProgressBar(PrintWriter err, Display display, String unit, ProgressLines lines) {
        this.err = err;
        this.display = lines == null ? display : Display.none;
        this.unit = unit;
        this.lines = lines;
    }

    /** Shown only to a person at a terminal who asked for text output; as lines to a program that asked for them. */
    static ProgressBar forTerminal(CommandContext context, String unit) {
        boolean person = context.invocation().environment().interactive() && !context.json() && !context.quiet();
        return new ProgressBar(context.err(), person ? Display.bar : Display.none, unit, ProgressLines.of(context, unit));
    }

    /**
     * For a run that may take minutes: a bar for a person at a terminal who asked for text output, plain lines on
     * stderr for everyone else (a log, an agent's shell, JSON output), nothing with --quiet.
     */
    static ProgressBar forLongRun(CommandContext context, String unit) {
        Display display = context.quiet() ? Display.none
                : context.invocation().environment().interactive() && !context.json() ? Display.bar : Display.lines;
        return new ProgressBar(context.err(), display, unit, ProgressLines.of(context, unit));
    }

    void start(int total) {
        this.total = total;
        this.started = System.nanoTime();
        if (lines != null && total > 0) {
            lines.at(0, total);
        }
        if (display == Display.lines && total > 0) {
            line(started);
        }
    }

    /** {@code count} more are done; {@code extra} follows the rate (e.g. "37 items added"). */
    void advance(int count, String extra) {
        done += count;
        if (lines != null) {
            lines.at(Math.min(done, total), total);
        }
        long now = System.nanoTime();
        if (display == Display.bar && (now - drawn > DRAW_EVERY_NANOS || done >= total)) {
            drawn = now;
            drew = true;
            int shown = Math.min(done, total);
            int filled = (int) ((long) WIDTH * shown / Math.max(1, total));
            err.print(String.format(Locale.ROOT, "\r[%s%s] %d/%d %s, %s%s%s ", "#".repeat(filled),
                    ".".repeat(WIDTH - filled), shown, total, unit, rate(now), left(now, ""),
                    extra.isEmpty() ? "" : ", " + extra));
            err.flush();
        } else if (display == Display.lines && (tenth() > tenths || now - drawn >= LINE_EVERY_NANOS || done >= total)) {
            line(now);
        }
    }

    private void line(long now) {
        drawn = now;
        tenths = tenth();
        int shown = Math.min(done, total);
        err.println(String.format(Locale.ROOT, "graphiti: %d/%d %s%s", shown, total, unit,
                shown == 0 ? "" : ", " + rate(now) + left(now, "about ")));
        err.flush();
    }

    private int tenth() {
        return (int) (10L * Math.min(done, total) / Math.max(1, total));
    }

    private String rate(long now) {
        double perSecond = done / Math.max(1e-9, (now - started) / 1e9);
        return String.format(Locale.ROOT, perSecond < 10 ? "%.1f/s" : "%.0f/s", perSecond);
    }

    /** ", 3 min left" from the pace so far; nothing before the first is done or once all are. */
    private String left(long now, String about) {
        if (done <= 0 || done >= total) {
            return "";
        }
        long seconds = Math.round((now - started) / 1e9 * (total - done) / done);
        return ", " + about + duration(seconds) + " left";
    }

    static String duration(long seconds) {
        if (seconds < 60) {
            return seconds + " s";
        }
        if (seconds < 3600) {
            return (seconds + 30) / 60 + " min";
        }
        long minutes = (seconds + 30) / 60;
        return minutes / 60 + " h " + minutes % 60 + " min";
    }

    void finish() {
        if (drew) {
            err.println();
            err.flush();
        }
    }
}
