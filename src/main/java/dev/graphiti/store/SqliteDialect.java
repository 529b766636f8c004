package dev.graphiti.store;

import dev.graphiti.store.jdbc.LedgerDialect;

/** Where SQLite's SQL differs from PostgreSQL's in the pieces both stores share. */
final class SqliteDialect implements LedgerDialect {

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
