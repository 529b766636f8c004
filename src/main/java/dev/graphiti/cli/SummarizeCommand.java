package dev.graphiti.cli;

import dev.graphiti.config.ConfigKeys;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.Summary;
import dev.graphiti.service.SummaryService;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * `graphiti summarize`: counts by kind, top entities and the latest decisions, overall or on a topic; the
 * summary sentence is a language model's prose when llm.endpoint is set.
 */
@Command(name = "summarize", mixinStandardHelpOptions = true,
        description = "Summarize the graph, or what it holds on TOPIC.")
final class SummarizeCommand extends GraphSubcommand {

    @Parameters(arity = "0..*", paramLabel = "TOPIC", description = "Restrict to items a search for TOPIC finds.")
    List<String> topic = List.of();

    @Override
    public Integer call() {
        CommandContext context = context();
        Summary summary = new SummaryService(context.graphs(), context.clock(),
                Duration.ofDays(context.config().getInt(ConfigKeys.SEARCH_RECENCY_HALF_LIFE_DAYS)), context.llm(),
                problem -> context.err().println("graphiti: warning: " + problem))
                .summarize(context.location(), topic.isEmpty() ? Optional.empty() : Optional.of(String.join(" ", topic)));
        context.answer(new SummaryAnswer(summary), () -> text(context, summary, context.clock().instant()));
        return 0;
    }

    private static void text(CommandContext context, Summary summary, Instant now) {
        var out = context.out();
        out.println(summary.text());
        if (!summary.topEntities().isEmpty()) {
            out.println();
            out.println("Top entities:");
            TextTable table = new TextTable();
            summary.topEntities().forEach(e -> table.row("  " + e.count(), e.type(), e.name()));
            table.print(out);
        }
        if (!summary.recentDecisions().isEmpty()) {
            out.println();
            out.println("Latest decisions:");
            TextTable table = new TextTable();
            for (KnowledgeItem item : summary.recentDecisions()) {
                table.row("  " + item.id(), RelativeTime.since(item.createdAt(), now), item.title());
            }
            table.print(out);
        }
    }
}
