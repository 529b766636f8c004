package dev.graphiti.store.postgres;

import dev.graphiti.graph.StoreException;
import dev.graphiti.store.jdbc.RetryLoop;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * Runs work against one graph on PostgreSQL: a failure a concurrent writer caused (serialization failure, deadlock,
 * lock not available) is retried with growing, jittered pauses until a time budget runs out; every other failure
 * becomes a message a person can act on. A write transaction first takes the graph's advisory locks ({@link GraphLock}),
 * so writers of one graph take turns as on SQLite (its deduplication reads then writes), adds only with adds of the
 * same claims, while readers and other graphs go on.
 */
final class Retries {

    /** The first key of graphiti's advisory locks ("grph"); the second is the graph's number. */
    static final int LOCK_SPACE = 0x67727068;

    private final Duration budget;
    private final String graph;
    private final RetryLoop loop;

    Retries(Duration budget, String graph) {
        this.budget = budget;
        this.graph = graph;
        this.loop = new RetryLoop(budget, Retries::contended, this::translate);
    }

    @FunctionalInterface
    interface SqlWork<T> {
        T run() throws SQLException;
    }

    <T> T run(SqlWork<T> work) {
        return loop.run(work::run);
    }

    /** One write transaction holding graph {@code number}'s lock, retried as a whole. */
    <T> T write(Connection connection, int number, SqlWork<T> work) {
        return write(connection, GraphLock.exclusive(number), work);
    }

    /** One write transaction holding {@code lock}, retried as a whole. */
    <T> T write(Connection connection, GraphLock lock, SqlWork<T> work) {
        return transaction(connection, () -> {
            lock.take(connection);
            return work.run();
        });
    }

    /** One transaction, retried as a whole; {@code work} takes its locks first (see {@link GraphLock}). */
    <T> T transaction(Connection connection, SqlWork<T> work) {
        return run(() -> {
            connection.setAutoCommit(false);
            boolean committed = false;
            try {
                T result = work.run();
                connection.commit();
                committed = true;
                return result;
            } finally {
                if (!committed) {
                    rollbackQuietly(connection);
                }
                connection.setAutoCommit(true);
            }
        });
    }

    static boolean contended(SQLException e) {
        String state = e.getSQLState();
        return "40001".equals(state) || "40P01".equals(state) || "55P03".equals(state);
    }

    StoreException translate(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        String reason = e.getMessage();
        String message;
        if (e instanceof PostgresMigrations.Refusal) {
            message = reason;
        } else if (contended(e)) {
            message = "the graph " + graph + " stayed contended for " + budget.toSeconds()
                    + " s while other graphiti processes wrote to it; nothing was changed, try again";
        } else if (state.startsWith("08")) {
            message = "lost the connection to PostgreSQL while working on the graph " + graph + " (" + reason
                    + "); the transaction was not committed, try again";
        } else if (state.equals("53100")) {
            message = "the disk of the PostgreSQL server holding " + graph + " is full; nothing was changed";
        } else if (state.equals("25006")) {
            message = "cannot write the graph " + graph + ": the PostgreSQL server is read-only here (a replica?); nothing"
                    + " was changed";
        } else if (state.startsWith("42501") || state.startsWith("28")) {
            message = "PostgreSQL refused graphiti's user for the graph " + graph + " (" + reason + ")";
        } else {
            message = "database error on the graph " + graph + ": " + reason;
        }
        return new StoreException(message, e);
    }

    static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static void rollbackQuietly(Connection connection) {
        try {
            connection.rollback();
        } catch (SQLException ignored) {
            // the connection is gone; the first error is the one to report
        }
    }
}
