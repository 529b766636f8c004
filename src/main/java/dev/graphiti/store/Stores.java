package dev.graphiti.store;

import dev.graphiti.config.StoreSettings;
import dev.graphiti.graph.GraphStore;
import dev.graphiti.graph.GraphStores;
import dev.graphiti.store.postgres.PostgresStore;
import dev.graphiti.store.postgres.ServerDatabase;
import dev.graphiti.store.sqlite.NativeLibrary;
import dev.graphiti.store.sqlite.SqliteStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * Chooses where a process keeps its graphs, from its settings: the one place that names the concrete stores, so the
 * services above see only the graph's {@link GraphStore}. SQLite files always; the operator's PostgreSQL database
 * (graphiti.store.url or graphiti.store.jndi) when configured, pooled in a long-lived process.
 */
public final class Stores {

    /** How long SQLite itself waits for a lock before a write's retries take over. */
    private static final Duration BUSY_TIMEOUT = Duration.ofSeconds(5);

    private Stores() {
    }

    /**
     * The stores {@code settings} (the process's graphiti.store.* settings) configure: PostgreSQL when configured (pooled in a long-lived process, which has {@code kept}), and SQLite.
     * @param retryBudget how long a SQLite write keeps retrying while other processes hold the lock
     * @param kept        the connections a long-lived process keeps between commands, when it does
     */
    public static GraphStores configured(StoreSettings settings, Duration retryBudget,
                                         Optional<KeptConnections> kept) {
        Optional<PostgresStore> server = kept.isPresent() ? kept.get().postgres(settings)
                : ServerDatabase.configured(settings, false);
        return new GraphStores(new SqliteStore(BUSY_TIMEOUT, retryBudget, kept.map(KeptConnections::idle)),
                server.map(GraphStore.class::cast));
    }

    /** SQLite files only, whatever the settings say, on connections of their own. */
    public static GraphStores files(Duration retryBudget) {
        return new GraphStores(new SqliteStore(BUSY_TIMEOUT, retryBudget), Optional.empty());
    }

    /**
     * Where a server's background embedding opens vectors: the pooled PostgreSQL store of {@code kept} when the
     * settings configure one, else SQLite files on connections of the worker's own.
     */
    public static GraphStore forEmbedding(KeptConnections kept, StoreSettings settings) {
        return kept.postgres(settings).<GraphStore>map(store -> store).orElseGet(SqliteStore::withDefaults);
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
}
