package dev.graphiti.store.sqlite;

import dev.graphiti.graph.Entity;
import dev.graphiti.graph.Fingerprint;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.ItemWriter;
import dev.graphiti.graph.Provenance;
import dev.graphiti.graph.ThreadPosition;
import dev.graphiti.store.jdbc.ItemRows;
import dev.graphiti.store.jdbc.Statements;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** The writes of one transaction; SQL failures escape unchecked and make the transaction roll back. */
final class SqliteItemWriter implements ItemWriter {

    private final Connection connection;
    private final Statements statements;
    private final ItemRows rows;

    /** {@code statements} and {@code rows} keep their statements for the transaction: a batch repeats them per item. */
    SqliteItemWriter(Connection connection, Statements statements, ItemRows rows) {
        this.connection = connection;
        this.statements = statements;
        this.rows = rows;
    }

    @Override
    public Optional<KnowledgeItem> get(String id) {
        return first(select("i.id = ?", List.of(id)));
    }

    @Override
    public Optional<KnowledgeItem> findCurrentByFingerprint(String fingerprint) {
        return first(select("i.fingerprint = ? AND i.superseded_by IS NULL ORDER BY i.seq LIMIT 1", List.of(fingerprint)));
    }

    @Override
    public List<KnowledgeItem> findCurrentByTitleKey(Kind kind, String titleKey) {
        return select("i.title_key = ? AND i.kind = ? AND i.superseded_by IS NULL ORDER BY i.seq LIMIT 50",
                List.of(titleKey, kind.name()));
    }

    @Override
    public void insert(KnowledgeItem item, Fingerprint fingerprint, Optional<ThreadPosition> place) {
        update("INSERT INTO items (id, kind, title, title_key, content, tags, entities, source, created_at, "
                        + "valid_until, superseded_by, supersedes, fingerprint, thread, position, flag) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                Arrays.asList(item.id(), item.kind().name(), item.title(), fingerprint.titleKey(), item.content(),
                        String.join(" ", item.tags()), entityText(item.entities()), item.source(),
                        item.createdAt().toEpochMilli(), nullable(item.validUntil().map(Instant::toEpochMilli)),
                        nullable(item.supersededBy()), nullable(item.supersedes()), fingerprint.contentHash(),
                        nullable(place.map(ThreadPosition::thread)), nullable(place.map(ThreadPosition::position)),
                        nullable(item.flag())));
        long seq = seq(item.id());
        writeTags(seq, item.tags());
        writeEntities(seq, item.entities());
    }

    @Override
    public void supersede(String oldId, String newId, Instant at) {
        update("UPDATE items SET superseded_by = ?, valid_until = ? WHERE id = ?", List.of(newId, at.toEpochMilli(), oldId));
    }

    @Override
    public void reinstate(String newId) {
        update("UPDATE items SET superseded_by = NULL, valid_until = NULL WHERE superseded_by = ?", List.of(newId));
    }

    @Override
    public void delete(Collection<String> ids) {
        for (String id : ids) {
            update("DELETE FROM items WHERE id = ?", List.of(id));
        }
    }

    @Override
    public void updateTagsAndEntities(String id, List<String> tags, List<Entity> entities) {
        long seq = seq(id);
        update("UPDATE items SET tags = ?, entities = ? WHERE seq = ?", List.of(String.join(" ", tags), entityText(entities), seq));
        update("DELETE FROM item_tags WHERE seq = ?", List.of(seq));
        update("DELETE FROM item_entities WHERE seq = ?", List.of(seq));
        writeTags(seq, tags);
        writeEntities(seq, entities);
    }

    @Override
    public void setSupersedes(String id, Optional<String> supersedes) {
        update("UPDATE items SET supersedes = ? WHERE id = ?", Arrays.asList(nullable(supersedes), id));
    }

    @Override
    public void addProvenance(String id, Provenance provenance) {
        update("INSERT INTO provenance (seq, former_id, relation, title, source, created_at, recorded_at) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?)",
                List.of(seq(id), provenance.formerId(), provenance.relation(), provenance.title(), provenance.source(),
                        provenance.createdAt().toEpochMilli(), provenance.recordedAt().toEpochMilli()));
    }

    @Override
    public List<Provenance> provenanceOf(String id) {
        try {
            return rows.provenance(id);
        } catch (SQLException e) {
            throw new SqlFailure(e);
        }
    }

    @Override
    public void repoint(String fromId, String toId) {
        update("UPDATE items SET superseded_by = ? WHERE superseded_by = ? AND id <> ?", List.of(toId, fromId, toId));
        update("UPDATE items SET supersedes = ? WHERE supersedes = ? AND id <> ?", List.of(toId, fromId, toId));
    }

    @Override
    public List<List<KnowledgeItem>> duplicateCandidates() {
        List<List<KnowledgeItem>> groups = new ArrayList<>();
        for (List<Object> key : keys("SELECT fingerprint FROM items WHERE superseded_by IS NULL "
                + "GROUP BY fingerprint HAVING COUNT(*) > 1", 1)) {
            groups.add(select("i.fingerprint = ? AND i.superseded_by IS NULL ORDER BY i.seq", key));
        }
        for (List<Object> key : keys("SELECT title_key, kind FROM items WHERE superseded_by IS NULL AND title_key <> '' "
                + "GROUP BY title_key, kind HAVING COUNT(DISTINCT fingerprint) > 1", 2)) {
            groups.add(select("i.title_key = ? AND i.kind = ? AND i.superseded_by IS NULL ORDER BY i.seq", key));
        }
        return groups;
    }

    @Override
    public List<KnowledgeItem> superseded() {
        return select("i.superseded_by IS NOT NULL ORDER BY i.seq", List.of());
    }

    private List<List<Object>> keys(String sql, int columns) {
        List<List<Object>> keys = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement(sql); ResultSet result = statement.executeQuery()) {
            while (result.next()) {
                List<Object> key = new ArrayList<>();
                for (int c = 1; c <= columns; c++) {
                    key.add(result.getObject(c));
                }
                keys.add(key);
            }
            return keys;
        } catch (SQLException e) {
            throw new SqlFailure(e);
        }
    }

    private void writeTags(long seq, List<String> tags) {
        for (String tag : tags) {
            update("INSERT OR IGNORE INTO item_tags (tag, seq) VALUES (?, ?)", List.of(tag, seq));
        }
    }

    private void writeEntities(long seq, List<Entity> entities) {
        for (Entity entity : entities) {
            update("INSERT OR IGNORE INTO item_entities (seq, name, type) VALUES (?, ?, ?)",
                    List.of(seq, entity.name(), entity.type()));
        }
    }

    private static String entityText(List<Entity> entities) {
        return entities.stream().map(Entity::name).collect(Collectors.joining(" "));
    }

    private long seq(String id) {
        try {
            PreparedStatement statement = statements.bind("SELECT seq FROM items WHERE id = ?", List.of(id));
            try (ResultSet result = statement.executeQuery()) {
                if (!result.next()) {
                    throw new IllegalStateException("no item " + id);
                }
                return result.getLong(1);
            } finally {
                statements.release(statement);
            }
        } catch (SQLException e) {
            throw new SqlFailure(e);
        }
    }

    private List<KnowledgeItem> select(String condition, List<Object> parameters) {
        try {
            return rows.items("SELECT " + ItemRows.COLUMNS + " FROM items i WHERE " + condition, parameters);
        } catch (SQLException e) {
            throw new SqlFailure(e);
        }
    }

    private void update(String sql, List<Object> parameters) {
        try {
            PreparedStatement statement = statements.bind(sql, parameters);
            try {
                statement.executeUpdate();
            } finally {
                statements.release(statement);
            }
        } catch (SQLException e) {
            throw new SqlFailure(e);
        }
    }

    private static Object nullable(Optional<?> value) {
        return value.orElse(null);
    }

    private static <T> Optional<T> first(List<T> list) {
        return list.isEmpty() ? Optional.empty() : Optional.of(list.get(0));
    }

    /** Carries a SQLException out of the unchecked writer interface; unwrapped by the repository. */
    static final class SqlFailure extends RuntimeException {
        SqlFailure(SQLException cause) {
            super(cause);
        }

        @Override
        public synchronized SQLException getCause() {
            return (SQLException) super.getCause();
        }
    }
}
