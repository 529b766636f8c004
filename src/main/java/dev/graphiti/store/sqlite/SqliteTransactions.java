package dev.graphiti.store.sqlite;

import dev.graphiti.store.jdbc.GraphTransactions;
import dev.graphiti.store.jdbc.SqlWork;
import java.sql.Connection;

/** A graph's work on SQLite: retried while another process holds the file's lock; a write is BEGIN IMMEDIATE. */
final class SqliteTransactions implements GraphTransactions {

    private final Connection connection;
    private final BusyRetry retry;

    SqliteTransactions(Connection connection, BusyRetry retry) {
        this.connection = connection;
        this.retry = retry;
    }

    @Override
    public <T> T read(SqlWork<T> work) {
        return retry.run(work::run);
    }

    @Override
    public <T> T write(SqlWork<T> work) {
        return retry.run(() -> Transactions.immediate(connection, work::run));
    }
}
