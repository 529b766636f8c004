package dev.graphiti.service;

import dev.graphiti.embed.BackgroundEmbedding;
import dev.graphiti.embed.E5Encoder;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.SemanticSearch;
import dev.graphiti.graph.VectorStore;
import dev.graphiti.store.sqlite.SqliteStore;
import dev.graphiti.store.postgres.PostgresStore;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Predicate;

/**
 * A long-lived server's semantic search: the e5 model, loaded in the background when first wanted, each graph's
 * vectors opened on a connection of the embedding worker's own. One-shot commands and hooks never build it.
 */
public final class ServerEmbedding {

    private ServerEmbedding() {
    }

    /**
     * For graphs wherever the settings in {@code variables} put them (a PostgreSQL store in {@code kept}'s pool).
     * @param log where a model that cannot load says why
     */
    public static SemanticSearch start(PrintStream log, KeptConnections kept, Map<String, String> variables) {
        Optional<PostgresStore> postgres = kept.postgres(variables);
        if (postgres.isPresent()) {
            // A graph in the database is named by its file's path, and that file is never there.
            return start((database, scope) -> postgres.get().openVectors(Graphs.name(database), scope), database -> true, log);
        }
        return start(SqliteStore.withDefaults()::openVectors, Files::exists, log);
    }

    private static SemanticSearch start(BiFunction<Path, Scope, VectorStore> vectors, Predicate<Path> present, PrintStream log) {
        // A lambda, not E5Encoder::load: a method reference resolves E5Encoder (and onnxruntime's exception class)
        // when the server starts; the lambda's body only when the model is wanted.
        return new BackgroundEmbedding(vectors, present, () -> E5Encoder.load(), E5Encoder.MODEL_ID, log);
    }
}
