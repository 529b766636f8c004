package dev.graphiti.cli;

import dev.graphiti.embed.E5Encoder;
import dev.graphiti.graph.EmbeddingJob;
import dev.graphiti.graph.TextEncoder;
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
        long started = System.nanoTime();
        try (var graph = context.openGraph()) {
            int total = graph.vectors().unembeddedCount(E5Encoder.MODEL_ID);
            int done = 0;
            if (total > 0) {
                Progress progress = new Progress(context.err(), total,
                        context.invocation().environment().interactive() && !context.json() && !context.quiet());
                TextEncoder encoder = context.invocation().semantics().flatMap(s -> s.encoder())
                        .orElseGet(E5Encoder::load);
                try {
                    done = new EmbeddingJob(encoder.model()).run(graph.vectors(), encoder, progress::advance,
                            () -> Thread.currentThread().isInterrupted());
                } finally {
                    progress.finish();
                    if (context.invocation().semantics().isEmpty() && encoder instanceof AutoCloseable closeable) {
                        closeQuietly(closeable);
                    }
                }
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            int remaining = graph.vectors().unembeddedCount(E5Encoder.MODEL_ID);
            if (context.json()) {
                JsonShapes.print(context.out(), JsonShapes.JSON.createObjectBuilder().add("model", E5Encoder.MODEL_ID)
                        .add("embedded", done).add("remaining", remaining)
                        .add("seconds", Math.round(seconds * 100) / 100.0));
            } else if (!context.quiet()) {
                context.out().println(done == 0 && remaining == 0 ? "Every item has its vectors."
                        : String.format(Locale.ROOT, "Embedded %d item%s in %.1f s%s.", done, done == 1 ? "" : "s", seconds,
                        remaining == 0 ? "" : "; " + remaining + " left"));
            }
        }
        return 0;
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception ignored) {
            // the command is done either way
        }
    }

    /** A one-line progress bar on the terminal's stderr, redrawn at most ten times a second. */
    private static final class Progress {
        private static final int WIDTH = 30;
        private final PrintWriter err;
        private final int total;
        private final boolean shown;
        private final long started = System.nanoTime();
        private int done;
        private long drawn;

        Progress(PrintWriter err, int total, boolean shown) {
            this.err = err;
            this.total = total;
            this.shown = shown;
        }

        void advance(int count) {
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

        void finish() {
            if (shown && done > 0) {
                err.println();
                err.flush();
            }
        }
    }
}
