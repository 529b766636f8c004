package dev.graphiti.service;

import dev.graphiti.config.Settings;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.InvalidInputException;
import dev.graphiti.graph.IngestState;
import dev.graphiti.graph.SemanticSearch;
import dev.graphiti.graph.VectorStore;
import dev.graphiti.store.GraphDatabase;
import dev.graphiti.store.sqlite.NativeLibrary;
import dev.graphiti.store.sqlite.SqliteStore;
import dev.graphiti.store.postgres.PostgresStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Opens graphs: a graph's location in, its database open (created on first use, and kept out of git) out. The one
 * place above the store that knows where graphs live: SQLite files, or the PostgreSQL database the operator
 * configured (graphiti.store.url or graphiti.store.jndi), where a graph is named by its location's path.
 */
public final class Graphs {

    /** How long SQLite itself waits for a lock before a write's retries take over. */
    private static final Duration BUSY_TIMEOUT = Duration.ofSeconds(5);

    private final SqliteStore store;
    private final Optional<PostgresStore> postgres;
    private final Optional<SemanticSearch> semantics;
    private final Consumer<String> warnings;

    /**
     * @param retryBudget how long a write keeps retrying while other processes hold the lock
     * @param kept        the connections a long-lived process keeps between commands, when it does
     * @param semantics   a server's semantic search, told about every graph opened (and closed) to embed its items
     * @param warnings    where a problem that does not stop the command is told (a sentence without a prefix)
     */
    public Graphs(Duration retryBudget, Optional<KeptConnections> kept, Optional<SemanticSearch> semantics,
                  Consumer<String> warnings) {
        this(retryBudget, kept, semantics, warnings, Optional.empty());
    }

    /**
     * Graphs where the settings in {@code variables} (the process's graphiti.store.* settings, by their environment
     * names) put them: PostgreSQL when configured (pooled in a long-lived process, which has {@code kept}), else SQLite.
     */
    public Graphs(Duration retryBudget, Optional<KeptConnections> kept, Optional<SemanticSearch> semantics,
                  Consumer<String> warnings, Map<String, String> variables) {
        this(retryBudget, kept, semantics, warnings, kept.isPresent() ? kept.get().postgres(variables)
                : ServerDatabase.configured(variables, false));
    }

    private Graphs(Duration retryBudget, Optional<KeptConnections> kept, Optional<SemanticSearch> semantics,
                   Consumer<String> warnings, Optional<PostgresStore> postgres) {
        this.store = new SqliteStore(BUSY_TIMEOUT, retryBudget, kept.map(KeptConnections::idle));
        this.postgres = postgres;
        this.semantics = semantics;
        this.warnings = warnings;
    }

    /**
     * Points SQLite's native library at the copy kept under {@code cache} (see {@link NativeLibrary}) unless the
     * process chose one; only the graphiti program's own process may, since it sets process-wide properties.
     */
    public static void loadNativeLibraryFrom(Path cache) {
        if (System.getProperty(NativeLibrary.PATH_PROPERTY) == null) {
            NativeLibrary.keptIn(cache).ifPresent(library -> {
                System.setProperty(NativeLibrary.PATH_PROPERTY, library.getParent().toString());
                System.setProperty(NativeLibrary.NAME_PROPERTY, library.getFileName().toString());
            });
        }
    }

    /** Opens the graph's database, creating it (and keeping it out of git) on first use. */
    public OpenGraph open(GraphLocation location) {
        GraphDatabase database = postgres.isPresent() ? postgres.get().open(name(location.database()), location.scope())
                : openSqlite(location);
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
        return store.openWithIngest(location.database(), location.scope());
    }

    /** The graph at {@code location} in the configured PostgreSQL database: the other side of migrate. */
    public GraphDatabase openPostgres(GraphLocation location) {
        return postgres.orElseThrow(() -> new InvalidInputException("no PostgreSQL database is configured: set "
                + Settings.describe(Settings.STORE_URL) + " (or " + Settings.describe(Settings.STORE_JNDI) + ") first"))
                .open(name(location.database()), location.scope());
    }

    /** Whether the graph at {@code location} was ever made (its file, or its name in the database); makes nothing. */
    public boolean exists(GraphLocation location) {
        return postgres.isPresent() ? postgres.get().exists(name(location.database())) : Files.exists(location.database());
    }

    /** Where the graph at {@code location} is kept, for a message: its file, or its name in the PostgreSQL database. */
    public String where(GraphLocation location) {
        return location.database() + postgres.map(store -> ", in PostgreSQL at " + store.where()).orElse("");
    }

    /** A graph's name in PostgreSQL: its location's path, as a SQLite file would have it. */
    static String name(Path database) {
        return database.toAbsolutePath().normalize().toString();
    }

    /** Opens what git indexing and capture remember, in the graph's database file, on a connection of its own. */
    public IngestState openIngest(GraphLocation location) {
        return postgres.isPresent() ? postgres.get().openIngest(name(location.database()))
                : store.openIngest(location.database());
    }

    /** Opens a graph's vectors on a connection of their own (a search's nearest-vector lookup, on its own thread). */
    VectorStore openVectors(GraphLocation location) {
        return postgres.isPresent() ? postgres.get().openVectors(name(location.database()), location.scope())
                : store.openVectors(location.database(), location.scope());
    }
}
