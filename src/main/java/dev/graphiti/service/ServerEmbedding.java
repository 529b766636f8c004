package dev.graphiti.service;

import dev.graphiti.embed.BackgroundEmbedding;
import dev.graphiti.embed.E5Encoder;
import dev.graphiti.graph.SemanticSearch;
import dev.graphiti.store.SqliteStore;
import java.io.PrintStream;

/**
 * A long-lived server's semantic search: the e5 model, loaded in the background when first wanted, each graph's
 * vectors opened on a connection of the embedding worker's own. One-shot commands and hooks never build it.
 */
public final class ServerEmbedding {

    private ServerEmbedding() {
    }

    /** @param log where a model that cannot load says why */
    public static SemanticSearch start(PrintStream log) {
        SqliteStore store = SqliteStore.withDefaults();
        // A lambda, not E5Encoder::load: a method reference resolves E5Encoder (and onnxruntime's exception class)
        // when the server starts; the lambda's body only when the model is wanted.
        return new BackgroundEmbedding(store::openVectors, () -> E5Encoder.load(), E5Encoder.MODEL_ID, log);
    }
}
