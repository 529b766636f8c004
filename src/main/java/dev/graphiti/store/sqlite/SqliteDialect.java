package dev.graphiti.store.sqlite;

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
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Where SQLite's SQL differs from PostgreSQL's in the pieces both stores share. */
final class SqliteDialect implements ItemDialect, LedgerDialect {

    /**
     * The unary + keeps SQLite from driving the query by the superseded_by index: nearly every item is current, so
     * that index selects everything and forces a sort of the whole table (or, joined with items_fts, one full-text
     * probe per item); created_at order and the full-text match are the selective paths (10k items: list 57 -> 0.4
     * ms, a 12-term file match 5 s -> 1 ms).
     */
    static final String CURRENT = "+i.superseded_by IS NULL";
    private static final Spelling SPELLING = Spelling.of(CURRENT, "substr(i.content, 1, " + ItemBrief.LEAD_CHARS + ")",
            "instr", "p.rowid");
    static final String BRIEF_COLUMNS = SPELLING.briefColumns();

    @Override
    public Spelling spelling() {
        return SPELLING;
    }

    @Override
    public SqlFilter oneOf(Statements statements, String column, String type, Collection<?> values) {
        return new SqlFilter(column + " IN (" + String.join(", ", Collections.nCopies(values.size(), "?")) + ")",
                new ArrayList<>(values));
    }

    /**
     * One row per item (name, type pairs joined by control characters no name holds): reading a row through JDBC
     * costs more than SQLite's work, and items have about five entities each.
     */
    @Override
    public Map<Long, List<Entity>> entities(Statements statements, List<Long> seqs) throws SQLException {
        Map<Long, List<Entity>> result = new HashMap<>();
        for (int from = 0; from < seqs.size(); from += 500) {
            List<Long> batch = seqs.subList(from, Math.min(seqs.size(), from + 500));
            String sql = "SELECT seq, group_concat(name || char(31) || type, char(30) ORDER BY name) FROM item_entities"
                    + " WHERE seq IN (" + String.join(", ", Collections.nCopies(batch.size(), "?")) + ") GROUP BY seq";
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

    @Override
    public String judged() {
        return "SELECT 1 FROM ingest_commits WHERE sha = ? UNION ALL "
                + "SELECT 1 FROM ingest_commits WHERE change_key = ? LIMIT 1";
    }

    @Override
    public String recordCommit() {
        return "INSERT OR IGNORE INTO ingest_commits (sha, change_key, skip_reason, item_id, judged_at) "
                + "VALUES (?, ?, ?, ?, ?)";
    }
}
