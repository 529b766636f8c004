package dev.graphiti.store.postgres;

import dev.graphiti.graph.AddCandidates;
import dev.graphiti.graph.Anchor;
import dev.graphiti.graph.Ending;
import dev.graphiti.graph.Entity;
import dev.graphiti.graph.Fingerprint;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.Provenance;
import dev.graphiti.graph.ThreadPosition;
import dev.graphiti.store.jdbc.SqlWork;
import dev.graphiti.store.jdbc.SharedWrites;
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

/**
 * The writes of one transaction on PostgreSQL; SQL failures escape unchecked and roll the transaction back. The
 * transaction's locks ({@link GraphLock}) are taken before its first statement. A statement is a round trip to the
 * server, which costs both sides more CPU than most of these statements do, so an add reads in one and writes in one.
 */
final class PostgresItemWriter extends SharedWrites {

    /** What an add reads: a row per item and why (1 its content, 2 its title, 3 the item replaced, 4 the new id's). */
    private static final String CANDIDATES = "(SELECT " + Rows.COLUMNS + ", 1 FROM items i WHERE i.fingerprint = ? "
            + "AND i.superseded_by IS NULL ORDER BY i.seq LIMIT 1) UNION ALL (SELECT " + Rows.COLUMNS + ", 2 FROM items i "
            + "WHERE i.title_key = ? AND i.kind = ? AND i.superseded_by IS NULL ORDER BY i.seq LIMIT 50) UNION ALL (SELECT "
            + Rows.COLUMNS + ", 3 FROM items i WHERE i.id = ?) UNION ALL (SELECT " + Rows.COLUMNS + ", 4 FROM items i "
            + "WHERE i.id = ?) ORDER BY 12, 1";

    private final Connection connection;
    private final Rows rows;
    private final GraphLock lock;
    private boolean locked;

    PostgresItemWriter(Connection connection, Rows rows, GraphLock lock) {
        super(connection, " ORDER BY min(seq)"); // groups by their first item: PostgreSQL groups in its plan's order
        this.connection = connection;
        this.rows = rows;
        this.lock = lock;
    }

    /**
     * One statement where asking one by one was three or four round trips. Each part finds at most a row or a few by an
     * index whatever its parameters, so PostgreSQL keeps one generic plan for it (an id array's unknown length made it
     * plan the statement again at every add).
     */
    @Override
    public AddCandidates addCandidates(Kind kind, Fingerprint fingerprint, Optional<String> replaced, String newId) {
        List<KnowledgeItem> sameContent = new ArrayList<>();
        List<KnowledgeItem> sameTitle = new ArrayList<>();
        List<KnowledgeItem> old = new ArrayList<>();
        List<KnowledgeItem> taken = new ArrayList<>();
        sql(() -> rows.query(CANDIDATES, Arrays.asList(fingerprint.contentHash(), fingerprint.titleKey(), kind.name(),
                replaced.orElse(null), newId), 1, (item, extra, seq) -> {
                    List<KnowledgeItem> why = switch (((Number) extra[0]).intValue()) {
                        case 1 -> sameContent;
                        case 2 -> sameTitle;
                        case 3 -> old;
                        default -> taken;
                    };
                    why.add(item);
                    return item;
                }));
        return new AddCandidates(sameContent.stream().findFirst(), sameTitle, old.stream().findFirst(), !taken.isEmpty());
    }

    /** One statement for the item, its tags and its entities. */
    @Override
    public void insert(KnowledgeItem item, Fingerprint fingerprint, Optional<ThreadPosition> place) {
        String insert = "INSERT INTO items (id, kind, title, title_key, content, tags, entities, source, created_at, "
                + "valid_until, superseded_by, supersedes, fingerprint, thread, position, flag, ended_by, ended_why, occasion) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, "
                + "?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq";
        List<Object> parameters = new ArrayList<>(Arrays.asList(item.id(), item.kind().name(), item.title(),
                fingerprint.titleKey(), item.content(), String.join(" ", item.tags()), entityText(item.entities()),
                item.source(), item.createdAt().toEpochMilli(), nullable(item.validUntil().map(Instant::toEpochMilli)),
                nullable(item.supersededBy()), nullable(item.supersedes()), fingerprint.contentHash(),
                nullable(place.map(ThreadPosition::thread)), nullable(place.map(ThreadPosition::position)),
                nullable(item.flag()), nullable(item.ended().map(Ending::by)), nullable(item.ended().map(Ending::why)),
                item.occasion()));
        String sql = insert;
        if (!item.tags().isEmpty() || !item.entities().isEmpty() || !item.anchors().isEmpty()) {
            sql = "WITH item AS (" + insert + ")";
            if (!item.tags().isEmpty()) {
                sql += ", tags AS (INSERT INTO item_tags (tag, seq) SELECT tag, item.seq FROM item, unnest(?::text[]) AS tag "
                        + "ON CONFLICT DO NOTHING)";
                parameters.add(texts(item.tags()));
            }
            if (!item.entities().isEmpty()) {
                sql += ", entities AS (INSERT INTO item_entities (seq, name, type) SELECT item.seq, name, type FROM item, "
                        + "unnest(?::text[], ?::text[]) AS e (name, type) ON CONFLICT DO NOTHING)";
                parameters.add(texts(item.entities().stream().map(Entity::name).toList()));
                parameters.add(texts(item.entities().stream().map(Entity::type).toList()));
            }
            if (!item.anchors().isEmpty()) {
                sql += ", anchors AS (INSERT INTO item_anchors (seq, kind, value, name, origin) SELECT item.seq, kind, value, "
                        + "name, origin FROM item, unnest(?::text[], ?::text[], ?::text[], ?::text[]) AS a (kind, value, name, "
                        + "origin) ON CONFLICT DO NOTHING)";
                parameters.addAll(anchorColumns(item.anchors()));
            }
            sql += " SELECT seq FROM item";
        }
        update(sql, parameters);
    }

    @Override
    public void delete(Collection<String> ids) {
        if (!ids.isEmpty()) {
            sql(() -> {
                try (PreparedStatement statement = connection.prepareStatement("DELETE FROM items WHERE id = ANY (?)")) {
                    statement.setArray(1, Rows.texts(connection, ids));
                    return statement.executeUpdate();
                }
            });
        }
    }

    @Override
    public List<Provenance> provenanceOf(String id) {
        return sql(() -> provenance(connection, id));
    }

    static List<Provenance> provenance(Connection connection, String id) throws SQLException {
        String sql = "SELECT p.former_id, p.relation, p.title, p.source, p.created_at, p.recorded_at FROM provenance p "
                + "JOIN items i ON i.seq = p.seq WHERE i.id = ? ORDER BY p.created_at, p.id";
        List<Provenance> result = new ArrayList<>();
        try (PreparedStatement statement = Rows.prepare(connection, sql, List.of(id));
             ResultSet row = statement.executeQuery()) {
            while (row.next()) {
                result.add(new Provenance(row.getString(1), row.getString(2), row.getString(3), row.getString(4),
                        Instant.ofEpochMilli(row.getLong(5)), Instant.ofEpochMilli(row.getLong(6))));
            }
        }
        return result;
    }

    /** One statement for all of an item's tags (a round trip each would hold the graph's write lock longer). */
    @Override
    protected void writeTags(long seq, List<String> tags) {
        if (!tags.isEmpty()) {
            sql(() -> {
                try (PreparedStatement statement = connection.prepareStatement("INSERT INTO item_tags (tag, seq) "
                        + "SELECT tag, ? FROM unnest(?::text[]) AS tag ON CONFLICT DO NOTHING")) {
                    statement.setLong(1, seq);
                    statement.setArray(2, Rows.texts(connection, tags));
                    return statement.executeUpdate();
                }
            });
        }
    }

    @Override
    protected void writeEntities(long seq, List<Entity> entities) {
        if (!entities.isEmpty()) {
            sql(() -> {
                try (PreparedStatement statement = connection.prepareStatement("INSERT INTO item_entities (seq, name, type) "
                        + "SELECT ?, name, type FROM unnest(?::text[], ?::text[]) AS e (name, type) ON CONFLICT DO NOTHING")) {
                    statement.setLong(1, seq);
                    statement.setArray(2, Rows.texts(connection, entities.stream().map(Entity::name).toList()));
                    statement.setArray(3, Rows.texts(connection, entities.stream().map(Entity::type).toList()));
                    return statement.executeUpdate();
                }
            });
        }
    }

    @Override
    protected void writeAnchors(long seq, List<Anchor> anchors) {
        if (!anchors.isEmpty()) {
            List<Object> parameters = new ArrayList<>(List.of(seq));
            parameters.addAll(anchorColumns(anchors));
            update("INSERT INTO item_anchors (seq, kind, value, name, origin) SELECT ?, kind, value, name, origin FROM "
                    + "unnest(?::text[], ?::text[], ?::text[], ?::text[]) AS a (kind, value, name, origin) ON CONFLICT DO NOTHING",
                    parameters);
        }
    }

    /** The anchors as four text arrays, column by column. */
    private List<Object> anchorColumns(List<Anchor> anchors) {
        return List.of(texts(anchors.stream().map(a -> a.kind().name()).toList()),
                texts(anchors.stream().map(Anchor::value).toList()), texts(anchors.stream().map(Anchor::name).toList()),
                texts(anchors.stream().map(a -> a.origin().name()).toList()));
    }

    private java.sql.Array texts(List<String> values) {
        try {
            return Rows.texts(connection, values);
        } catch (SQLException e) {
            throw new SqlFailure(e);
        }
    }

    @Override
    protected long seq(String id) {
        return sql(() -> {
            try (PreparedStatement statement = Rows.prepare(connection, "SELECT seq FROM items WHERE id = ?", List.of(id));
                 ResultSet result = statement.executeQuery()) {
                if (!result.next()) {
                    throw new IllegalStateException("no item " + id);
                }
                return result.getLong(1);
            }
        });
    }

    @Override
    protected <T> T run(SqlWork<T> work) {
        return sql(work::run);
    }

    @Override
    protected List<KnowledgeItem> select(String condition, List<Object> parameters) {
        return sql(() -> rows.items("SELECT " + Rows.COLUMNS + " FROM items i WHERE " + condition, parameters));
    }

    @Override
    protected void update(String sql, List<Object> parameters) {
        sql(() -> {
            try (PreparedStatement statement = Rows.prepare(connection, sql, parameters)) {
                return statement.execute();
            }
        });
    }

    /** Runs {@code work} after the transaction's locks (taken by the first statement). */
    private <T> T sql(Retries.SqlWork<T> work) {
        try {
            if (!locked) {
                lock.take(connection);
                locked = true;
            }
            return work.run();
        } catch (SQLException e) {
            throw new SqlFailure(e);
        }
    }
}
