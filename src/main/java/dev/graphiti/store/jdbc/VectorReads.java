package dev.graphiti.store.jdbc;

import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.QuantizedVector;
import dev.graphiti.graph.Scope;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a semantic search reads beside the vectors, the same in both stores but for how a list of ids is spelled
 * (the dialect's {@link ItemDialect#oneOf}): the items found, the dates of those a filter lets pass, and the vectors
 * of given items. Each store runs these inside its own retries.
 */
public final class VectorReads {

    private final Connection connection;
    private final Statements statements;
    private final ItemRows rows;
    private final ItemDialect dialect;

    public VectorReads(Connection connection, Scope scope, ItemDialect dialect) {
        this.connection = connection;
        this.statements = Statements.perUse(connection);
        this.rows = new ItemRows(statements, scope, dialect);
        this.dialect = dialect;
    }

    /** The items {@code ids} that {@code filter} lets pass, by id. */
    public Map<String, KnowledgeItem> items(Collection<String> ids, ItemFilter filter) throws SQLException {
        SqlFilter sql = passingIds(ids, filter);
        Map<String, KnowledgeItem> found = new HashMap<>();
        for (KnowledgeItem item : rows.items("SELECT " + ItemRows.COLUMNS + " FROM items i WHERE " + sql.condition(),
                sql.parameters())) {
            found.put(item.id(), item);
        }
        return found;
    }

    /** When each of the items {@code ids} that {@code filter} lets pass was made, by id. */
    public Map<String, Instant> passing(Collection<String> ids, ItemFilter filter) throws SQLException {
        SqlFilter sql = passingIds(ids, filter);
        Map<String, Instant> found = new HashMap<>();
        try (PreparedStatement statement = Statements.prepare(connection, "SELECT i.id, i.created_at FROM items i WHERE "
                + sql.condition(), sql.parameters());
             ResultSet row = statement.executeQuery()) {
            while (row.next()) {
                found.put(row.getString(1), Instant.ofEpochMilli(row.getLong(2)));
            }
        }
        return found;
    }

    /** The passages' vectors of the items {@code ids}, in passage order, when they were made with {@code model}. */
    public Map<String, List<QuantizedVector>> vectors(String model, Collection<String> ids) throws SQLException {
        Map<String, List<QuantizedVector>> found = new HashMap<>();
        if (!model.equals(VectorRows.storedModel(connection))) {
            return found;
        }
        SqlFilter among = dialect.oneOf(statements, "i.id", "text", ids);
        try (PreparedStatement statement = Statements.prepare(connection, "SELECT i.id, v.scale, v.vector FROM items i "
                + "JOIN item_vectors v ON v.seq = i.seq WHERE " + among.condition() + " ORDER BY v.seq, v.chunk",
                among.parameters());
             ResultSet row = statement.executeQuery()) {
            while (row.next()) {
                found.computeIfAbsent(row.getString(1), id -> new ArrayList<>())
                        .add(new QuantizedVector(row.getFloat(2), row.getBytes(3)));
            }
        }
        return found;
    }

    private SqlFilter passingIds(Collection<String> ids, ItemFilter filter) throws SQLException {
        SqlFilter among = dialect.oneOf(statements, "i.id", "text", ids);
        SqlFilter sql = SqlFilter.of(filter, dialect.spelling().current());
        List<Object> parameters = new ArrayList<>(among.parameters());
        parameters.addAll(sql.parameters());
        return new SqlFilter(among.condition() + " AND " + sql.condition(), parameters);
    }
}
