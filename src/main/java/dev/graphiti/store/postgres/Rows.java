package dev.graphiti.store.postgres;

import dev.graphiti.graph.Entity;
import dev.graphiti.graph.ItemBrief;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.Scope;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Reads items out of result sets on one connection; entities come from their own table in one query per batch. */
final class Rows {

    static final String COLUMNS = "i.seq, i.id, i.kind, i.title, i.content, i.tags, i.source, i.created_at, "
            + "i.valid_until, i.superseded_by, i.supersedes";
    static final String BRIEF_COLUMNS = "i.id, i.kind, i.title, left(i.content, " + ItemBrief.LEAD_CHARS
            + "), length(i.content) > " + ItemBrief.LEAD_CHARS + ", i.created_at";

    private final Connection connection;
    private final Scope scope;

    Rows(Connection connection, Scope scope) {
        this.connection = connection;
        this.scope = scope;
    }

    /** Runs a query selecting {@link #COLUMNS} and {@code extras} more columns, handed to {@code combine} with the item. */
    <T> List<T> query(String sql, List<Object> parameters, int extras, Combine<T> combine) throws SQLException {
        List<Long> order = new ArrayList<>();
        List<Object[]> rows = new ArrayList<>();
        try (PreparedStatement statement = prepare(connection, sql, parameters); ResultSet row = statement.executeQuery()) {
            while (row.next()) {
                Object[] values = new Object[11 + extras];
                for (int column = 0; column < values.length; column++) {
                    values[column] = row.getObject(column + 1);
                }
                order.add((Long) values[0]);
                rows.add(values);
            }
        }
        Map<Long, List<Entity>> entities = entities(order);
        List<T> result = new ArrayList<>(rows.size());
        for (Object[] values : rows) {
            KnowledgeItem item = new KnowledgeItem((String) values[1], scope, Kind.valueOf((String) values[2]),
                    (String) values[3], (String) values[4], tags((String) values[5]), (String) values[6],
                    entities.getOrDefault((Long) values[0], List.of()), Instant.ofEpochMilli((Long) values[7]),
                    Optional.ofNullable((Long) values[8]).map(Instant::ofEpochMilli), Optional.ofNullable((String) values[9]),
                    Optional.ofNullable((String) values[10]));
            result.add(combine.of(item, Arrays.copyOfRange(values, 11, values.length), (Long) values[0]));
        }
        return result;
    }

    List<KnowledgeItem> items(String sql, List<Object> parameters) throws SQLException {
        return query(sql, parameters, 0, (item, extra, seq) -> item);
    }

    /** Runs a query selecting {@link #BRIEF_COLUMNS}. */
    List<ItemBrief> briefs(String sql, List<Object> parameters) throws SQLException {
        List<ItemBrief> briefs = new ArrayList<>();
        try (PreparedStatement statement = prepare(connection, sql, parameters); ResultSet row = statement.executeQuery()) {
            while (row.next()) {
                briefs.add(new ItemBrief(row.getString(1), Kind.valueOf(row.getString(2)), row.getString(3),
                        row.getString(4), row.getBoolean(5), Instant.ofEpochMilli(row.getLong(6))));
            }
        }
        return briefs;
    }

    private Map<Long, List<Entity>> entities(List<Long> seqs) throws SQLException {
        Map<Long, List<Entity>> result = new HashMap<>();
        if (seqs.isEmpty()) {
            return result;
        }
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT seq, name, type FROM item_entities WHERE seq = ANY (?) ORDER BY seq, name")) {
            statement.setArray(1, connection.createArrayOf("bigint", seqs.toArray()));
            try (ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    result.computeIfAbsent(row.getLong(1), seq -> new ArrayList<>())
                            .add(new Entity(row.getString(2), row.getString(3)));
                }
            }
        }
        return result;
    }

    static PreparedStatement prepare(Connection connection, String sql, List<Object> parameters) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        try {
            for (int i = 0; i < parameters.size(); i++) {
                statement.setObject(i + 1, parameters.get(i));
            }
            return statement;
        } catch (SQLException e) {
            statement.close();
            throw e;
        }
    }

    static String placeholders(int count) {
        return String.join(", ", Collections.nCopies(count, "?"));
    }

    /** A text array parameter: {@code = ANY (?)} keeps one statement whatever the number of ids. */
    static java.sql.Array texts(Connection connection, Collection<String> values) throws SQLException {
        return connection.createArrayOf("text", values.toArray());
    }

    static List<String> tags(String stored) {
        return stored == null || stored.isBlank() ? List.of() : Arrays.asList(stored.split(" "));
    }

    /** Pairs an item with the extra columns its query selected (and its seq). */
    @FunctionalInterface
    interface Combine<T> {
        T of(KnowledgeItem item, Object[] extra, long seq) throws SQLException;
    }
}
