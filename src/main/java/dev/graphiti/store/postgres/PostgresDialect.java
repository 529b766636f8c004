package dev.graphiti.store.postgres;

import dev.graphiti.graph.Entity;
import dev.graphiti.graph.ItemBrief;
import dev.graphiti.store.jdbc.ItemDialect;
import dev.graphiti.store.jdbc.LedgerDialect;
import dev.graphiti.store.jdbc.Spelling;
import dev.graphiti.store.jdbc.SqlFilter;
import dev.graphiti.store.jdbc.Statements;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Where PostgreSQL's SQL differs from SQLite's in the pieces both stores share. */
final class PostgresDialect implements ItemDialect, LedgerDialect {

    /** A filter's condition for current items only (PostgreSQL has no unary + on text to steer the planner with). */
    static final String CURRENT = "i.superseded_by IS NULL";
    private static final Spelling SPELLING = Spelling.of(CURRENT, "left(i.content, " + ItemBrief.LEAD_CHARS + ")",
            "strpos", "p.id");
    static final String BRIEF_COLUMNS = SPELLING.briefColumns();

    @Override
    public Spelling spelling() {
        return SPELLING;
    }

    /** One array parameter: {@code = ANY (?)} keeps one statement whatever the number of values. */
    @Override
    public SqlFilter oneOf(Statements statements, String column, String type, Collection<?> values) throws SQLException {
        return new SqlFilter(column + " = ANY (?)", List.of(statements.array(type, values)));
    }

    @Override
    public Map<Long, List<Entity>> entities(Statements statements, List<Long> seqs) throws SQLException {
        Map<Long, List<Entity>> result = new HashMap<>();
        PreparedStatement statement = statements.bind("SELECT seq, name, type FROM item_entities WHERE seq = ANY (?) "
                + "ORDER BY seq, name", List.of(statements.array("bigint", seqs)));
        try (ResultSet row = statement.executeQuery()) {
            while (row.next()) {
                result.computeIfAbsent(row.getLong(1), seq -> new ArrayList<>()).add(new Entity(row.getString(2),
                        row.getString(3)));
            }
        } finally {
            statements.release(statement);
        }
        return result;
    }

    @Override
    public String judged() {
        return "SELECT EXISTS (SELECT 1 FROM ingest_commits WHERE "
                + "sha = ?) OR EXISTS (SELECT 1 FROM ingest_commits WHERE change_key = ?)";
    }

    @Override
    public String recordCommit() {
        return "INSERT INTO ingest_commits (sha, change_key, "
                + "skip_reason, item_id, judged_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING";
    }
}
