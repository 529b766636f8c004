package dev.graphiti.store.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.graph.Fingerprint;
import dev.graphiti.graph.ItemRepository;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.GraphDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The explorer's review queue on PostgreSQL reads its partial index (schema 2, items_review), as on SQLite (schema 6),
 * instead of every current item: in a graph of hand-added items, where the queue is empty, PostgreSQL counts a scan
 * of that index for each page asked for.
 */
class PostgresReviewQueueTest {

    @RegisterExtension
    static final PostgresServer.Fixture POSTGRES = new PostgresServer.Fixture();

    @Test
    void theReviewQueueIsReadThroughItsPartialIndex() throws Exception {
        String url = POSTGRES.server().newDatabase();
        try (PostgresStore store = PostgresStore.pooled(url, Optional.empty(), Optional.empty(), 2, "english", Duration.ofSeconds(30));
             GraphDatabase graph = store.open("review", Scope.project)) {
            graph.items().write(writer -> {
                for (int i = 0; i < 3_000; i++) {
                    String content = "Hand-added fact number " + i + " about module m" + i;
                    writer.insert(new KnowledgeItem(String.format("h%07d", i), Scope.project, Kind.note, "Fact " + i, content,
                            List.of(), i == 0 ? "git:abc123" : "manual", List.of(), Instant.parse("2026-01-01T00:00:00Z").plusSeconds(i),
                            Optional.empty(), Optional.empty(), Optional.empty()), Fingerprint.of("Fact " + i, content), Optional.empty());
                }
                return null;
            });
            for (int page = 0; page < 5; page++) {
                assertEquals(List.of("h0000000"), graph.items().untagged(ItemRepository.AUTOMATIC_SOURCES, "reviewed", 0, 51)
                        .stream().map(KnowledgeItem::id).toList());
            }
        }
        // A backend reports its statistics when idle, within seconds: the store's connections are closed by now.
        try (Connection connection = DriverManager.getConnection(url); Statement statement = connection.createStatement()) {
            long scans = 0;
            for (long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos(); scans < 5 && System.nanoTime() < deadline; ) {
                try (ResultSet row = statement.executeQuery("SELECT coalesce(sum(idx_scan), 0) FROM pg_stat_user_indexes"
                        + " WHERE indexrelname = 'items_review'")) {
                    row.next();
                    scans = row.getLong(1);
                }
                Thread.sleep(200);
            }
            assertTrue(scans >= 5, "each page read the review queue's index: " + scans + " scans");
        }
    }
}
