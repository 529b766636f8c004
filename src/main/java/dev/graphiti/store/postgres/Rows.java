package dev.graphiti.store.postgres;

import dev.graphiti.graph.ItemBrief;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.Scope;
import dev.graphiti.store.jdbc.ItemRows;
import dev.graphiti.store.jdbc.Statements;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;

/**
 * PostgreSQL's names for the shared row reading ({@link ItemRows} with {@link PostgresDialect}) and its statement
 * helpers, as the full-text search, the item writer and the vector store still call them.
 */
final class Rows {

    static final String COLUMNS = ItemRows.COLUMNS;
    static final String BRIEF_COLUMNS = PostgresDialect.BRIEF_COLUMNS;

    private final ItemRows rows;

    Rows(Connection connection, Scope scope) {
        this(new ItemRows(Statements.perUse(connection), scope, new PostgresDialect()));
    }

    Rows(ItemRows rows) {
        this.rows = rows;
    }

    List<KnowledgeItem> items(String sql, List<Object> parameters) throws SQLException {
        return rows.items(sql, parameters);
    }

    List<ItemBrief> briefs(String sql, List<Object> parameters) throws SQLException {
        return rows.briefs(sql, parameters);
    }

    <T> List<T> query(String sql, List<Object> parameters, int extras, ItemRows.Combine<T> combine) throws SQLException {
        return rows.query(sql, parameters, extras, combine);
    }

    static PreparedStatement prepare(Connection connection, String sql, List<Object> parameters) throws SQLException {
        return Statements.prepare(connection, sql, parameters);
    }

    /** A text array parameter: {@code = ANY (?)} keeps one statement whatever the number of ids. */
    static java.sql.Array texts(Connection connection, Collection<String> values) throws SQLException {
        return connection.createArrayOf("text", values.toArray());
    }
}
