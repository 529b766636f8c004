package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.store.postgres.PostgresServer;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * `graphiti migrate` copies a project graph from its SQLite file into the configured PostgreSQL database and back,
 * exactly (ids, supersession, provenance), verifies it, and after an interruption goes on where it stopped.
 */
class MigrateCommandTest extends InRepositoryTest {

    @RegisterExtension
    static final PostgresServer.Fixture POSTGRES = new PostgresServer.Fixture();

    private String url;
    private CliHarness sqlite;

    @BeforeEach
    void database() {
        url = POSTGRES.server().newDatabase();
        sqlite = new CliHarness(tmp.resolve("home"));
        cli.variable("GRAPHITI_STORE_URL", url);
    }

    private List<String> ids(CliHarness harness, String... extra) {
        String[] args = new String[extra.length + 3];
        args[0] = "list";
        System.arraycopy(extra, 0, args, 1, extra.length);
        args[extra.length + 1] = "--format";
        args[extra.length + 2] = "json";
        CliHarness.Result list = harness.run(repo, args);
        assertEquals(0, list.code(), list::toString);
        return list.array().getValuesAs(JsonObject.class).stream().map(item -> item.getString("id")).sorted().toList();
    }

    @Test
    void aGraphGoesToPostgresAndBackUnchangedAndVerified() throws Exception {
        String old = sqlite.add(repo, "--kind", "decision", "--title", "Queue", "We use RabbitMQ").getString("id");
        sqlite.add(repo, "--kind", "decision", "--title", "Queue", "--supersedes", old, "We moved to Kafka");
        for (int i = 0; i < 30; i++) {
            sqlite.add(repo, "--kind", "note", "note number " + i + " about the BillingService");
        }
        List<String> before = ids(sqlite, "--all");

        CliHarness.Result there = cli.run(repo, "migrate", "--to", "postgresql", "--batch", "7", "--format", "json");
        assertEquals(0, there.code(), there::toString);
        assertEquals(32, there.object().getInt("copied"));
        assertTrue(there.object().getBoolean("verified"));
        assertEquals(before, ids(cli, "--all"));
        assertEquals(ids(sqlite), ids(cli), "the same items are current");

        CliHarness.Result search = cli.run(repo, "search", "kafka", "--format", "json");
        assertEquals(1, search.array().size(), search::toString);

        CliHarness.Result again = cli.run(repo, "migrate", "--to", "postgresql", "--format", "json");
        assertEquals(0, again.object().getInt("copied"), "a second run copies nothing");
        assertEquals(32, again.object().getInt("present"));

        // back into a new SQLite file
        for (String suffix : List.of("", "-wal", "-shm")) {
            Files.deleteIfExists(repo.resolve(".graphiti/graph.db" + suffix));
        }
        CliHarness.Result back = cli.run(repo, "migrate", "--to", "sqlite", "--format", "json");
        assertEquals(0, back.code(), back::toString);
        assertEquals(32, back.object().getInt("copied"));
        assertTrue(back.object().getBoolean("verified"));
        assertEquals(before, ids(sqlite, "--all"));
        assertEquals(1, sqlite.run(repo, "search", "kafka", "--format", "json").array().size());
    }

    @Test
    void anInterruptedCopyGoesOnWhereItStopped() throws Exception {
        for (int i = 0; i < 20; i++) {
            sqlite.add(repo, "--kind", "note", "fact " + i + " on the LedgerClient");
        }
        assertEquals(0, cli.run(repo, "migrate", "--to", "postgresql", "--batch", "5").code());
        // as if the first run had stopped after two batches: the last 10 are gone from PostgreSQL
        try (Connection connection = DriverManager.getConnection(url); Statement statement = connection.createStatement()) {
            statement.executeUpdate("DELETE FROM graphiti_g1.items WHERE seq > 10");
        }
        CliHarness.Result resumed = cli.run(repo, "migrate", "--to", "postgresql", "--batch", "5", "--format", "json");
        assertEquals(0, resumed.code(), resumed::toString);
        assertEquals(10, resumed.object().getInt("copied"));
        assertEquals(10, resumed.object().getInt("present"));
        assertTrue(resumed.object().getBoolean("verified"));
    }

    @Test
    void aDifferenceIsReportedAndFailsTheCommand() throws Exception {
        sqlite.add(repo, "--kind", "note", "the build runs on JDK 17");
        assertEquals(0, cli.run(repo, "migrate", "--to", "postgresql").code());
        try (Connection connection = DriverManager.getConnection(url); Statement statement = connection.createStatement()) {
            statement.executeUpdate("UPDATE graphiti_g1.items SET content = 'the build runs on JDK 8'");
        }
        CliHarness.Result verified = cli.run(repo, "migrate", "--to", "postgresql", "--format", "json");
        assertEquals(1, verified.code(), verified::toString);
        assertTrue(verified.object().getJsonArray("differences").getString(0).endsWith("differs"), verified::toString);
    }

    @Test
    void withoutADatabaseConfiguredItSaysWhatToSet() {
        sqlite.add(repo, "a note");
        CliHarness.Result result = sqlite.run(repo, "migrate", "--to", "postgresql");
        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().contains("GRAPHITI_STORE_URL"), result::toString);
        assertTrue(Files.exists(repo.resolve(".graphiti/graph.db")));
    }
}
