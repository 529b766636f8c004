package dev.graphiti.service;

import dev.graphiti.graph.ContextAssembler;
import dev.graphiti.graph.ContextSignals;
import dev.graphiti.graph.ContextText;
import dev.graphiti.graph.GraphException;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.Scope;
import dev.graphiti.ingest.git.IndexFreshness;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.function.ToIntFunction;

/**
 * `graphiti context` and the graphiti://context resource: the most durable knowledge within a token budget,
 * focused by what the work tree shows (branch, changed files), with a note when HEAD is not indexed.
 */
public final class ContextService {

    private final Graphs graphs;
    private final ToIntFunction<String> tokens;

    /** @param tokens counts the tokens of a piece of text as the agent's model will */
    public ContextService(Graphs graphs, ToIntFunction<String> tokens) {
        this.graphs = graphs;
        this.tokens = tokens;
    }

    /** The context of the graph at {@code location}, read from {@code directory}, within {@code budget} tokens (at least 1). */
    public SessionContext read(GraphLocation location, Path directory, int budget) {
        return read(location, directory, budget, Optional.empty());
    }

    /** The context as of {@code asOf} (empty: now): what held then. */
    public SessionContext read(GraphLocation location, Path directory, int budget, Optional<Instant> asOf) {
        try (OpenGraph graph = graphs.open(location)) {
            ContextSignals signals = GitSignals.of(directory, location.workTree());
            if (location.scope() == Scope.global) {
                // The global graph is not about the directory it was read from.
                signals = new ContextSignals("the global graph", Optional.empty(), Optional.empty(), signals.files());
            }
            Optional<IndexFreshness> freshness = freshness(graph, signals.head());
            String stale = freshness.filter(fresh -> !fresh.headIndexed())
                    .map(fresh -> "\n> Note: " + fresh.describe() + ".\n").orElse("");
            int left = Math.max(1, budget - (stale.isEmpty() ? 0 : tokens.applyAsInt(stale)));
            ContextText assembled = new ContextAssembler(graph.repository(), tokens).assemble(signals, left, asOf);
            // An empty graph gives empty text: the note only qualifies knowledge that is there.
            String text = assembled.text().isEmpty() ? "" : assembled.text() + stale;
            return new SessionContext(text, assembled.tokens(), budget, assembled.items(), location.database(),
                    signals.head(), freshness.map(IndexFreshness::headIndexed).orElse(true),
                    freshness.map(IndexFreshness::unindexedCommits).orElse(0));
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
