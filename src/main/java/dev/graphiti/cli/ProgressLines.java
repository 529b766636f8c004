package dev.graphiti.cli;

import java.io.PrintWriter;

/**
 * A long command's progress for a program, with --json-progress: one line on stderr per report,
 * {@code {"progress":120,"total":400,"unit":"commits"}}, at most ten a second but always the first and the one that
 * reaches the total. The MCP server's runners take these lines out of stderr and turn them into a task's progress.
 */
final class ProgressLines {

    private static final long EVERY_NANOS = 100_000_000L;

    private final PrintWriter err;
    private final String unit;
    private long written;
    private int last = -1;

    ProgressLines(PrintWriter err, String unit) {
        this.err = err;
        this.unit = unit;
    }

    /** The lines for this command, or null when it did not ask for them. */
    static ProgressLines of(CommandContext context, String unit) {
        return context.jsonProgress() ? new ProgressLines(context.err(), unit) : null;
    }

    /** {@code done} of {@code total} are done; a count not above the last one written is not written again. */
    void at(int done, int total) {
        long now = System.nanoTime();
        boolean first = last < 0;
        if (done <= last || !(first || done >= total || now - written >= EVERY_NANOS)) {
            return;
        }
        written = now;
        last = done;
        err.println("{\"progress\":" + done + ",\"total\":" + total + ",\"unit\":\"" + unit + "\"}");
        err.flush();
    }
}
