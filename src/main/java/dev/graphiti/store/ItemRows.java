package dev.graphiti.store;

import dev.graphiti.graph.Entity;
import dev.graphiti.graph.ItemBrief;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.Scope;
import dev.graphiti.store.jdbc.Statements;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** Reads items out of result sets; entities come from their own table in one query per batch. */
final class ItemRows {

    static final String COLUMNS = "i.seq, i.id, i.kind, i.title, i.content, i.tags, i.source, i.created_at, "
            + "i.valid_until, i.superseded_by, i.supersedes";
    /** What {@link #briefs} reads: no entities, and the content only as far as a brief's lead. */
    static final String BRIEF_COLUMNS = "i.id, i.kind, i.title, substr(i.content, 1, " + ItemBrief.LEAD_CHARS
            + "), length(i.content) > " + ItemBrief.LEAD_CHARS + ", i.created_at";

    private final Statements statements;
    private final Scope scope;

    ItemRows(Connection connection, Scope scope) {
        this(Statements.perUse(connection), scope);
    }

    private ItemRows(Statements statements, Scope scope) {
        this.statements = statements;
        this.scope = scope;
    }

    /** The same reader on statements kept for a write transaction. */
    ItemRows with(Statements kept) {
        return new ItemRows(kept, scope);
    }

    /** Runs a query selecting {@link #COLUMNS} (plus any extra columns, read by {@code extra}). */
    <T> List<T> query(String sql, List<Object> parameters, Extra<T> extra) throws SQLException {
        List<Long> order = new ArrayList<>();
        List<ResultRow> rows = new ArrayList<>();
        PreparedStatement statement = statements.bind(sql, parameters);
        try (ResultSet resultSet = statement.executeQuery()) {
            while (resultSet.next()) {
                long seq = resultSet.getLong("seq");
                order.add(seq);
                rows.add(new ResultRow(seq, resultSet.getString("id"), resultSet.getString("kind"),
                        resultSet.getString("title"), resultSet.getString("content"), resultSet.getString("tags"),
                        resultSet.getString("source"), resultSet.getLong("created_at"),
                        (Long) resultSet.getObject("valid_until"), resultSet.getString("superseded_by"),
                        resultSet.getString("supersedes"), extra.read(resultSet)));
            }
        } finally {
            statements.release(statement);
        }
        Map<Long, List<Entity>> entities = entities(order);
        List<T> result = new ArrayList<>(rows.size());
        for (ResultRow row : rows) {
            KnowledgeItem item = row.toItem(scope, entities.getOrDefault(row.seq, List.of()));
            result.add(extra.combine(item, row.extra));
        }
        return result;
    }

    List<KnowledgeItem> items(String sql, List<Object> parameters) throws SQLException {
        return query(sql, parameters, Extra.NONE);
    }

    /** Runs a query selecting {@link #BRIEF_COLUMNS}. */
    List<ItemBrief> briefs(String sql, List<Object> parameters) throws SQLException {
        List<ItemBrief> briefs = new ArrayList<>();
        PreparedStatement statement = statements.bind(sql, parameters);
        try (ResultSet row = statement.executeQuery()) {
            while (row.next()) {
                briefs.add(new ItemBrief(row.getString(1), Kind.valueOf(row.getString(2)), row.getString(3),
                        row.getString(4), row.getBoolean(5), Instant.ofEpochMilli(row.getLong(6))));
            }
        } finally {
            statements.release(statement);
        }
        return briefs;
    }

    private Map<Long, List<Entity>> entities(List<Long> seqs) throws SQLException {
        Map<Long, List<Entity>> result = new HashMap<>();
        for (int from = 0; from < seqs.size(); from += 500) {
            List<Long> batch = seqs.subList(from, Math.min(seqs.size(), from + 500));
            // One row per item (name, type pairs joined by control characters no name holds): reading a row
            // through JDBC costs more than SQLite's work, and items have about five entities each.
            String sql = "SELECT seq, group_concat(name || char(31) || type, char(30) ORDER BY name) FROM item_entities"
                    + " WHERE seq IN (" + batch.stream().map(s -> "?").collect(Collectors.joining(", ")) + ") GROUP BY seq";
            PreparedStatement statement = statements.bind(sql, new ArrayList<>(batch));
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    List<Entity> entities = new ArrayList<>();
                    for (String pair : rows.getString(2).split("\u001e")) {
                        int cut = pair.indexOf('\u001f');
                        entities.add(new Entity(pair.substring(0, cut), pair.substring(cut + 1)));
                    }
                    result.put(rows.getLong(1), entities);
                }
            } finally {
                statements.release(statement);
            }
        }
        return result;
    }

    static PreparedStatement prepare(Connection connection, String sql, List<Object> parameters) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        for (int i = 0; i < parameters.size(); i++) {
            statement.setObject(i + 1, parameters.get(i));
        }
        return statement;
    }

    static List<String> tags(String stored) {
        return stored == null || stored.isBlank() ? List.of() : Arrays.asList(stored.split(" "));
    }

    /** Extra columns a query selects beside the item's, and how to pair them with the item. */
    interface Extra<T> {
        Extra<KnowledgeItem> NONE = new Extra<>() {
            @Override
            public Object read(ResultSet row) {
                return null;
            }

            @Override
            public KnowledgeItem combine(KnowledgeItem item, Object extra) {
                return item;
            }
        };

        Object read(ResultSet row) throws SQLException;

        T combine(KnowledgeItem item, Object extra);
    }

    private record ResultRow(long seq, String id, String kind, String title, String content, String tags,
                             String source, long createdAt, Long validUntil, String supersededBy, String supersedes,
                             Object extra) {

        KnowledgeItem toItem(Scope scope, List<Entity> entities) {
            return new KnowledgeItem(id, scope, Kind.valueOf(kind), title, content, ItemRows.tags(tags), source, entities,
                    Instant.ofEpochMilli(createdAt), Optional.ofNullable(validUntil).map(Instant::ofEpochMilli),
                    Optional.ofNullable(supersededBy), Optional.ofNullable(supersedes));
        }
    }
}
