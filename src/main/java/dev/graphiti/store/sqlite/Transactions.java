package dev.graphiti.store.sqlite;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Explicit transactions on an auto-commit connection. BEGIN IMMEDIATE takes the write lock up front, so a
 * transaction never has to upgrade a read lock (the upgrade is what fails at once with "database is locked").
 */
final class Transactions {

    private Transactions() {
    }

    @FunctionalInterface
    interface SqlWork<T> {
        T run() throws SQLException;
    }

    static <T> T immediate(Connection connection, SqlWork<T> work) throws SQLException {
        execute(connection, "BEGIN IMMEDIATE");
        boolean committed = false;
        try {
            T result = work.run();
            execute(connection, "COMMIT");
            committed = true;
            return result;
        } finally {
            if (!committed) {
                rollbackQuietly(connection);
            }
        }
    }

    private static void rollbackQuietly(Connection connection) {
        try {
            execute(connection, "ROLLBACK");
        } catch (SQLException ignored) {
            // no transaction left to roll back (SQLite already did), or the connection is gone
        }
    }

    static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
