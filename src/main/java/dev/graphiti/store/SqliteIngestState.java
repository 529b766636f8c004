package dev.graphiti.store;

import dev.graphiti.graph.IngestState;
import dev.graphiti.graph.SkipReason;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The ingest tables (schema 2) on their own connection to the graph's file. Writes are BEGIN IMMEDIATE
 * transactions with busy retry, so several graphiti processes (hooks, the CLI, MCP servers) share them.
 */
final class SqliteIngestState implements IngestState {

    private final Connection connection;
    private final BusyRetry retry;
    private final boolean ownsConnection;
    /** judged runs once per commit of a walk: its statement is prepared once (its result sets closed, so it holds no lock). */
    private final Statements kept;

    /** @param ownsConnection false when the connection is shared with the graph's items, which close it */
    SqliteIngestState(Connection connection, BusyRetry retry, boolean ownsConnection) {
        this.connection = connection;
        this.retry = retry;
        this.ownsConnection = ownsConnection;
        this.kept = Statements.kept(connection);
    }

    @Override
    public List<String> tips(int limit) {
        return retry.run(() -> {
            try (PreparedStatement select = connection.prepareStatement(
                    "SELECT sha FROM ingest_tips ORDER BY recorded_at DESC, ref LIMIT ?")) {
                select.setInt(1, limit);
                List<String> tips = new ArrayList<>();
                try (ResultSet rows = select.executeQuery()) {
                    while (rows.next()) {
                        tips.add(rows.getString(1));
                    }
                }
                return tips;
            }
        });
    }

    @Override
    public boolean judged(String sha, String changeKey) {
        return retry.run(() -> {
            PreparedStatement select = kept.bind("SELECT 1 FROM ingest_commits WHERE sha = ? UNION ALL "
                    + "SELECT 1 FROM ingest_commits WHERE change_key = ? LIMIT 1", List.of(sha, changeKey));
            try (ResultSet rows = select.executeQuery()) {
                return rows.next();
            }
        });
    }

    @Override
    public void record(List<Judged> commits) {
        long now = System.currentTimeMillis();
        retry.run(() -> Transactions.immediate(connection, () -> {
            try (PreparedStatement insert = connection.prepareStatement(
                    "INSERT OR IGNORE INTO ingest_commits (sha, change_key, skip_reason, item_id, judged_at) "
                            + "VALUES (?, ?, ?, ?, ?)")) {
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
        }));
    }

    @Override
    public void recordTip(String ref, String sha) {
        retry.run(() -> Transactions.immediate(connection, () -> {
            upsert("INSERT INTO ingest_tips (ref, sha, recorded_at) VALUES (?, ?, ?) "
                    + "ON CONFLICT (ref) DO UPDATE SET sha = excluded.sha, recorded_at = excluded.recorded_at", ref, sha);
            return null;
        }));
    }

    @Override
    public long position(String sessionId) {
        return retry.run(() -> readPosition(sessionId));
    }

    @Override
    public boolean claim(String sessionId, long expected, long next) {
        return retry.run(() -> Transactions.immediate(connection, () -> {
            if (readPosition(sessionId) != expected) {
                return false;
            }
            upsert("INSERT INTO capture_positions (session, position, updated_at) VALUES (?, ?, ?) "
                    + "ON CONFLICT (session) DO UPDATE SET position = excluded.position, updated_at = excluded.updated_at",
                    sessionId, next);
            return true;
        }));
    }

    private long readPosition(String sessionId) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT position FROM capture_positions WHERE session = ?")) {
            select.setString(1, sessionId);
            try (ResultSet rows = select.executeQuery()) {
                return rows.next() ? rows.getLong(1) : 0L;
            }
        }
    }

    /** Runs an insert-or-update of (key, value, now). */
    private void upsert(String sql, String key, Object value, long now) throws SQLException {
        try (PreparedStatement upsert = connection.prepareStatement(sql)) {
            upsert.setString(1, key);
            upsert.setObject(2, value);
            upsert.setLong(3, now);
            upsert.executeUpdate();
        }
    }

    private void upsert(String sql, String key, Object value) throws SQLException {
        upsert(sql, key, value, System.currentTimeMillis());
    }

    @Override
    public void close() {
        kept.close();
        if (ownsConnection) {
            SqliteStore.closeQuietly(connection);
        }
    }
}
