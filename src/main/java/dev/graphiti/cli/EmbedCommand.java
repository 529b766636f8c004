package dev.graphiti.cli;

import dev.graphiti.service.EmbedReport;
import dev.graphiti.service.EmbedService;
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
        EmbedReport report = new EmbedService(context.graphs(), context.invocation().semantics())
                .embed(context.location(), BarProgress.ofLongRun(context));
        int done = report.embedded();
        int remaining = report.remaining();
        context.answer(new EmbedAnswer(report), () -> {
            if (!context.quiet()) {
                context.out().println(done == 0 && remaining == 0 ? "Every item has its vectors."
                        : String.format(Locale.ROOT, "Embedded %d item%s in %.1f s%s.", done, done == 1 ? "" : "s",
                        report.seconds(), remaining == 0 ? "" : "; " + remaining + " left"));
            }
        });
        return 0;
    }
}
