package dev.graphiti.service;

import dev.graphiti.config.Settings;
import dev.graphiti.graph.GraphDatabase;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.GraphStores;
import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.graph.IngestState;
import dev.graphiti.graph.SemanticSearch;
import dev.graphiti.graph.VectorStore;
import java.io.IOException;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Opens graphs: a graph's location in, its database open (created on first use, and kept out of git) out. The one
 * place above the store that opens graphs, in the stores the process's settings chose: SQLite files, or the
 * PostgreSQL database the operator configured (graphiti.store.url or graphiti.store.jndi).
 */
public final class Graphs {

    private final GraphStores stores;
    private final Optional<SemanticSearch> semantics;
    private final Consumer<String> warnings;

    /**
     * @param stores    where graphs are kept (see the store's {@code Stores})
     * @param semantics a server's semantic search, told about every graph opened (and closed) to embed its items
     * @param warnings  where a problem that does not stop the command is told (a sentence without a prefix)
     */
    public Graphs(GraphStores stores, Optional<SemanticSearch> semantics, Consumer<String> warnings) {
        this.stores = stores;
        this.semantics = semantics;
        this.warnings = warnings;
    }

    /** Opens the graph's database, creating it (and keeping it out of git) on first use. */
    public OpenGraph open(GraphLocation location) {
        GraphDatabase database = stores.server().isPresent()
                ? stores.server().get().openGraph(location.database(), location.scope()) : openSqlite(location);
        // Told on opening and again on closing, after the command's writes committed.
        Runnable tell = () -> semantics.ifPresent(search -> search.opened(location.database(), location.scope()));
        tell.run();
        return new OpenGraph(location, database.items(), database.ingest(), database.vectors(), tell);
    }

    /** The graph at {@code location} in its SQLite file (made when absent), whatever the settings say: one side of migrate. */
    public GraphDatabase openSqlite(GraphLocation location) {
        location.workTree().ifPresent(tree -> {
            try {
                tree.excludeGraphiti();
            } catch (IOException e) {
                warnings.accept("could not add .graphiti/ to " + tree.commonDir() + "/info/exclude (" + e.getMessage() + ")");
            }
        });
        return stores.files().openGraph(location.database(), location.scope());
    }

    /** The graph at {@code location} in the configured PostgreSQL database: the other side of migrate. */
    public GraphDatabase openPostgres(GraphLocation location) {
        return stores.server().orElseThrow(() -> new InvalidInputException("no PostgreSQL database is configured: set "
                + Settings.describe(Settings.STORE_URL) + " (or " + Settings.describe(Settings.STORE_JNDI) + ") first"))
                .openGraph(location.database(), location.scope());
    }

    /** Whether the graph at {@code location} was ever made (its file, or its name in the database); makes nothing. */
    public boolean exists(GraphLocation location) {
        return stores.chosen().exists(location.database());
    }

    /** Where the graph at {@code location} is kept, for a message: its file, or its name in the PostgreSQL database. */
    public String where(GraphLocation location) {
        return stores.chosen().where(location.database());
    }

    /** Opens what git indexing and capture remember, in the graph's database file, on a connection of its own. */
    public IngestState openIngest(GraphLocation location) {
        return stores.chosen().openIngest(location.database());
    }

    /** Opens a graph's vectors on a connection of their own (a search's nearest-vector lookup, on its own thread). */
    VectorStore openVectors(GraphLocation location) {
        return stores.chosen().openVectors(location.database(), location.scope());
    }
}
