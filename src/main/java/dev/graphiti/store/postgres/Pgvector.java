package dev.graphiti.store.postgres;

import dev.graphiti.graph.QuantizedVector;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.Optional;

/**
 * pgvector, where the database has it: a graph's passage vectors are also kept in a {@code vector(n)} column,
 * {@code item_vectors.embedding}, with an HNSW index by cosine, so the nearest passages are found in the database
 * rather than in each server's memory. The bytea beside it stays (the same rows, export and migrate read it), so a
 * database without the extension, or a role that may not make it, keeps today's path. The extension's types are
 * qualified by the schema it is installed in (a DBA's choice, or {@code graphiti} when graphiti makes it).
 */
final class Pgvector {

    /** The graph's embedding column: the schema of the vector type and its dimensions. */
    record Column(String schema, int dimensions) {

        /** The cosine distance operator, qualified as an operator of the extension's schema. */
        String distance() {
            return "OPERATOR(" + schema + ".<=>)";
        }

        String type() {
            return schema + ".vector";
        }
    }

    private Pgvector() {
    }

    /** The graph's embedding column (the connection's search_path is the graph's schema), or empty when it has none. */
    static Optional<Column> column(Connection connection) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT n.nspname, a.atttypmod FROM pg_attribute a "
                + "JOIN pg_type t ON t.oid = a.atttypid JOIN pg_namespace n ON n.oid = t.typnamespace "
                + "WHERE a.attrelid = 'item_vectors'::regclass AND a.attname = 'embedding' AND NOT a.attisdropped");
             ResultSet row = statement.executeQuery()) {
            return row.next() ? Optional.of(new Column(row.getString(1), row.getInt(2))) : Optional.empty();
        }
    }

    /**
     * Gives the graph an embedding column of {@code dimensions} with its HNSW index, when the extension is installed or
     * can be (CREATE EXTENSION, which this role may not be allowed: then nothing changes). Inside the caller's write
     * transaction, under the graph's lock; the rows are filled afterwards, outside it ({@link #fill}).
     */
    static Optional<Column> add(Connection connection, int dimensions) throws SQLException {
        Optional<String> schema = extensionSchema(connection);
        if (schema.isEmpty()) {
            return Optional.empty();
        }
        Column column = new Column(schema.get(), dimensions);
        Retries.execute(connection, "ALTER TABLE item_vectors ADD COLUMN embedding " + column.type() + "(" + dimensions + ")");
        Retries.execute(connection, "CREATE INDEX item_vectors_embedding ON item_vectors USING hnsw (embedding "
                + column.schema() + ".vector_cosine_ops)");
        // the rows not in the HNSW index yet, found without reading the table
        Retries.execute(connection, "CREATE INDEX item_vectors_unfilled ON item_vectors (id) WHERE embedding IS NULL");
        return Optional.of(column);
    }

    /**
     * Fills the column of every row that has only its bytea (those just stored, those stored before the column, those
     * a server stopped before filling), a few hundred per statement. An HNSW insert costs milliseconds (4.6 ms here at
     * 384 dimensions), so this runs after the write transaction, not holding the graph's lock that adds wait for.
     */
    static void fill(Connection connection, Column column) throws SQLException {
        while (true) {
            int filled = 0;
            try (PreparedStatement select = connection.prepareStatement("SELECT id, scale, vector FROM item_vectors "
                    + "WHERE embedding IS NULL ORDER BY id LIMIT 256");
                 PreparedStatement update = connection.prepareStatement("UPDATE item_vectors SET embedding = ?::"
                         + column.type() + " WHERE id = ? AND embedding IS NULL");
                 ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    update.setString(1, literal(new QuantizedVector(row.getFloat(2), row.getBytes(3))));
                    update.setLong(2, row.getLong(1));
                    update.addBatch();
                    filled++;
                }
                update.executeBatch();
            }
            if (filled < 256) {
                return;
            }
        }
    }

    /** Whether every row is in the column (then the database can find the nearest alone). */
    static boolean complete(Connection connection) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT NOT EXISTS (SELECT 1 FROM item_vectors WHERE embedding IS NULL)"); ResultSet row = statement.executeQuery()) {
            return row.next() && row.getBoolean(1);
        }
    }

    /** Drops the column (and its index): another model's vectors, of other dimensions, are coming. */
    static void drop(Connection connection) throws SQLException {
        Retries.execute(connection, "ALTER TABLE item_vectors DROP COLUMN IF EXISTS embedding");
    }

    /** The vector's values as pgvector reads them: the int8 values times their scale. */
    static String literal(QuantizedVector vector) {
        byte[] values = vector.values();
        float[] scaled = new float[values.length];
        for (int d = 0; d < values.length; d++) {
            scaled[d] = values[d] * vector.scale();
        }
        return literal(scaled);
    }

    /** A query vector as pgvector reads it. */
    static String literal(float[] vector) {
        StringBuilder text = new StringBuilder(vector.length * 8).append('[');
        for (int d = 0; d < vector.length; d++) {
            if (d > 0) {
                text.append(',');
            }
            text.append(vector[d]);
        }
        return text.append(']').toString();
    }

    /** Whether the extension is installed, or could be made (so a graph without the column would be given one). */
    static boolean available(Connection connection) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT 1 FROM pg_available_extensions WHERE name = 'vector'"); ResultSet row = statement.executeQuery()) {
            return row.next();
        }
    }

    /** The schema the extension is installed in: installed already, or made now when available and allowed. */
    private static Optional<String> extensionSchema(Connection connection) throws SQLException {
        Optional<String> installed = installed(connection);
        if (installed.isPresent()) {
            return installed;
        }
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT 1 FROM pg_available_extensions WHERE name = 'vector'"); ResultSet row = statement.executeQuery()) {
            if (!row.next()) {
                return Optional.empty();
            }
        }
        // A role without the right to create it makes the statement fail: the savepoint keeps the transaction going.
        Savepoint before = connection.setSavepoint();
        try {
            Retries.execute(connection, "CREATE EXTENSION IF NOT EXISTS vector SCHEMA graphiti");
            connection.releaseSavepoint(before);
        } catch (SQLException e) {
            connection.rollback(before);
            return Optional.empty();
        }
        return installed(connection);
    }

    private static Optional<String> installed(Connection connection) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT n.nspname FROM pg_extension e "
                + "JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'vector'");
             ResultSet row = statement.executeQuery()) {
            return row.next() ? Optional.of(row.getString(1)) : Optional.empty();
        }
    }
}
