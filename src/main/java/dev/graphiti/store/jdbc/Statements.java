package dev.graphiti.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collection;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the store's row readers and writers get their prepared statements: prepared for one use, or kept for one
 * write transaction, in which a bulk write (`graphiti index`, a batch of captured items) runs the same dozen
 * statements for every item; preparing them again each time was a tenth of `graphiti index`'s CPU.
 */
public final class Statements implements AutoCloseable {

    private final Connection connection;
    /** By SQL text; null when every statement is prepared for one use. */
    private final Map<String, PreparedStatement> kept;

    private Statements(Connection connection, Map<String, PreparedStatement> kept) {
        this.connection = connection;
        this.kept = kept;
    }

    public static Statements perUse(Connection connection) {
        return new Statements(connection, null);
    }

    /** Statements kept until {@link #close}; a kept statement's result sets must be closed (that resets it). */
    public static Statements kept(Connection connection) {
        return new Statements(connection, new HashMap<>());
    }

    /** The statement for {@code sql} with {@code parameters} bound; give it back with {@link #release}. */
    public PreparedStatement bind(String sql, List<Object> parameters) throws SQLException {
        PreparedStatement statement = kept == null ? null : kept.get(sql);
        if (statement == null) {
            statement = connection.prepareStatement(sql);
            if (kept != null) {
                kept.put(sql, statement);
            }
        }
        try {
            for (int i = 0; i < parameters.size(); i++) {
                statement.setObject(i + 1, parameters.get(i));
            }
            return statement;
        } catch (SQLException e) {
            release(statement);
            throw e;
        }
    }

    /** An array parameter of SQL type {@code type} (PostgreSQL's {@code = ANY (?)}: one statement whatever the count). */
    public java.sql.Array array(String type, Collection<?> values) throws SQLException {
        return connection.createArrayOf(type, values.toArray());
    }

    /** A statement for one use with {@code parameters} bound (closed again when binding fails). */
    public static PreparedStatement prepare(Connection connection, String sql, List<Object> parameters) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        try {
            for (int i = 0; i < parameters.size(); i++) {
                statement.setObject(i + 1, parameters.get(i));
            }
            return statement;
        } catch (SQLException e) {
            statement.close();
            throw e;
        }
    }

    public void release(PreparedStatement statement) throws SQLException {
        if (kept == null) {
            statement.close();
        }
    }

    @Override
    public void close() {
        if (kept != null) {
            for (PreparedStatement statement : kept.values()) {
                try {
                    statement.close();
                } catch (SQLException ignored) {
                    // the transaction has ended either way; a statement that will not close holds nothing of it
                }
            }
            kept.clear();
        }
    }
}
