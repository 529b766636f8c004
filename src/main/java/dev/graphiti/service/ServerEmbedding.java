package dev.graphiti.service;

import dev.graphiti.embed.BackgroundEmbedding;
import dev.graphiti.embed.E5Encoder;
import dev.graphiti.graph.GraphStore;
import dev.graphiti.graph.SemanticSearch;
import java.io.PrintStream;

/**
 * A long-lived server's semantic search: the e5 model, loaded in the background when first wanted, each graph's
 * vectors opened on a connection of the embedding worker's own. One-shot commands and hooks never build it.
 */
public final class ServerEmbedding {

    private ServerEmbedding() {
    }

    /**
     * For graphs in {@code store} (the store's {@code Stores.forEmbedding}: PostgreSQL's pool when configured).
     * @param log where a model that cannot load says why
     */
    public static SemanticSearch start(PrintStream log, GraphStore store) {
        // A lambda, not E5Encoder::load: a method reference resolves E5Encoder (and onnxruntime's exception class)
        // when the server starts; the lambda's body only when the model is wanted.
        return new BackgroundEmbedding(store::openVectors, store::stillThere, () -> E5Encoder.load(), E5Encoder.MODEL_ID, log);
    }
}
