package dev.graphiti.cli;

import dev.graphiti.service.ExchangeProgress;
import java.io.PrintWriter;
import java.util.Locale;

/** Import and export progress as one line on a terminal's stderr, redrawn at most ten times a second. */
final class ExchangeBar implements ExchangeProgress {

    private static final int WIDTH = 30;

    private final PrintWriter err;
    private final String verb;
    private final long started = System.nanoTime();
    private long drawn;
    private boolean shown;

    ExchangeBar(PrintWriter err, String verb) {
        this.err = err;
        this.verb = verb;
    }

    /** Progress for a person at a terminal; none for scripts, --quiet or --format json. */
    static ExchangeProgress of(CommandContext context, String verb) {
        boolean person = context.invocation().environment().interactive() && !context.json() && !context.quiet();
        return person ? new ExchangeBar(context.err(), verb) : ExchangeProgress.NONE;
    }

    @Override
    public void advanced(double done, int records) {
        long now = System.nanoTime();
        if (now - drawn < 100_000_000L) {
            return;
        }
        drawn = now;
        shown = true;
        int filled = (int) Math.round(WIDTH * Math.min(1.0, done));
        double rate = records / Math.max(1e-9, (now - started) / 1e9);
        err.print(String.format(Locale.ROOT, "\r%s [%s%s] %3.0f%% %,d items, %,.0f/s ", verb, "#".repeat(filled),
                ".".repeat(WIDTH - filled), 100 * Math.min(1.0, done), records, rate));
        err.flush();
    }

    @Override
    public void finished() {
        if (shown) {
            err.println();
            err.flush();
        }
    }
}
