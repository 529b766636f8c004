package dev.graphiti.store;

import dev.graphiti.config.StoreSettings;
import dev.graphiti.store.postgres.PostgresStore;
import dev.graphiti.store.postgres.ServerDatabase;
import dev.graphiti.store.sqlite.IdleConnections;
import java.util.Optional;

/**
 * The database connections a long-lived process (an MCP server running a command per tool call) keeps open
 * between commands; a one-shot command has none. Close it when the process is done with its graphs.
 */
public final class KeptConnections implements AutoCloseable {

    private final IdleConnections idle = new IdleConnections();
    /** The operator's PostgreSQL database, when configured: its pool made on first use, closed with this. */
    private Optional<PostgresStore> postgres;

    IdleConnections idle() {
        return idle;
    }

    /** The pooled PostgreSQL store {@code settings} configure (the same for every command). */
    synchronized Optional<PostgresStore> postgres(StoreSettings settings) {
        if (postgres == null) {
            postgres = ServerDatabase.configured(settings, true);
        }
        return postgres;
    }

    @Override
    public void close() {
        idle.close();
        synchronized (this) {
            if (postgres != null) {
                postgres.ifPresent(PostgresStore::close);
            }
        }
    }
}
