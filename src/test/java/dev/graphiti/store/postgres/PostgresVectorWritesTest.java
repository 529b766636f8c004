package dev.graphiti.store.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.graph.AddResult;
import dev.graphiti.graph.EntityExtractor;
import dev.graphiti.graph.ItemIds;
import dev.graphiti.graph.ItemService;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.NewItem;
import dev.graphiti.graph.QuantizedVector;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.SecretRedaction;
import dev.graphiti.graph.VectorStore;
import dev.graphiti.graph.GraphDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Storing vectors (a server's background embedding) does not hold up the adds of the graph. */
class PostgresVectorWritesTest {

    @RegisterExtension
    static final PostgresServer.Fixture POSTGRES = new PostgresServer.Fixture();

    private static final String MODEL = "test-model";

    @Test
    void anAddGoesThroughWhileABatchOfVectorsIsBeingStored() throws Exception {
        String url = POSTGRES.server().newDatabase();
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try (PostgresStore store = PostgresStore.pooled(url, Optional.empty(), Optional.empty(), 4, "english",
                Duration.ofSeconds(30));
             GraphDatabase graph = store.open("team", Scope.project);
             VectorStore vectors = store.openVectors("team", Scope.project);
             Connection other = DriverManager.getConnection(url)) {
            ItemService items = new ItemService(graph.items(), Scope.project, text -> new SecretRedaction.Redacted(text, 0),
                    new EntityExtractor(), new ItemIds(), Clock.systemUTC(), 1 << 20);
            items.add(fact("The deploy job runs after the tests pass"));
            items.add(fact("Invoices are numbered per tenant"));
            List<VectorStore.Unembedded> todo = vectors.unembedded(MODEL, 0, 10);
            vectors.put(MODEL, List.of(vectorsOf(todo.get(0).seq())));

            // Another transaction holds the second item's row, so storing its vector waits inside its transaction
            // (the foreign key's check), after taking the locks a vector write takes.
            other.setAutoCommit(false);
            try (Statement statement = other.createStatement()) {
                ResultSet schema = statement.executeQuery("SELECT 'graphiti_g' || number FROM graphiti.graphs WHERE name = 'team'");
                schema.next();
                statement.execute("SELECT 1 FROM " + schema.getString(1) + ".items WHERE seq = " + todo.get(1).seq() + " FOR UPDATE");
            }
            Future<?> storing = threads.submit(() -> vectors.put(MODEL, List.of(vectorsOf(todo.get(1).seq()))));
            awaitWaitingOnARow(url);

            Future<AddResult> adding = threads.submit(() -> items.add(fact("Webhooks retry three times with backoff")));
            AddResult added = adding.get(60, TimeUnit.SECONDS);
            assertTrue(added.duplicateOf().isEmpty());
            assertFalse(storing.isDone(), "the vectors were still being stored while the add went through");

            other.rollback();
            storing.get(60, TimeUnit.SECONDS);
            assertEquals(1, vectors.unembeddedCount(MODEL), "both vectors stored; the new item waits for its own");
            assertTrue(graph.items().get(added.item().id()).isPresent());
        } finally {
            threads.shutdownNow();
        }
    }

    private static NewItem fact(String content) {
        return new NewItem(Kind.decision, Optional.empty(), content, List.of(), "test", Optional.empty(), Optional.empty());
    }

    private static VectorStore.ItemVectors vectorsOf(long seq) {
        return new VectorStore.ItemVectors(seq, List.of(new QuantizedVector(0.01f, new byte[] {1, 2, 3, 4})));
    }

    /** Until a backend of this database waits for a row lock (the vector write, behind the held row). */
    private static void awaitWaitingOnARow(String url) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        try (Connection watcher = DriverManager.getConnection(url)) {
            while (System.nanoTime() < deadline) {
                try (Statement statement = watcher.createStatement();
                     ResultSet row = statement.executeQuery("SELECT count(*) FROM pg_locks "
                             + "WHERE NOT granted AND locktype IN ('tuple', 'transactionid')")) {
                    row.next();
                    if (row.getLong(1) > 0) {
                        return;
                    }
                }
                Thread.sleep(20);
            }
        }
        throw new AssertionError("the vector write never waited for the held row");
    }
}
