package dev.graphiti.cli;

import dev.graphiti.service.EmbedReport;
import dev.graphiti.service.EmbedService;
import dev.graphiti.service.EmbeddingProgress;
import java.io.PrintWriter;
import java.util.Locale;
import picocli.CommandLine.Command;

/**
 * `graphiti embed`: gives every item without vectors its vectors now, in this process (a running MCP server
 * does the same in the background). The one command outside a server that loads the model.
 */
@Command(name = "embed", mixinStandardHelpOptions = true,
        description = "Embed the items that have no vectors yet, for search by meaning (loads the model: about a second).")
final class EmbedCommand extends GraphSubcommand {

    @Override
    public Integer call() {
        CommandContext context = context();
        Progress progress = new Progress(context.err(),
                context.invocation().environment().interactive() && !context.json() && !context.quiet());
        EmbedReport report = new EmbedService(context.graphs(), context.invocation().semantics())
                .embed(context.location(), progress);
        int done = report.embedded();
        int remaining = report.remaining();
        if (context.json()) {
            JsonShapes.print(context.out(), JsonShapes.JSON.createObjectBuilder().add("model", report.model())
                    .add("embedded", done).add("remaining", remaining)
                    .add("seconds", Math.round(report.seconds() * 100) / 100.0));
        } else if (!context.quiet()) {
            context.out().println(done == 0 && remaining == 0 ? "Every item has its vectors."
                    : String.format(Locale.ROOT, "Embedded %d item%s in %.1f s%s.", done, done == 1 ? "" : "s",
                    report.seconds(), remaining == 0 ? "" : "; " + remaining + " left"));
        }
        return 0;
    }

    /** A one-line progress bar on the terminal's stderr, redrawn at most ten times a second. */
    private static final class Progress implements EmbeddingProgress {
        private static final int WIDTH = 30;
        private final PrintWriter err;
        private final boolean shown;
        private long started = System.nanoTime();
        private int total;
        private int done;
        private long drawn;

        Progress(PrintWriter err, boolean shown) {
            this.err = err;
            this.shown = shown;
        }

        @Override
        public void started(int total) {
            this.total = total;
            this.started = System.nanoTime();
        }

        @Override
        public void advanced(int count) {
            done += count;
            long now = System.nanoTime();
            if (shown && (now - drawn > 100_000_000L || done >= total)) {
                drawn = now;
                int filled = (int) ((long) WIDTH * Math.min(done, total) / Math.max(1, total));
                double rate = done / Math.max(1e-9, (now - started) / 1e9);
                err.print(String.format(Locale.ROOT, "\r[%s%s] %d/%d items, %.0f/s ", "#".repeat(filled),
                        ".".repeat(WIDTH - filled), Math.min(done, total), total, rate));
                err.flush();
            }
        }

        @Override
        public void finished() {
            if (shown && done > 0) {
                err.println();
                err.flush();
            }
        }
    }
}
