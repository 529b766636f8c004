package dev.graphiti.store.sqlite;

import dev.graphiti.graph.Anchor;
import dev.graphiti.graph.Ending;
import dev.graphiti.graph.Entity;
import dev.graphiti.graph.Fingerprint;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.Provenance;
import dev.graphiti.graph.ThreadPosition;
import dev.graphiti.store.jdbc.ItemRows;
import dev.graphiti.store.jdbc.SqlWork;
import dev.graphiti.store.jdbc.Statements;
import dev.graphiti.store.jdbc.SharedWrites;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** The writes of one transaction; SQL failures escape unchecked and make the transaction roll back. */
final class SqliteItemWriter extends SharedWrites {

    private final Connection connection;
    private final Statements statements;
    private final ItemRows rows;

    /** {@code statements} and {@code rows} keep their statements for the transaction: a batch repeats them per item. */
    SqliteItemWriter(Connection connection, Statements statements, ItemRows rows) {
        super(connection, "");
        this.connection = connection;
        this.statements = statements;
        this.rows = rows;
    }

    @Override
    public void insert(KnowledgeItem item, Fingerprint fingerprint, Optional<ThreadPosition> place) {
        update("INSERT INTO items (id, kind, title, title_key, content, tags, entities, source, created_at, "
                        + "valid_until, superseded_by, supersedes, fingerprint, thread, position, flag, ended_by, ended_why, "
                        + "occasion) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                Arrays.asList(item.id(), item.kind().name(), item.title(), fingerprint.titleKey(), item.content(),
                        String.join(" ", item.tags()), entityText(item.entities()), item.source(),
                        item.createdAt().toEpochMilli(), nullable(item.validUntil().map(Instant::toEpochMilli)),
                        nullable(item.supersededBy()), nullable(item.supersedes()), fingerprint.contentHash(),
                        nullable(place.map(ThreadPosition::thread)), nullable(place.map(ThreadPosition::position)),
                        nullable(item.flag()), nullable(item.ended().map(Ending::by)),
                        nullable(item.ended().map(Ending::why)), item.occasion()));
        long seq = seq(item.id());
        writeTags(seq, item.tags());
        writeEntities(seq, item.entities());
        writeAnchors(seq, item.anchors());
    }

    @Override
    public void delete(Collection<String> ids) {
        for (String id : ids) {
            update("DELETE FROM items WHERE id = ?", List.of(id));
        }
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
    protected void writeTags(long seq, List<String> tags) {
        for (String tag : tags) {
            update("INSERT OR IGNORE INTO item_tags (tag, seq) VALUES (?, ?)", List.of(tag, seq));
        }
    }

    @Override
    protected void writeEntities(long seq, List<Entity> entities) {
        for (Entity entity : entities) {
            update("INSERT OR IGNORE INTO item_entities (seq, name, type) VALUES (?, ?, ?)",
                    List.of(seq, entity.name(), entity.type()));
        }
    }

    @Override
    protected void writeAnchors(long seq, List<Anchor> anchors) {
        for (Anchor anchor : anchors) {
            update("INSERT OR IGNORE INTO item_anchors (seq, kind, value, name, origin) VALUES (?, ?, ?, ?, ?)",
                    List.of(seq, anchor.kind().name(), anchor.value(), anchor.name(), anchor.origin().name()));
        }
    }

    @Override
    protected long seq(String id) {
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

    @Override
    protected <T> T run(SqlWork<T> work) {
        try {
            return work.run();
        } catch (SQLException e) {
            throw new SqlFailure(e);
        }
    }

    @Override
    protected List<KnowledgeItem> select(String condition, List<Object> parameters) {
        try {
            return rows.items("SELECT " + ItemRows.COLUMNS + " FROM items i WHERE " + condition, parameters);
        } catch (SQLException e) {
            throw new SqlFailure(e);
        }
    }

    @Override
    protected void update(String sql, List<Object> parameters) {
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
}
