package dev.graphiti.store.sqlite;

import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.QuantizedVector;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.VectorStore;
import dev.graphiti.store.jdbc.Statements;
import dev.graphiti.store.jdbc.VectorReads;
import dev.graphiti.store.jdbc.VectorRows;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** Passage vectors in the graph's own SQLite file (schema 5), on a connection of its own or the graph's. */
final class SqliteVectorStore implements VectorStore {

    private final Connection connection;
    private final BusyRetry retry;
    private final VectorReads reads;
    private final Consumer<Connection> release;

    SqliteVectorStore(Connection connection, Scope scope, BusyRetry retry, Consumer<Connection> release) {
        this.connection = connection;
        this.retry = retry;
        this.reads = new VectorReads(connection, scope, new SqliteDialect());
        this.release = release;
    }

    @Override
    public List<Unembedded> unembedded(String model, long afterSeq, int limit) {
        return retry.run(() -> VectorRows.unembedded(connection, model, afterSeq, limit));
    }

    @Override
    public int unembeddedCount(String model) {
        return retry.run(() -> VectorRows.unembeddedCount(connection, model));
    }

    @Override
    public void put(String model, List<ItemVectors> items) {
        retry.run(() -> Transactions.immediate(connection, () -> {
            if (!model.equals(storedModel())) {
                VectorRows.switchModel(connection, model);
            }
            // An item deleted meanwhile, or embedded by another process first, is skipped.
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO item_vectors (seq, chunk, scale, vector) "
                    + "SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM items WHERE seq = ?) "
                    + "AND NOT EXISTS (SELECT 1 FROM item_vectors WHERE seq = ?1 AND chunk = ?2)")) {
                VectorRows.insert(insert, items);
            }
            return null;
        }));
    }

    @Override
    public VectorState state() {
        return retry.run(() -> VectorRows.state(connection));
    }

    @Override
    public List<StoredVector> after(long afterId, int limit) {
        return retry.run(() -> VectorRows.after(connection, afterId, limit));
    }

    @Override
    public Map<String, KnowledgeItem> items(Collection<String> ids, ItemFilter filter) {
        return ids.isEmpty() ? Map.of() : retry.run(() -> reads.items(ids, filter));
    }

    @Override
    public Map<String, Instant> passing(Collection<String> ids, ItemFilter filter) {
        return ids.isEmpty() ? Map.of() : retry.run(() -> reads.passing(ids, filter));
    }

    @Override
    public Map<Long, QuantizedVector> passages(long[] rows) {
        if (rows.length == 0) {
            return Map.of();
        }
        // One parameter however many rows: a JSON array, so the statement stays short to prepare.
        StringBuilder ids = new StringBuilder(rows.length * 8).append('[');
        for (int i = 0; i < rows.length; i++) {
            ids.append(i == 0 ? "" : ",").append(rows[i]);
        }
        String list = ids.append(']').toString();
        return retry.run(() -> {
            Map<Long, QuantizedVector> found = new HashMap<>(rows.length * 2);
            try (PreparedStatement statement = Statements.prepare(connection, "SELECT id, scale, vector FROM item_vectors "
                    + "WHERE id IN (SELECT value FROM json_each(?))", List.of(list));
                 ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    found.put(row.getLong(1), new QuantizedVector(row.getFloat(2), row.getBytes(3)));
                }
            }
            return found;
        });
    }

    @Override
    public Map<String, List<QuantizedVector>> vectors(String model, Collection<String> ids) {
        return ids.isEmpty() ? Map.of() : retry.run(() -> reads.vectors(model, ids));
    }

    private String storedModel() throws SQLException {
        return VectorRows.storedModel(connection);
    }

    @Override
    public void close() {
        release.accept(connection);
    }
}
