package dev.graphiti.store.postgres;

import dev.graphiti.store.jdbc.GraphTransactions;
import dev.graphiti.store.jdbc.SqlWork;
import java.sql.Connection;

/** A graph's work on PostgreSQL: retried when a concurrent writer made it fail; a write holds the graph's lock. */
final class PostgresTransactions implements GraphTransactions {

    private final Connection connection;
    private final int graph;
    private final Retries retries;

    PostgresTransactions(Connection connection, int graph, Retries retries) {
        this.connection = connection;
        this.graph = graph;
        this.retries = retries;
    }

    @Override
    public <T> T read(SqlWork<T> work) {
        return retries.run(work::run);
    }

    @Override
    public <T> T write(SqlWork<T> work) {
        return retries.write(connection, graph, work::run);
    }
}
