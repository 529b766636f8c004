package dev.graphiti.service;

import dev.graphiti.config.GitWorkTree;
import dev.graphiti.graph.GraphException;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.HealthReport;
import dev.graphiti.graph.IngestState;
import dev.graphiti.ingest.git.Git;
import dev.graphiti.ingest.git.GitHistory;
import dev.graphiti.ingest.git.IndexFreshness;
import java.util.Optional;

/**
 * The "index" check of health and the staleness note of context: is the project's HEAD indexed?
 * A stale index is a warning (run `graphiti index`), never a failure.
 */
final class IndexHealth {

    private IndexHealth() {
    }

    /** Empty outside a git work tree (the global graph has no history to index). */
    static Optional<IndexFreshness> freshness(Graphs graphs, GraphLocation location) {
        Optional<GitWorkTree> tree = location.workTree();
        if (tree.isEmpty()) {
            return Optional.empty();
        }
        try (IngestState state = graphs.openIngest(location)) {
            return freshness(tree.get(), Optional.empty(), state);
        }
    }

    /** The same with the graph's ingest state open already, given HEAD when the caller has read it (empty: ask git). */
    static Optional<IndexFreshness> freshness(OpenGraph graph, Optional<String> head) {
        return graph.location().workTree().flatMap(tree -> freshness(tree, head, graph.ingest()));
    }

    private static Optional<IndexFreshness> freshness(GitWorkTree tree, Optional<String> head, IngestState state) {
        GitHistory history = new GitHistory(Git.at(tree.root()));
        return IndexFreshness.of(head.isPresent() ? head : history.head(), history, state);
    }

    static Optional<HealthReport.Check> check(Graphs graphs, GraphLocation location) {
        if (location.workTree().isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(freshness(graphs, location)
                    .map(fresh -> new HealthReport.Check("index",
                            fresh.headIndexed() ? HealthReport.Status.ok : HealthReport.Status.warn, fresh.describe()))
                    .orElse(new HealthReport.Check("index", HealthReport.Status.ok, "the repository has no commits yet")));
        } catch (GraphException e) {
            return Optional.of(new HealthReport.Check("index", HealthReport.Status.warn, e.getMessage()));
        }
    }
}
