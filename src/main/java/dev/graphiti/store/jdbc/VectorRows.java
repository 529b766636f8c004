package dev.graphiti.store.jdbc;

import dev.graphiti.graph.QuantizedVector;
import dev.graphiti.graph.VectorStore.ItemVectors;
import dev.graphiti.graph.VectorStore.StoredVector;
import dev.graphiti.graph.VectorStore.Unembedded;
import dev.graphiti.graph.VectorStore.VectorState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The SQL of {@code item_vectors} and {@code vector_model} that both stores run the same: the items not embedded yet,
 * the vectors' state and pages, the model they were made with, and the rows a batch of embedded items becomes (one per
 * passage). Each store runs these inside its own retries and transactions.
 */
public final class VectorRows {

    private static final String UNEMBEDDED = "FROM items i WHERE NOT EXISTS (SELECT 1 FROM item_vectors v WHERE v.seq = i.seq)";

    private VectorRows() {
    }

    /**
     * Adds a row per passage to {@code insert}'s batch and runs it. The store's statement takes (seq, chunk, scale,
     * vector, seq): the item's seq a second time for its check that the item was not deleted meanwhile.
     */
    public static void insert(PreparedStatement insert, List<ItemVectors> items) throws SQLException {
        for (ItemVectors item : items) {
            for (int chunk = 0; chunk < item.passages().size(); chunk++) {
                QuantizedVector vector = item.passages().get(chunk);
                insert.setLong(1, item.seq());
                insert.setInt(2, chunk);
                insert.setFloat(3, vector.scale());
                insert.setBytes(4, vector.values());
                insert.setLong(5, item.seq());
                insert.addBatch();
            }
        }
        insert.executeBatch();
    }

    /** Up to {@code limit} items after {@code afterSeq} without vectors of {@code model} (every item, for another model). */
    public static List<Unembedded> unembedded(Connection connection, String model, long afterSeq, int limit)
            throws SQLException {
        String condition = model.equals(storedModel(connection)) ? UNEMBEDDED + " AND" : "FROM items i WHERE";
        List<Unembedded> found = new ArrayList<>();
        try (PreparedStatement statement = Statements.prepare(connection, "SELECT i.seq, i.kind, i.source, i.title, i.content, i.occasion " + condition
                + " i.seq > ? ORDER BY i.seq LIMIT ?", List.of(afterSeq, limit));
             ResultSet row = statement.executeQuery()) {
            while (row.next()) {
                found.add(new Unembedded(row.getLong(1), row.getString(2), row.getString(3), row.getString(4),
                        row.getString(5), row.getString(6)));
            }
        }
        return found;
    }

    /** How many items have no vectors of {@code model}. */
    public static int unembeddedCount(Connection connection, String model) throws SQLException {
        String condition = model.equals(storedModel(connection)) ? UNEMBEDDED : "FROM items i";
        try (PreparedStatement statement = connection.prepareStatement("SELECT COUNT(*) " + condition);
             ResultSet row = statement.executeQuery()) {
            return row.next() ? row.getInt(1) : 0;
        }
    }

    /** The model, the last vector's id and how many were removed. */
    public static VectorState state(Connection connection) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT model, removed, (SELECT COALESCE(MAX(id), 0) FROM item_vectors) FROM vector_model");
             ResultSet row = statement.executeQuery()) {
            return row.next() ? new VectorState(row.getString(1), row.getLong(3), row.getLong(2))
                    : new VectorState("", 0, 0);
        }
    }

    /** Up to {@code limit} vectors after {@code afterId}, in id order, with their item's id. */
    public static List<StoredVector> after(Connection connection, long afterId, int limit) throws SQLException {
        List<StoredVector> found = new ArrayList<>();
        try (PreparedStatement statement = Statements.prepare(connection,
                "SELECT v.id, i.id, v.scale, v.vector FROM item_vectors v JOIN items i ON i.seq = v.seq "
                        + "WHERE v.id > ? ORDER BY v.id LIMIT ?", List.of(afterId, limit));
             ResultSet row = statement.executeQuery()) {
            while (row.next()) {
                found.add(new StoredVector(row.getLong(1), row.getString(2),
                        new QuantizedVector(row.getFloat(3), row.getBytes(4))));
            }
        }
        return found;
    }

    /** Removes every vector and records {@code model} as the one the next are made with (in the caller's transaction). */
    public static void switchModel(Connection connection, String model) throws SQLException {
        try (Statement delete = connection.createStatement()) {
            delete.execute("DELETE FROM item_vectors");
        }
        try (PreparedStatement statement = connection.prepareStatement("UPDATE vector_model SET model = ?")) {
            statement.setString(1, model);
            statement.executeUpdate();
        }
    }

    /** The model the stored vectors were made with ("" before any). */
    public static String storedModel(Connection connection) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT model FROM vector_model");
             ResultSet row = statement.executeQuery()) {
            return row.next() ? row.getString(1) : "";
        }
    }
}
