package dev.graphiti.store.sqlite;

import dev.graphiti.graph.HealthDepth;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The database's checks of itself, at either depth. At 100k items a whole-file quick_check spends most of its time
 * in the FTS5 index's own structure check (it walks every token of the index), integrity_check most of its time
 * looking every row up in each of its indexes (475k entity rows alone), and FTS5's integrity-check tokenizing every
 * item again; the quick depth leaves those three to --full.
 */
final class StoreChecks {

    private StoreChecks() {
    }

    /** Problems found in the file's pages, b-trees and records; empty when there are none. */
    static List<String> integrity(Connection connection, HealthDepth depth) throws SQLException {
        if (depth == HealthDepth.full || number(connection, "PRAGMA auto_vacuum") != 0) {
            // (graphiti never turns auto_vacuum on; its pointer-map pages would upset the page count below)
            return problems(connection, depth == HealthDepth.full ? "PRAGMA integrity_check" : "PRAGMA quick_check");
        }
        List<String> problems = new ArrayList<>();
        // quick_check table by table: b-tree structure, every record, NOT NULL; sqlite_schema's turn covers the freelist.
        for (String table : strings(connection, "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'shadow')")) {
            problems.addAll(problems(connection, "PRAGMA quick_check(\"" + table.replace("\"", "\"\"") + "\")"));
        }
        if (problems.isEmpty()) {
            problems.addAll(pageAccounting(connection));
        }
        return problems;
    }

    /**
     * What a whole-file check adds to the per-table ones: every page of the file is in exactly one b-tree or on the
     * freelist (SQLite never uses the lock-byte page at 1 GiB).
     */
    private static List<String> pageAccounting(Connection connection) throws SQLException {
        long pages = number(connection, "PRAGMA page_count");
        long lockBytePage = (1L << 30) / number(connection, "PRAGMA page_size") + 1;
        long expected = pages - number(connection, "PRAGMA freelist_count") - (pages >= lockBytePage ? 1 : 0);
        try (Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("SELECT COUNT(*), COUNT(DISTINCT pageno) FROM dbstat WHERE schema = 'main'")) {
            row.next();
            long used = row.getLong(1);
            long distinct = row.getLong(2);
            List<String> problems = new ArrayList<>();
            if (used != distinct) {
                problems.add((used - distinct) + " pages are in two b-trees at once");
            }
            if (distinct != expected) {
                problems.add(distinct < expected ? (expected - distinct) + " pages are in no b-tree and not free"
                        : (distinct - expected) + " pages are both free and in use");
            }
            return problems;
        }
    }

    /** Problems with the full-text index; empty when there are none. */
    static List<String> fullText(Connection connection, HealthDepth depth) throws SQLException {
        return depth == HealthDepth.full ? fullTextMatchesItems(connection) : fullTextHoldsItems(connection);
    }

    /** FTS5's own check with rank 1: its structure, and every item tokenized again and compared with the index. */
    private static List<String> fullTextMatchesItems(Connection connection) throws SQLException {
        try {
            Transactions.execute(connection, "INSERT INTO items_fts (items_fts, rank) VALUES ('integrity-check', 1)");
            return List.of();
        } catch (SQLException e) {
            // FTS5 runs its check as a write: a graph opened read-only gets the quick depth's check instead
            return connection.isReadOnly() ? fullTextHoldsItems(connection) : failure(e);
        }
    }

    /** The index holds a document for every item and none for a removed one (its per-document sizes, a row each). */
    private static List<String> fullTextHoldsItems(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("SELECT "
                     + "(SELECT COUNT(*) FROM items i WHERE NOT EXISTS (SELECT 1 FROM items_fts_docsize d WHERE d.id = i.seq)), "
                     + "(SELECT COUNT(*) FROM items_fts_docsize d WHERE NOT EXISTS (SELECT 1 FROM items i WHERE i.seq = d.id))")) {
            row.next();
            List<String> problems = new ArrayList<>();
            if (row.getLong(1) > 0) {
                problems.add(row.getLong(1) + " items are missing from it");
            }
            if (row.getLong(2) > 0) {
                problems.add("it still holds " + row.getLong(2) + " removed items");
            }
            return problems;
        } catch (SQLException e) {
            return failure(e);
        }
    }

    /** The rows a check pragma returns other than "ok" (a file it cannot even read fails the whole check). */
    private static List<String> problems(Connection connection, String pragma) throws SQLException {
        return strings(connection, pragma).stream().filter(row -> !"ok".equals(row)).toList();
    }

    /** FTS5 reports a damaged index by failing; that is its finding (a busy database is not). */
    private static List<String> failure(SQLException e) throws SQLException {
        if (BusyRetry.busy(e)) {
            throw e;
        }
        return List.of(e.getMessage());
    }

    private static List<String> strings(Connection connection, String sql) throws SQLException {
        List<String> values = new ArrayList<>();
        try (Statement statement = connection.createStatement(); ResultSet row = statement.executeQuery(sql)) {
            while (row.next()) {
                values.add(row.getString(1));
            }
        }
        return values;
    }

    private static long number(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet row = statement.executeQuery(sql)) {
            return row.next() ? row.getLong(1) : 0;
        }
    }
}
