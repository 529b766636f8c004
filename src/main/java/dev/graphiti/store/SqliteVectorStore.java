package dev.graphiti.store;

import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.QuantizedVector;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.VectorStore;
import dev.graphiti.store.jdbc.ItemRows;
import dev.graphiti.store.jdbc.SqlFilter;
import dev.graphiti.store.jdbc.Statements;
import dev.graphiti.store.jdbc.VectorRows;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** Passage vectors in the graph's own SQLite file (schema 5), on a connection of its own or the graph's. */
final class SqliteVectorStore implements VectorStore {

    private static final String UNEMBEDDED = "FROM items i WHERE NOT EXISTS (SELECT 1 FROM item_vectors v WHERE v.seq = i.seq)";

    private final Connection connection;
    private final BusyRetry retry;
    private final ItemRows rows;
    private final Consumer<Connection> release;

    SqliteVectorStore(Connection connection, Scope scope, BusyRetry retry, Consumer<Connection> release) {
        this.connection = connection;
        this.retry = retry;
        this.rows = new ItemRows(Statements.perUse(connection), scope, new SqliteDialect());
        this.release = release;
    }

    @Override
    public List<Unembedded> unembedded(String model, long afterSeq, int limit) {
        return retry.run(() -> {
            String condition = model.equals(storedModel()) ? UNEMBEDDED + " AND" : "FROM items i WHERE";
            List<Unembedded> found = new ArrayList<>();
            try (PreparedStatement statement = Statements.prepare(connection, "SELECT i.seq, i.kind, i.source, i.title, i.content " + condition
                    + " i.seq > ? ORDER BY i.seq LIMIT ?", List.of(afterSeq, limit));
                 ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    found.add(new Unembedded(row.getLong(1), row.getString(2), row.getString(3), row.getString(4),
                            row.getString(5)));
                }
            }
            return found;
        });
    }

    @Override
    public int unembeddedCount(String model) {
        return retry.run(() -> {
            String condition = model.equals(storedModel()) ? UNEMBEDDED : "FROM items i";
            try (PreparedStatement statement = connection.prepareStatement("SELECT COUNT(*) " + condition);
                 ResultSet row = statement.executeQuery()) {
                return row.next() ? row.getInt(1) : 0;
            }
        });
    }

    @Override
    public void put(String model, List<ItemVectors> items) {
        retry.run(() -> Transactions.immediate(connection, () -> {
            if (!model.equals(storedModel())) {
                Transactions.execute(connection, "DELETE FROM item_vectors");
                try (PreparedStatement statement = connection.prepareStatement("UPDATE vector_model SET model = ?")) {
                    statement.setString(1, model);
                    statement.executeUpdate();
                }
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
        return retry.run(() -> {
            try (PreparedStatement statement = connection.prepareStatement(
                    "SELECT model, removed, (SELECT COALESCE(MAX(id), 0) FROM item_vectors) FROM vector_model");
                 ResultSet row = statement.executeQuery()) {
                return row.next() ? new VectorState(row.getString(1), row.getLong(3), row.getLong(2))
                        : new VectorState("", 0, 0);
            }
        });
    }

    @Override
    public List<StoredVector> after(long afterId, int limit) {
        return retry.run(() -> {
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
        });
    }

    @Override
    public Map<String, KnowledgeItem> items(Collection<String> ids, ItemFilter filter) {
        if (ids.isEmpty()) {
            return Map.of();
        }
        SqlFilter sql = SqlFilter.of(filter, SqliteDialect.CURRENT);
        List<Object> parameters = new ArrayList<>(ids);
        parameters.addAll(sql.parameters());
        Map<String, KnowledgeItem> found = new HashMap<>();
        for (KnowledgeItem item : retry.run(() -> rows.items("SELECT " + ItemRows.COLUMNS + " FROM items i WHERE i.id IN ("
                + placeholders(ids.size()) + ") AND " + sql.condition(), parameters))) {
            found.put(item.id(), item);
        }
        return found;
    }

    @Override
    public Map<String, Instant> passing(Collection<String> ids, ItemFilter filter) {
        if (ids.isEmpty()) {
            return Map.of();
        }
        SqlFilter sql = SqlFilter.of(filter, SqliteDialect.CURRENT);
        List<Object> parameters = new ArrayList<>(ids);
        parameters.addAll(sql.parameters());
        return retry.run(() -> {
            Map<String, Instant> found = new HashMap<>();
            try (PreparedStatement statement = Statements.prepare(connection, "SELECT i.id, i.created_at FROM items i WHERE i.id IN ("
                    + placeholders(ids.size()) + ") AND " + sql.condition(), parameters);
                 ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    found.put(row.getString(1), Instant.ofEpochMilli(row.getLong(2)));
                }
            }
            return found;
        });
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
        if (ids.isEmpty()) {
            return Map.of();
        }
        return retry.run(() -> {
            Map<String, List<QuantizedVector>> found = new HashMap<>();
            if (!model.equals(storedModel())) {
                return found;
            }
            try (PreparedStatement statement = Statements.prepare(connection, "SELECT i.id, v.scale, v.vector FROM items i "
                    + "JOIN item_vectors v ON v.seq = i.seq WHERE i.id IN (" + placeholders(ids.size()) + ")", new ArrayList<>(ids));
                 ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    found.computeIfAbsent(row.getString(1), id -> new ArrayList<>())
                            .add(new QuantizedVector(row.getFloat(2), row.getBytes(3)));
                }
            }
            return found;
        });
    }

    private static String placeholders(int count) {
        return String.join(", ", Collections.nCopies(count, "?"));
    }

    private String storedModel() throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT model FROM vector_model");
             ResultSet row = statement.executeQuery()) {
            return row.next() ? row.getString(1) : "";
        }
    }

    @Override
    public void close() {
        release.accept(connection);
    }
}
