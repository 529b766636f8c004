package dev.graphiti.store.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.graph.HealthDepth;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.ItemRepository;
import dev.graphiti.graph.Scope;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A database written by an older graphiti upgrades in place on open, its items kept and found. */
class MigrationsTest {

    @TempDir
    Path temp;

    /** A connection to a database as graphiti of schema {@code version} left it. */
    private static Connection atVersion(Path database, int version) throws Exception {
        Connection connection = DriverManager.getConnection("jdbc:sqlite:" + database);
        try (Statement statement = connection.createStatement()) {
            for (String script : Migrations.SCRIPTS.subList(0, version)) {
                try (InputStream in = Migrations.class.getResourceAsStream(script)) {
                    for (String sql : Migrations.statements(new String(in.readAllBytes(), StandardCharsets.UTF_8))) {
                        statement.execute(sql);
                    }
                }
            }
            statement.execute("PRAGMA user_version = " + version);
        }
        return connection;
    }

    @Test
    void aSchemaTwoDatabaseUpgradesToTheLatestKeepingItsItems() throws Exception {
        Path database = temp.resolve("graph.db");
        try (Connection connection = atVersion(database, 2); Statement statement = connection.createStatement()) {
            statement.execute("INSERT INTO items (id, kind, title, title_key, content, tags, entities, source, created_at, "
                    + "fingerprint) VALUES ('abcd2345', 'decision', 'Queue through Kafka', 'queue through kafka', "
                    + "'We queue events through Kafka', 'infra', 'kafka', 'manual', 1700000000000, 'f1')");
            statement.execute("INSERT INTO item_entities (seq, name, type) VALUES (1, 'kafka', 'library')");
        }
        try (ItemRepository repository = SqliteStore.withDefaults().open(database, Scope.project)) {
            assertEquals(Migrations.latest(), repository.health(HealthDepth.full).schemaVersion());
            assertTrue(repository.health(HealthDepth.full).integrityProblems().isEmpty());
            assertEquals("abcd2345", repository.lexical("\"kafka\"", ItemFilter.current(), Optional.empty(), 5).get(0).item().id());
            assertEquals("kafka", repository.stats(ItemFilter.current(), 5).topEntities().get(0).name());
            assertEquals(1, repository.stats(ItemFilter.current(), 5).byKind().get(dev.graphiti.graph.Kind.decision));
        }
    }

    @Test
    void capturedItemsOfASchemaThreeDatabaseKeepTheirSessionAndOrder() throws Exception {
        Path database = temp.resolve("graph.db");
        try (Connection connection = atVersion(database, 3); Statement statement = connection.createStatement()) {
            int n = 0;
            for (String source : new String[] {"capture:s1", "manual", "capture:s1"}) {
                n++;
                statement.execute("INSERT INTO items (id, kind, title, title_key, content, source, created_at, fingerprint) "
                        + "VALUES ('item" + n + "', 'decision', 't" + n + "', 't" + n + "', 'c', '" + source + "', 1, 'f" + n + "')");
            }
        }
        try (ItemRepository repository = SqliteStore.withDefaults().open(database, Scope.project)) {
            var around = repository.neighbours(java.util.List.of("item1", "item2"), ItemFilter.current());
            assertEquals(java.util.List.of("item3"), around.get("item1").stream().map(i -> i.id()).toList());
            assertTrue(around.getOrDefault("item2", java.util.List.of()).isEmpty());
        }
    }
}
