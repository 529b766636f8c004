package dev.graphiti.store.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.graph.EntityExtractor;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.ItemIds;
import dev.graphiti.graph.ItemService;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.NewItem;
import dev.graphiti.graph.SecretRedaction;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.GraphDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Connections a server keeps between commands, on real SQLite files: reused, and never to a replaced file. */
class IdleConnectionsTest {

    static final Duration BUSY = Duration.ofSeconds(5);

    @TempDir
    Path temp;
    final IdleConnections idle = new IdleConnections();

    @AfterEach
    void close() {
        idle.close();
    }

    SqliteStore store() {
        return new SqliteStore(BUSY, Duration.ofSeconds(10), Optional.of(idle));
    }

    Path database() {
        return temp.resolve("project").resolve(".graphiti").resolve("graph.db");
    }

    @Test
    void aClosedGraphsConnectionServesTheNextOpen() {
        try (GraphDatabase graph = store().openGraph(database(), Scope.project)) {
            add(graph, "Use WAL mode for concurrent writers");
        }
        assertEquals(1, idle.kept(database()));
        try (GraphDatabase graph = store().openGraph(database(), Scope.project)) {
            assertEquals(0, idle.kept(database()), "the kept connection is in use");
            assertEquals(1, graph.items().list(ItemFilter.current(), 10).size());
        }
        assertEquals(1, idle.kept(database()));
    }

    @Test
    void aSearchsSecondConnectionForVectorsIsKeptTooAndBothServeTheNextSearch() {
        // A hybrid search reads items on one connection and vectors on another, at the same time.
        for (int search = 0; search < 20; search++) {
            try (GraphDatabase graph = store().openGraph(database(), Scope.project);
                 var vectors = store().openVectors(database(), Scope.project)) {
                assertEquals(0, idle.kept(database()), "both kept connections are in use");
                assertEquals(List.of(), vectors.after(0, 10), "no vectors stored yet");
            }
            assertEquals(2, idle.kept(database()), "search " + search + " gave both back and opened no more");
        }
    }

    @Test
    void aDeletedOrReplacedDatabaseIsNeverWrittenThroughAnOldConnection() throws IOException {
        try (GraphDatabase graph = store().openGraph(database(), Scope.project)) {
            add(graph, "First decision, in the file that is deleted");
        }
        deleteTree(database().getParent());
        try (GraphDatabase graph = store().openGraph(database(), Scope.project)) {
            add(graph, "Second decision, in the new file");
        }
        try (var fresh = SqliteStore.withDefaults().open(database(), Scope.project)) {
            assertEquals(1, fresh.list(ItemFilter.current(), 10).size(), "the second, on disk");
        }
        // a copy put in place of the file is another file too
        Path copy = temp.resolve("copy.db");
        try (GraphDatabase graph = SqliteStore.withDefaults().openGraph(temp.resolve("other.db"), Scope.project)) {
            add(graph, "Third decision, in a copy");
        }
        Files.copy(temp.resolve("other.db"), copy);
        Files.move(copy, database(), StandardCopyOption.REPLACE_EXISTING);
        Files.deleteIfExists(database().resolveSibling("graph.db-wal"));
        Files.deleteIfExists(database().resolveSibling("graph.db-shm"));
        try (GraphDatabase graph = store().openGraph(database(), Scope.project)) {
            add(graph, "Fourth decision, next to the third");
        }
        try (var fresh = SqliteStore.withDefaults().open(database(), Scope.project)) {
            assertEquals(2, fresh.list(ItemFilter.current(), 10).size(), "the third and the fourth, on disk");
        }
    }

    @Test
    void aConnectionInsideATransactionIsClosedNotKept() throws Exception {
        try (GraphDatabase graph = store().openGraph(database(), Scope.project)) {
            add(graph, "Something to read");
        }
        IdleConnections.Kept kept = idle.take(database(), BUSY).orElseThrow();
        kept.connection().setAutoCommit(false);
        idle.give(database(), BUSY, kept);
        assertEquals(0, idle.kept(database()));
        assertTrue(kept.connection().isClosed());
    }

    @Test
    void closingClosesWhatIsKeptAndKeepsNothingMore() throws Exception {
        try (GraphDatabase graph = store().openGraph(database(), Scope.project)) {
            add(graph, "Something to keep");
        }
        IdleConnections.Kept kept = idle.take(database(), BUSY).orElseThrow();
        idle.give(database(), BUSY, kept);
        idle.close();
        assertTrue(kept.connection().isClosed());
        try (GraphDatabase graph = store().openGraph(database(), Scope.project)) {
            assertFalse(graph.items().list(ItemFilter.current(), 10).isEmpty());
        }
        assertEquals(0, idle.kept(database()));
    }

    @Test
    void aFewAreKeptPerDatabaseAndAFewMoreInAllTheLeastRecentlyUsedClosedFirst() throws Exception {
        List<GraphDatabase> open = new java.util.ArrayList<>();
        for (int i = 0; i < IdleConnections.PER_DATABASE + 2; i++) {
            open.add(store().openGraph(database(), Scope.project));
        }
        open.forEach(GraphDatabase::close);
        assertEquals(IdleConnections.PER_DATABASE, idle.kept(database()));

        Path first = temp.resolve("first").resolve("graph.db");
        store().openGraph(first, Scope.project).close();
        for (int i = 0; i < IdleConnections.IN_ALL; i++) {
            store().openGraph(temp.resolve("p" + i).resolve("graph.db"), Scope.project).close();
        }
        assertEquals(IdleConnections.IN_ALL, idle.kept());
        assertEquals(0, idle.kept(first), "the least recently used went first");
        assertEquals(0, idle.kept(database()));
    }

    private static void add(GraphDatabase graph, String content) {
        new ItemService(graph.items(), Scope.project, text -> new SecretRedaction.Redacted(text, 0), new EntityExtractor(),
                new ItemIds(), Clock.systemUTC(), 1 << 20).add(new NewItem(Kind.decision, Optional.empty(), content,
                List.of(), "manual", Optional.empty(), Optional.empty()));
    }

    private static void deleteTree(Path directory) throws IOException {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
