package dev.graphiti.cli;

import dev.graphiti.config.ConfigKeys;
import dev.graphiti.graph.ContextAssembler;
import dev.graphiti.graph.ContextSignals;
import dev.graphiti.graph.ContextText;
import dev.graphiti.graph.GraphException;
import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.graph.Scope;
import dev.graphiti.hook.HookInput;
import dev.graphiti.hook.SessionStartClaims;
import dev.graphiti.ingest.git.IndexFreshness;
import dev.graphiti.service.OpenGraph;
import dev.graphiti.toon.TokenCounter;
import java.io.IOException;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * `graphiti context`: what the graphiti://context resource returns (the same assembly), for hooks, with a
 * note when HEAD is not indexed. --format json adds what the resource needs: {text, tokens, budget, items,
 * database, head, head_indexed, unindexed_commits} (the resource starts a background index when HEAD is new).
 */
@Command(name = "context", mixinStandardHelpOptions = true,
        description = "Print the most durable knowledge within a token budget (Markdown).")
final class ContextCommand extends GraphSubcommand {

    @Option(names = "--tokens", paramLabel = "N", description = "Token budget (default: config mcp.context_tokens, 8192).")
    Integer tokens;

    @Option(names = "--session-start", description = "As Claude Code's SessionStart hook: read the hook's JSON on"
            + " stdin and print the context once per session start, however many installs (user, project) run it.")
    boolean sessionStart;

    @Override
    public Integer call() {
        CommandContext context = context();
        if (sessionStart && !firstHookOfItsSessionStart(context)) {
            return 0;
        }
        int budget = tokens != null ? tokens : context.config().getInt(ConfigKeys.MCP_CONTEXT_TOKENS);
        if (budget < 1) {
            throw new InvalidInputException("--tokens must be at least 1, not " + budget);
        }
        TokenCounter counter = context.invocation().tokens().get();
        try (var graph = context.openGraph()) {
            ContextSignals signals = GitSignals.of(context.directory(), graph.location().workTree());
            if (graph.location().scope() == Scope.global) {
                // The global graph is not about the directory it was read from.
                signals = new ContextSignals("the global graph", Optional.empty(), Optional.empty(), signals.files());
            }
            Optional<IndexFreshness> freshness = freshness(graph, signals.head());
            String stale = freshness.filter(fresh -> !fresh.headIndexed())
                    .map(fresh -> "\n> Note: " + fresh.describe() + ".\n").orElse("");
            int left = Math.max(1, budget - (stale.isEmpty() ? 0 : counter.count(stale).claude()));
            ContextText assembled = new ContextAssembler(graph.repository(), piece -> counter.count(piece).claude())
                    .assemble(signals, left);
            // An empty graph gives empty text: the note only qualifies knowledge that is there.
            String text = assembled.text().isEmpty() ? "" : assembled.text() + stale;
            if (context.json()) {
                var json = JsonShapes.JSON.createObjectBuilder().add("text", text).add("tokens", assembled.tokens())
                        .add("budget", budget).add("items", assembled.items())
                        .add("database", graph.location().database().toString());
                JsonShapes.add(json, "head", signals.head());
                json.add("head_indexed", freshness.map(IndexFreshness::headIndexed).orElse(true))
                        .add("unindexed_commits", freshness.map(IndexFreshness::unindexedCommits).orElse(0));
                JsonShapes.print(context.out(), json);
            } else {
                context.out().print(text);
            }
            context.out().flush();
        }
        return 0;
    }

    /**
     * False when another SessionStart hook already printed the context for this session start (graphiti
     * installed for the user and for the project). Without readable hook input, or when the claim cannot be
     * recorded, the context is printed: twice is better than never.
     */
    private static boolean firstHookOfItsSessionStart(CommandContext context) {
        if (context.invocation().environment().interactive()) {
            return true;
        }
        try {
            HookInput input = HookInput.read(context.invocation().stdin());
            return new SessionStartClaims(context.home().resolve("hooks").resolve("session-start"),
                    java.time.Clock.systemUTC()).claim(input);
        } catch (IOException | IllegalArgumentException e) {
            return true;
        }
    }

    /** Whether HEAD is indexed; empty outside git, or when git cannot say (the context is still worth returning). */
    private static Optional<IndexFreshness> freshness(OpenGraph graph, Optional<String> head) {
        try {
            return IndexHealth.freshness(graph, head);
        } catch (GraphException e) {
            return Optional.empty();
        }
    }
}
