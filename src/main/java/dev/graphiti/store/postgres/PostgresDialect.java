package dev.graphiti.store.postgres;

import dev.graphiti.store.jdbc.LedgerDialect;

/** Where PostgreSQL's SQL differs from SQLite's in the pieces both stores share. */
final class PostgresDialect implements LedgerDialect {

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
