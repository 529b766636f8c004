package dev.graphiti.cli;

import dev.graphiti.config.ConfigKeys;
import dev.graphiti.graph.ContextBuilder;
import dev.graphiti.toon.TokenCounter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** `graphiti context`: what the graphiti://context resource returns, as Markdown, for hooks. */
@Command(name = "context", mixinStandardHelpOptions = true,
        description = "Print the most durable knowledge within a token budget (Markdown).")
final class ContextCommand extends GraphSubcommand {

    @Option(names = "--tokens", paramLabel = "N", description = "Token budget (default: config mcp.context_tokens, 8192).")
    Integer tokens;

    @Override
    public Integer call() {
        CommandContext context = context();
        int budget = tokens != null ? tokens : context.config().getInt(ConfigKeys.MCP_CONTEXT_TOKENS);
        if (budget < 1) {
            throw new dev.graphiti.graph.InvalidInputException("--tokens must be at least 1, not " + budget);
        }
        TokenCounter counter = new TokenCounter();
        try (var graph = context.openGraph()) {
            String stale = staleness(context, graph.location());
            int left = Math.max(1, budget - (stale.isEmpty() ? 0 : counter.count(stale).claude()));
            String text = new ContextBuilder(graph.repository(), piece -> counter.count(piece).claude())
                    .build(graph.location().scope(), left);
            context.out().print(text);
            context.out().print(stale);
            context.out().flush();
        }
        return 0;
    }

    /** A note that the git history since the last index run is missing, or nothing when it is all there. */
    private static String staleness(CommandContext context, dev.graphiti.graph.GraphLocation location) {
        try {
            return IndexHealth.freshness(context, location).filter(fresh -> !fresh.headIndexed())
                    .map(fresh -> "\n> Note: " + fresh.describe() + ".\n").orElse("");
        } catch (dev.graphiti.graph.GraphException e) {
            return ""; // no git, or git failed: the context is still worth returning
        }
    }
}
