package dev.graphiti.store.postgres;

import dev.graphiti.graph.IngestState;
import dev.graphiti.graph.SkipReason;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** The git-index ledger and capture positions of one graph on PostgreSQL; writes take the graph's write lock. */
final class PostgresIngestState implements IngestState {

    private final Connection connection;
    private final int graph;
    private final Retries retries;
    private final Runnable release;

    PostgresIngestState(Connection connection, int graph, Retries retries, Runnable release) {
        this.connection = connection;
        this.graph = graph;
        this.retries = retries;
        this.release = release;
    }

    @Override
    public List<String> tips(int limit) {
        return retries.run(() -> {
            List<String> tips = new ArrayList<>();
            try (PreparedStatement select = Rows.prepare(connection,
                    "SELECT sha FROM ingest_tips ORDER BY recorded_at DESC, ref LIMIT ?", List.of(limit));
                 ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    tips.add(rows.getString(1));
                }
            }
            return tips;
        });
    }

    @Override
    public boolean judged(String sha, String changeKey) {
        return retries.run(() -> {
            try (PreparedStatement select = Rows.prepare(connection, "SELECT EXISTS (SELECT 1 FROM ingest_commits WHERE "
                    + "sha = ?) OR EXISTS (SELECT 1 FROM ingest_commits WHERE change_key = ?)", List.of(sha, changeKey));
                 ResultSet rows = select.executeQuery()) {
                return rows.next() && rows.getBoolean(1);
            }
        });
    }

    @Override
    public void record(List<Judged> commits) {
        long now = System.currentTimeMillis();
        retries.write(connection, graph, () -> {
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO ingest_commits (sha, change_key, "
                    + "skip_reason, item_id, judged_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")) {
                for (Judged commit : commits) {
                    insert.setString(1, commit.sha());
                    insert.setString(2, commit.changeKey());
                    SkipReason reason = commit.skipReason();
                    insert.setString(3, reason == null ? null : reason.name());
                    insert.setString(4, commit.itemId());
                    insert.setLong(5, now);
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            return null;
        });
    }

    @Override
    public void recordTip(String ref, String sha) {
        retries.write(connection, graph, () -> upsert("INSERT INTO ingest_tips (ref, sha, recorded_at) VALUES (?, ?, ?) "
                + "ON CONFLICT (ref) DO UPDATE SET sha = excluded.sha, recorded_at = excluded.recorded_at", ref, sha));
    }

    @Override
    public long position(String sessionId) {
        return retries.run(() -> readPosition(sessionId));
    }

    @Override
    public boolean claim(String sessionId, long expected, long next) {
        return retries.write(connection, graph, () -> {
            if (readPosition(sessionId) != expected) {
                return false;
            }
            upsert("INSERT INTO capture_positions (session, position, updated_at) VALUES (?, ?, ?) "
                    + "ON CONFLICT (session) DO UPDATE SET position = excluded.position, updated_at = excluded.updated_at",
                    sessionId, next);
            return true;
        });
    }

    private long readPosition(String sessionId) throws SQLException {
        try (PreparedStatement select = Rows.prepare(connection,
                "SELECT position FROM capture_positions WHERE session = ?", List.of(sessionId));
             ResultSet rows = select.executeQuery()) {
            return rows.next() ? rows.getLong(1) : 0L;
        }
    }

    private Void upsert(String sql, String key, Object value) throws SQLException {
        try (PreparedStatement upsert = Rows.prepare(connection, sql, List.of(key, value, System.currentTimeMillis()))) {
            upsert.executeUpdate();
        }
        return null;
    }

    @Override
    public void close() {
        release.run();
    }
}
