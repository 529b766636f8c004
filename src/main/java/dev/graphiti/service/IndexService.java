package dev.graphiti.service;

import dev.graphiti.config.GitWorkTree;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.IngestState;
import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.graph.Scope;
import dev.graphiti.ingest.GraphItemSink;
import dev.graphiti.ingest.git.Git;
import dev.graphiti.ingest.git.GitHistory;
import dev.graphiti.ingest.git.HistoryIndexer;
import dev.graphiti.ingest.git.IndexProgress;
import dev.graphiti.ingest.git.IndexReport;
import dev.graphiti.ingest.git.IndexRequest;
import dev.graphiti.redact.Redactor;
import java.time.Clock;

/** `graphiti index`: turns a project's git history into items, incrementally (commits judged before are skipped). */
public final class IndexService {

    private final Graphs graphs;
    private final Clock clock;
    private final int maxContentBytes;

    public IndexService(Graphs graphs, Clock clock, int maxContentBytes) {
        this.graphs = graphs;
        this.clock = clock;
        this.maxContentBytes = maxContentBytes;
    }

    /** Indexes the history of the project graph's work tree; refuses the global graph, which has no history. */
    public IndexReport index(GraphLocation location, IndexRequest request, IndexProgress progress) {
        if (location.scope() != Scope.project || location.workTree().isEmpty()) {
            throw new InvalidInputException("index reads a git repository's history: run it inside a git work tree"
                    + " (or pass -C DIR), without --global");
        }
        GitWorkTree tree = location.workTree().get();
        Redactor redactor = new Redactor();
        try (OpenGraph graph = graphs.open(location); IngestState state = graphs.openIngest(location)) {
            HistoryIndexer indexer = new HistoryIndexer(new GitHistory(Git.at(tree.root())), state,
                    new GraphItemSink(graph.items(clock, maxContentBytes), redactor), redactor);
            return indexer.index(request, progress);
        }
    }
}
