package dev.graphiti.store.postgres;

import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.QuantizedVector;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.VectorIndex;
import dev.graphiti.graph.VectorStore;
import dev.graphiti.store.jdbc.SqlFilter;
import dev.graphiti.store.jdbc.VectorRows;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Passage vectors of one graph on PostgreSQL: int8 values and a scale per passage in a bytea, as on SQLite, so the
 * graph's own index ranks them in memory (the same code, the same scores, on any PostgreSQL); where pgvector is
 * installed (or can be) also in a vector column with an HNSW index, and the nearest are found in the database
 * ({@link Pgvector}).
 */
final class PostgresVectorStore implements VectorStore {

    private static final String UNEMBEDDED = "FROM items i WHERE NOT EXISTS (SELECT 1 FROM item_vectors v WHERE v.seq = i.seq)";

    private final Connection connection;
    private final int graph;
    private final Retries retries;
    private final Rows rows;
    private final Runnable release;

    PostgresVectorStore(Connection connection, int graph, Scope scope, Retries retries, Runnable release) {
        this.connection = connection;
        this.graph = graph;
        this.retries = retries;
        this.rows = new Rows(connection, scope);
        this.release = release;
    }

    @Override
    public List<Unembedded> unembedded(String model, long afterSeq, int limit) {
        return retries.run(() -> {
            String condition = model.equals(storedModel()) ? UNEMBEDDED + " AND" : "FROM items i WHERE";
            List<Unembedded> found = new ArrayList<>();
            try (PreparedStatement statement = Rows.prepare(connection, "SELECT i.seq, i.kind, i.source, i.title, i.content " + condition
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
        return retries.run(() -> {
            String condition = model.equals(storedModel()) ? UNEMBEDDED : "FROM items i";
            try (PreparedStatement statement = connection.prepareStatement("SELECT COUNT(*) " + condition);
                 ResultSet row = statement.executeQuery()) {
                return row.next() ? row.getInt(1) : 0;
            }
        });
    }

    /**
     * Stores the batch beside the adds, holding the graph's lock shared ({@link GraphLock#shared}): a row is an item's
     * vector, which no add reads, and storing it twice stores it once. A batch that switches the graph to another
     * model (removing every vector) or makes or remakes the pgvector column holds the graph alone, as a delete does.
     */
    @Override
    public void put(String model, List<ItemVectors> items) {
        int dimensions = items.stream().flatMap(item -> item.passages().stream()).findFirst()
                .map(vector -> vector.values().length).orElse(0);
        Optional<Optional<Pgvector.Column>> beside = retries.write(connection, GraphLock.shared(graph), () -> {
            if (!model.equals(storedModel())) {
                return Optional.empty();
            }
            Optional<Pgvector.Column> column = Pgvector.column(connection);
            boolean settled = dimensions == 0 || (column.isPresent() ? column.get().dimensions() == dimensions
                    : !Pgvector.available(connection));
            if (!settled) {
                return Optional.empty();
            }
            insert(items);
            return Optional.of(column);
        });
        Optional<Pgvector.Column> column = beside.isPresent() ? beside.get() : retries.write(connection, graph, () -> {
            if (!model.equals(storedModel())) {
                Retries.execute(connection, "DELETE FROM item_vectors");
                try (PreparedStatement statement = connection.prepareStatement("UPDATE vector_model SET model = ?")) {
                    statement.setString(1, model);
                    statement.executeUpdate();
                }
            }
            Optional<Pgvector.Column> made = embeddingColumn(dimensions);
            insert(items);
            return made;
        });
        if (column.isPresent()) {
            retries.run(() -> {
                Pgvector.fill(connection, column.get());
                return null;
            });
        }
    }

    /** An item deleted meanwhile, or embedded by another process first, is skipped. */
    private void insert(List<ItemVectors> items) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO item_vectors (seq, chunk, scale, vector) "
                + "SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM items WHERE seq = ?) ON CONFLICT (seq, chunk) DO NOTHING")) {
            VectorRows.insert(insert, items);
        }
    }

    /**
     * The pgvector column these vectors also go to (filled after the transaction): the graph's, made now when pgvector
     * is there (or can be), made again when a model of other dimensions replaced the vectors; empty without pgvector.
     */
    private Optional<Pgvector.Column> embeddingColumn(int dimensions) throws SQLException {
        Optional<Pgvector.Column> column = Pgvector.column(connection);
        if (dimensions == 0 || column.map(c -> c.dimensions() == dimensions).orElse(false)) {
            return column;
        }
        if (column.isPresent()) {
            Pgvector.drop(connection);
        }
        return Pgvector.add(connection, dimensions);
    }

    @Override
    public boolean findsNearest() {
        return retries.run(() -> Pgvector.column(connection).isPresent() && Pgvector.complete(connection));
    }

    /**
     * The nearest passages by the HNSW index (cosine distance), then each item by its best: twice as many passages
     * as items are asked for, since an item may have several. The index finds at most hnsw.ef_search rows, so that
     * is raised to the rows asked for (pgvector allows 1000).
     */
    @Override
    public Optional<List<VectorIndex.Nearest>> nearest(String model, float[] query, int limit) {
        return retries.run(() -> {
            Optional<Pgvector.Column> column = Pgvector.column(connection);
            if (column.isEmpty()) {
                return Optional.empty();
            }
            if (!model.equals(storedModel()) || query.length != column.get().dimensions()) {
                return Optional.of(List.of());
            }
            int rows = Math.min(1000, Math.max(40, limit * 2));
            Retries.execute(connection, "SET hnsw.ef_search = " + rows);
            String distance = "embedding " + column.get().distance() + " ?::" + column.get().type();
            Map<String, Double> best = new LinkedHashMap<>();
            try (PreparedStatement statement = connection.prepareStatement("SELECT i.id, n.distance FROM (SELECT seq, "
                    + distance + " AS distance FROM item_vectors ORDER BY " + distance + " LIMIT ?) n "
                    + "JOIN items i ON i.seq = n.seq ORDER BY n.distance")) {
                String vector = Pgvector.literal(query);
                statement.setString(1, vector);
                statement.setString(2, vector);
                statement.setInt(3, rows);
                try (ResultSet row = statement.executeQuery()) {
                    while (row.next() && best.size() < limit) {
                        best.putIfAbsent(row.getString(1), 1 - row.getDouble(2));
                    }
                }
            }
            List<VectorIndex.Nearest> nearest = new ArrayList<>(best.size());
            best.forEach((item, cosine) -> nearest.add(new VectorIndex.Nearest(item, cosine)));
            return Optional.of(nearest);
        });
    }

    @Override
    public VectorState state() {
        return retries.run(() -> {
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
        return retries.run(() -> {
            List<StoredVector> found = new ArrayList<>();
            try (PreparedStatement statement = Rows.prepare(connection,
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
        SqlFilter sql = SqlFilter.of(filter, PostgresItemRepository.CURRENT);
        Map<String, KnowledgeItem> found = new HashMap<>();
        for (KnowledgeItem item : retries.run(() -> rows.items("SELECT " + Rows.COLUMNS + " FROM items i WHERE i.id = ANY (?)"
                + " AND " + sql.condition(), withIds(ids, sql)))) {
            found.put(item.id(), item);
        }
        return found;
    }

    @Override
    public Map<String, Instant> passing(Collection<String> ids, ItemFilter filter) {
        if (ids.isEmpty()) {
            return Map.of();
        }
        SqlFilter sql = SqlFilter.of(filter, PostgresItemRepository.CURRENT);
        return retries.run(() -> {
            Map<String, Instant> found = new HashMap<>();
            try (PreparedStatement statement = Rows.prepare(connection, "SELECT i.id, i.created_at FROM items i WHERE "
                    + "i.id = ANY (?) AND " + sql.condition(), withIds(ids, sql));
                 ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    found.put(row.getString(1), Instant.ofEpochMilli(row.getLong(2)));
                }
            }
            return found;
        });
    }

    @Override
    public Map<Long, QuantizedVector> passages(long[] ids) {
        if (ids.length == 0) {
            return Map.of();
        }
        return retries.run(() -> {
            Map<Long, QuantizedVector> found = new HashMap<>(ids.length * 2);
            try (PreparedStatement statement = connection.prepareStatement(
                    "SELECT id, scale, vector FROM item_vectors WHERE id = ANY (?)")) {
                Long[] boxed = new Long[ids.length];
                for (int i = 0; i < ids.length; i++) {
                    boxed[i] = ids[i];
                }
                statement.setArray(1, connection.createArrayOf("bigint", boxed));
                try (ResultSet row = statement.executeQuery()) {
                    while (row.next()) {
                        found.put(row.getLong(1), new QuantizedVector(row.getFloat(2), row.getBytes(3)));
                    }
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
        return retries.run(() -> {
            Map<String, List<QuantizedVector>> found = new HashMap<>();
            if (!model.equals(storedModel())) {
                return found;
            }
            try (PreparedStatement statement = connection.prepareStatement("SELECT i.id, v.scale, v.vector FROM items i "
                    + "JOIN item_vectors v ON v.seq = i.seq WHERE i.id = ANY (?) ORDER BY v.seq, v.chunk")) {
                statement.setArray(1, Rows.texts(connection, ids));
                try (ResultSet row = statement.executeQuery()) {
                    while (row.next()) {
                        found.computeIfAbsent(row.getString(1), id -> new ArrayList<>())
                                .add(new QuantizedVector(row.getFloat(2), row.getBytes(3)));
                    }
                }
            }
            return found;
        });
    }

    private List<Object> withIds(Collection<String> ids, SqlFilter sql) throws SQLException {
        List<Object> parameters = new ArrayList<>();
        parameters.add(Rows.texts(connection, ids));
        parameters.addAll(sql.parameters());
        return parameters;
    }

    private String storedModel() throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT model FROM vector_model");
             ResultSet row = statement.executeQuery()) {
            return row.next() ? row.getString(1) : "";
        }
    }

    @Override
    public void close() {
        release.run();
    }
}
