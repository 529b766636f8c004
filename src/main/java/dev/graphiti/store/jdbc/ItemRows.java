package dev.graphiti.store.jdbc;

import dev.graphiti.graph.Anchor;
import dev.graphiti.graph.Ending;
import dev.graphiti.graph.Entity;
import dev.graphiti.graph.ItemBrief;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.Provenance;
import dev.graphiti.graph.Scope;
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

/**
 * Reads items out of result sets, on either store; entities and anchors come from their own tables in one query each
 * per batch.
 */
public final class ItemRows {

    /** An item's columns, in the order {@link #query} reads them (extra columns follow). */
    public static final String COLUMNS = "i.seq, i.id, i.kind, i.title, i.content, i.tags, i.source, i.created_at, "
            + "i.valid_until, i.superseded_by, i.supersedes, i.flag, i.ended_by, i.ended_why, i.occasion";
    private static final int ITEM_COLUMNS = 15;

    private final Statements statements;
    private final Scope scope;
    private final ItemDialect dialect;

    public ItemRows(Statements statements, Scope scope, ItemDialect dialect) {
        this.statements = statements;
        this.scope = scope;
        this.dialect = dialect;
    }

    /** The same reader on statements kept for a write transaction. */
    public ItemRows with(Statements kept) {
        return new ItemRows(kept, scope, dialect);
    }

    /**
     * Runs a query selecting {@link #COLUMNS} and {@code extras} more columns, handed to {@code combine} with the item
     * (as the driver reads them: an integer may come as Integer or Long).
     */
    public <T> List<T> query(String sql, List<Object> parameters, int extras, Combine<T> combine) throws SQLException {
        List<Row> rows;
        PreparedStatement statement = statements.bind(sql, parameters);
        try (ResultSet row = statement.executeQuery()) {
            rows = rows(row, extras);
        } finally {
            statements.release(statement);
        }
        return items(rows, combine);
    }

    private static List<Row> rows(ResultSet row, int extras) throws SQLException {
        List<Row> rows = new ArrayList<>();
        while (row.next()) {
            long validUntil = row.getLong(9);
            Long until = row.wasNull() ? null : validUntil;
            Object[] extra = new Object[extras];
            for (int column = 0; column < extras; column++) {
                extra[column] = row.getObject(ITEM_COLUMNS + 1 + column);
            }
            rows.add(new Row(row.getLong(1), row.getString(2), row.getString(3), row.getString(4), row.getString(5),
                    row.getString(6), row.getString(7), row.getLong(8), until, row.getString(10), row.getString(11),
                    row.getString(12), row.getString(13), row.getString(14), row.getString(15), extra));
        }
        return rows;
    }

    /** The items of {@code rows} with their entities (one query per batch), each combined with its extra columns. */
    private <T> List<T> items(List<Row> rows, Combine<T> combine) throws SQLException {
        List<Long> seqs = rows.stream().map(Row::seq).toList();
        Map<Long, List<Entity>> entities = seqs.isEmpty() ? Map.of() : dialect.entities(statements, seqs);
        Map<Long, List<Anchor>> anchors = seqs.isEmpty() ? Map.of() : anchors(seqs);
        List<T> result = new ArrayList<>(rows.size());
        for (Row row : rows) {
            result.add(combine.of(row.toItem(scope, entities.getOrDefault(row.seq, List.of()))
                    .withAnchors(anchors.getOrDefault(row.seq, List.of())), row.extra, row.seq));
        }
        return result;
    }

    /** The anchors of the items {@code seqs}, by seq, each item's ordered by kind and value (an item without any: absent). */
    private Map<Long, List<Anchor>> anchors(List<Long> seqs) throws SQLException {
        Map<Long, List<Anchor>> result = new HashMap<>();
        for (int from = 0; from < seqs.size(); from += 500) {
            SqlFilter wanted = dialect.oneOf(statements, "seq", "bigint", seqs.subList(from, Math.min(seqs.size(), from + 500)));
            PreparedStatement statement = statements.bind("SELECT seq, kind, value, origin FROM item_anchors WHERE "
                    + wanted.condition() + " ORDER BY seq, kind, value", wanted.parameters());
            try (ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    result.computeIfAbsent(row.getLong(1), seq -> new ArrayList<>()).add(new Anchor(
                            Anchor.Kind.valueOf(row.getString(2)), row.getString(3), Anchor.Origin.valueOf(row.getString(4))));
                }
            } finally {
                statements.release(statement);
            }
        }
        return result;
    }

    public List<KnowledgeItem> items(String sql, List<Object> parameters) throws SQLException {
        return query(sql, parameters, 0, (item, extra, seq) -> item);
    }

    /** Runs a query selecting the dialect's {@link Spelling#briefColumns}. */
    public List<ItemBrief> briefs(String sql, List<Object> parameters) throws SQLException {
        List<ItemBrief> briefs = new ArrayList<>();
        PreparedStatement statement = statements.bind(sql, parameters);
        try (ResultSet row = statement.executeQuery()) {
            while (row.next()) {
                briefs.add(new ItemBrief(row.getString(1), Kind.valueOf(row.getString(2)), row.getString(3),
                        row.getString(4), row.getBoolean(5), Instant.ofEpochMilli(row.getLong(6)), row.getString(7),
                        row.getBoolean(8)));
            }
        } finally {
            statements.release(statement);
        }
        return briefs;
    }

    /** The provenance recorded on item {@code id}, as it was recorded. */
    public List<Provenance> provenance(String id) throws SQLException {
        String sql = "SELECT p.former_id, p.relation, p.title, p.source, p.created_at, p.recorded_at FROM provenance p "
                + "JOIN items i ON i.seq = p.seq WHERE i.id = ? ORDER BY p.created_at, " + dialect.spelling().provenanceOrder();
        List<Provenance> result = new ArrayList<>();
        PreparedStatement statement = statements.bind(sql, List.of(id));
        try (ResultSet row = statement.executeQuery()) {
            while (row.next()) {
                result.add(new Provenance(row.getString(1), row.getString(2), row.getString(3), row.getString(4),
                        Instant.ofEpochMilli(row.getLong(5)), Instant.ofEpochMilli(row.getLong(6))));
            }
        } finally {
            statements.release(statement);
        }
        return result;
    }

    /** An item's tags as stored: one text, separated by spaces. */
    private static List<String> tags(String stored) {
        return stored == null || stored.isBlank() ? List.of() : Arrays.asList(stored.split(" "));
    }

    /** Pairs an item with the extra columns its query selected (and its seq). */
    @FunctionalInterface
    public interface Combine<T> {
        T of(KnowledgeItem item, Object[] extra, long seq) throws SQLException;
    }

    private record Row(long seq, String id, String kind, String title, String content, String tags, String source,
                       long createdAt, Long validUntil, String supersededBy, String supersedes, String flag,
                       String endedBy, String endedWhy, String occasion, Object[] extra) {

        KnowledgeItem toItem(Scope scope, List<Entity> entities) {
            return new KnowledgeItem(id, scope, Kind.valueOf(kind), title, content, ItemRows.tags(tags), source, entities,
                    Instant.ofEpochMilli(createdAt), Optional.ofNullable(validUntil).map(Instant::ofEpochMilli),
                    Optional.ofNullable(supersededBy), Optional.ofNullable(supersedes), Optional.ofNullable(flag), List.of(),
                    endedBy == null ? Optional.empty() : Optional.of(new Ending(endedBy, endedWhy)), occasion);
        }
    }
}
