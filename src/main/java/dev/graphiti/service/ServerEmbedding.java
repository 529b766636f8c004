package dev.graphiti.service;

import dev.graphiti.embed.BackgroundEmbedding;
import dev.graphiti.embed.E5Encoder;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.SemanticSearch;
import dev.graphiti.graph.VectorStore;
import dev.graphiti.store.SqliteStore;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * A long-lived server's semantic search: the e5 model, loaded in the background when first wanted, each graph's
 * vectors opened on a connection of the embedding worker's own. One-shot commands and hooks never build it.
 */
public final class ServerEmbedding {

    private ServerEmbedding() {
    }

    /** @param log where a model that cannot load says why */
    public static SemanticSearch start(PrintStream log) {
        return start(SqliteStore.withDefaults()::openVectors, log);
    }

    /** The same, for graphs wherever the settings in {@code variables} put them (a PostgreSQL store in {@code kept}'s pool). */
    public static SemanticSearch start(PrintStream log, KeptConnections kept, Map<String, String> variables) {
        return start(kept.postgres(variables).<BiFunction<Path, Scope, VectorStore>>map(
                postgres -> (database, scope) -> postgres.openVectors(Graphs.name(database), scope))
                .orElse(SqliteStore.withDefaults()::openVectors), log);
    }

    private static SemanticSearch start(BiFunction<Path, Scope, VectorStore> vectors, PrintStream log) {
        // A lambda, not E5Encoder::load: a method reference resolves E5Encoder (and onnxruntime's exception class)
        // when the server starts; the lambda's body only when the model is wanted.
        return new BackgroundEmbedding(vectors, () -> E5Encoder.load(), E5Encoder.MODEL_ID, log);
    }
}
