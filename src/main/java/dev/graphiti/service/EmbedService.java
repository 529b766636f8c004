package dev.graphiti.service;

import dev.graphiti.embed.E5Encoder;
import dev.graphiti.embed.EmbeddingModel;
import dev.graphiti.graph.EmbeddingJob;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.SemanticSearch;
import dev.graphiti.graph.TextEncoder;
import java.util.Optional;

/**
 * `graphiti embed`: gives every item without vectors its vectors now. Uses a server's model when it has one loaded;
 * otherwise loads the model (about a second) for this run and closes it after.
 */
public final class EmbedService {

    private final Graphs graphs;
    private final Optional<SemanticSearch> semantics;

    public EmbedService(Graphs graphs, Optional<SemanticSearch> semantics) {
        this.graphs = graphs;
        this.semantics = semantics;
    }

    public EmbedReport embed(GraphLocation location, RunProgress progress) {
        long started = System.nanoTime();
        try (OpenGraph graph = graphs.open(location)) {
            int total = graph.vectors().unembeddedCount(EmbeddingModel.CURRENT.id());
            int done = 0;
            if (total > 0) {
                progress.started(total);
                TextEncoder encoder = semantics.flatMap(SemanticSearch::encoder).orElseGet(E5Encoder::load);
                try {
                    done = new EmbeddingJob(encoder.model()).run(graph.vectors(), encoder, progress::advanced,
                            () -> Thread.currentThread().isInterrupted());
                } finally {
                    progress.finished();
                    if (semantics.isEmpty() && encoder instanceof AutoCloseable closeable) {
                        closeQuietly(closeable);
                    }
                }
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            return new EmbedReport(EmbeddingModel.CURRENT.id(), done, graph.vectors().unembeddedCount(EmbeddingModel.CURRENT.id()), seconds);
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception ignored) {
            // the run is done either way
        }
    }
}
