package dev.graphiti.store.jdbc;

import dev.graphiti.graph.Anchor;
import dev.graphiti.graph.Ending;
import dev.graphiti.graph.Entity;
import dev.graphiti.graph.ItemWriter;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.PathRename;
import dev.graphiti.graph.Provenance;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The item writes that are the same SQL in both stores: tags and entities replaced, supersession set and repointed,
 * provenance added, the groups compaction may merge, and the superseded items. Each store's writer runs the
 * statements its own way (SQLite: its kept statements; PostgreSQL: after the transaction's locks) and writes tags and
 * entities as its engine does fastest; SQL failures escape unchecked, as its other writes' do.
 */
public abstract class SharedWrites implements ItemWriter {

    private final Connection connection;
    private final String groupOrder;

    /** @param groupOrder how the duplicate groups are ordered ({@code ""}: as the engine groups them) */
    protected SharedWrites(Connection connection, String groupOrder) {
        this.connection = connection;
        this.groupOrder = groupOrder;
    }

    /** Runs one statement of the transaction. */
    protected abstract void update(String sql, List<Object> parameters);

    /** The current and superseded items matching {@code condition} on {@code items i}. */
    protected abstract List<KnowledgeItem> select(String condition, List<Object> parameters);

    /** Runs a read on the transaction's connection. */
    protected abstract <T> T run(SqlWork<T> work);

    /** The row number of item {@code id}. */
    protected abstract long seq(String id);

    protected abstract void writeTags(long seq, List<String> tags);

    protected abstract void writeEntities(long seq, List<Entity> entities);

    /** Inserts {@code anchors} of item {@code seq}, skipping those it has. */
    protected abstract void writeAnchors(long seq, List<Anchor> anchors);

    @Override
    public void addAnchors(String id, List<Anchor> anchors) {
        if (!anchors.isEmpty()) {
            writeAnchors(seq(id), anchors);
        }
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
    public void supersede(String oldId, String newId, Instant at) {
        update("UPDATE items SET superseded_by = ?, valid_until = ? WHERE id = ?", List.of(newId, at.toEpochMilli(), oldId));
    }

    @Override
    public boolean end(String id, Ending ending, Instant at) {
        Optional<KnowledgeItem> item = get(id);
        if (item.isEmpty() || !item.get().current() || item.get().ended().isPresent()) {
            return false;
        }
        update("UPDATE items SET valid_until = ?, ended_by = ?, ended_why = ? WHERE id = ?",
                List.of(at.toEpochMilli(), ending.by(), ending.why(), id));
        return true;
    }

    @Override
    public void reinstate(String newId) {
        update("UPDATE items SET superseded_by = NULL, valid_until = NULL WHERE superseded_by = ?", List.of(newId));
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
    public void renamed(PathRename rename) {
        if (!rename.from().equals(rename.to())) {
            List<Object> values = new ArrayList<>(List.of(rename.from(), rename.to()));
            values.add(rename.at().map(Instant::toEpochMilli).orElse(null));
            update("INSERT INTO path_renames (from_path, to_path, renamed_at) VALUES (?, ?, ?) ON CONFLICT (to_path, from_path)"
                    + " DO UPDATE SET renamed_at = excluded.renamed_at WHERE path_renames.renamed_at IS NULL", values);
        }
    }

    @Override
    public void repoint(String fromId, String toId) {
        update("UPDATE items SET superseded_by = ? WHERE superseded_by = ? AND id <> ?", List.of(toId, fromId, toId));
        update("UPDATE items SET supersedes = ? WHERE supersedes = ? AND id <> ?", List.of(toId, fromId, toId));
    }

    /** Current items sharing their content, then current items of one kind sharing a title with other content. */
    @Override
    public List<List<KnowledgeItem>> duplicateCandidates() {
        List<List<KnowledgeItem>> groups = new ArrayList<>();
        for (List<Object> key : keys("SELECT fingerprint FROM items WHERE superseded_by IS NULL "
                + "GROUP BY fingerprint HAVING COUNT(*) > 1" + groupOrder, 1)) {
            groups.add(select("i.fingerprint = ? AND i.superseded_by IS NULL ORDER BY i.seq", key));
        }
        for (List<Object> key : keys("SELECT title_key, kind FROM items WHERE superseded_by IS NULL AND title_key <> '' "
                + "GROUP BY title_key, kind HAVING COUNT(DISTINCT fingerprint) > 1" + groupOrder, 2)) {
            groups.add(select("i.title_key = ? AND i.kind = ? AND i.superseded_by IS NULL ORDER BY i.seq", key));
        }
        return groups;
    }

    @Override
    public List<KnowledgeItem> superseded() {
        return select("i.superseded_by IS NOT NULL ORDER BY i.seq", List.of());
    }

    private List<List<Object>> keys(String sql, int columns) {
        return run(() -> {
            List<List<Object>> keys = new ArrayList<>();
            try (PreparedStatement statement = connection.prepareStatement(sql);
                 ResultSet result = statement.executeQuery()) {
                while (result.next()) {
                    List<Object> key = new ArrayList<>();
                    for (int c = 1; c <= columns; c++) {
                        key.add(result.getObject(c));
                    }
                    keys.add(key);
                }
            }
            return keys;
        });
    }

    /** The entities' names, as the items row keeps them for full-text search. */
    protected static String entityText(List<Entity> entities) {
        return entities.stream().map(Entity::name).collect(Collectors.joining(" "));
    }

    protected static Object nullable(Optional<?> value) {
        return value.orElse(null);
    }

    protected static <T> Optional<T> first(List<T> list) {
        return list.isEmpty() ? Optional.empty() : Optional.of(list.get(0));
    }

    /** Carries a SQLException out of the unchecked writer interface; unwrapped by the repository. */
    public static final class SqlFailure extends RuntimeException {
        public SqlFailure(SQLException cause) {
            super(cause);
        }

        @Override
        public synchronized SQLException getCause() {
            return (SQLException) super.getCause();
        }
    }
}
