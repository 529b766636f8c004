package dev.graphiti.store.jdbc;

import dev.graphiti.graph.IngestState;
import dev.graphiti.graph.SkipReason;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A graph's git-index ledger and capture positions (tables ingest_commits, ingest_tips, capture_positions) on
 * either store: writes are the store's write transactions, so several processes and servers share them.
 */
public final class IngestLedger implements IngestState {

    /** Shas asked at once by {@link #itemsOf}: well under either engine's limit on parameters. */
    private static final int BATCH = 500;

    private final Connection connection;
    private final GraphTransactions transactions;
    private final LedgerDialect dialect;
    private final Runnable release;
    /** judged runs once per commit of a walk: its statement is prepared once (its result sets closed, so it holds no lock). */
    private final Statements kept;

    /** @param release what closing does with the connection (nothing when the graph's items share and close it) */
    public IngestLedger(Connection connection, GraphTransactions transactions, LedgerDialect dialect, Runnable release) {
        this.connection = connection;
        this.transactions = transactions;
        this.dialect = dialect;
        this.release = release;
        this.kept = Statements.kept(connection);
    }

    @Override
    public List<String> tips(int limit) {
        return transactions.read(() -> {
            List<String> tips = new ArrayList<>();
            try (PreparedStatement select = connection.prepareStatement(
                    "SELECT sha FROM ingest_tips ORDER BY recorded_at DESC, ref LIMIT ?")) {
                select.setInt(1, limit);
                try (ResultSet rows = select.executeQuery()) {
                    while (rows.next()) {
                        tips.add(rows.getString(1));
                    }
                }
            }
            return tips;
        });
    }

    @Override
    public boolean judged(String sha, String changeKey) {
        return transactions.read(() -> {
            PreparedStatement select = kept.bind(dialect.judged(), List.of(sha, changeKey));
            try (ResultSet rows = select.executeQuery()) {
                return rows.next() && rows.getBoolean(1);
            }
        });
    }

    @Override
    public void record(List<Judged> commits) {
        long now = System.currentTimeMillis();
        transactions.write(() -> {
            try (PreparedStatement insert = connection.prepareStatement(dialect.recordCommit())) {
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
    public Map<String, String> itemsOf(Collection<String> shas) {
        List<String> all = List.copyOf(shas);
        return transactions.read(() -> {
            Map<String, String> items = new HashMap<>();
            for (int from = 0; from < all.size(); from += BATCH) {
                List<String> batch = all.subList(from, Math.min(all.size(), from + BATCH));
                try (PreparedStatement select = connection.prepareStatement("SELECT sha, item_id FROM ingest_commits "
                        + "WHERE item_id IS NOT NULL AND sha IN (" + String.join(", ", Collections.nCopies(batch.size(), "?"))
                        + ")")) {
                    for (int i = 0; i < batch.size(); i++) {
                        select.setString(i + 1, batch.get(i));
                    }
                    try (ResultSet rows = select.executeQuery()) {
                        while (rows.next()) {
                            items.put(rows.getString(1), rows.getString(2));
                        }
                    }
                }
            }
            return items;
        });
    }

    @Override
    public void recordTip(String ref, String sha) {
        transactions.write(() -> upsert("INSERT INTO ingest_tips (ref, sha, recorded_at) VALUES (?, ?, ?) "
                + "ON CONFLICT (ref) DO UPDATE SET sha = excluded.sha, recorded_at = excluded.recorded_at", ref, sha));
    }

    @Override
    public long position(String sessionId) {
        return transactions.read(() -> readPosition(sessionId));
    }

    @Override
    public boolean claim(String sessionId, long expected, long next) {
        return transactions.write(() -> {
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
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT position FROM capture_positions WHERE session = ?")) {
            select.setString(1, sessionId);
            try (ResultSet rows = select.executeQuery()) {
                return rows.next() ? rows.getLong(1) : 0L;
            }
        }
    }

    /** Runs an insert-or-update of (key, value, now). */
    private Void upsert(String sql, String key, Object value) throws SQLException {
        try (PreparedStatement upsert = connection.prepareStatement(sql)) {
            upsert.setString(1, key);
            upsert.setObject(2, value);
            upsert.setLong(3, System.currentTimeMillis());
            upsert.executeUpdate();
        }
        return null;
    }

    @Override
    public void close() {
        kept.close();
        release.run();
    }
}
