package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.store.postgres.PostgresServer;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The operator's setting graphiti.store.url (here GRAPHITI_STORE_URL) puts the CLI's graphs in PostgreSQL: what one
 * command adds the next one finds, the ranking and the JSON are the same, and no SQLite file is made.
 */
class PostgresStoreCliTest extends InRepositoryTest {

    @RegisterExtension
    static final PostgresServer.Fixture POSTGRES = new PostgresServer.Fixture();

    private String url;

    @BeforeEach
    void database() {
        url = POSTGRES.server().newDatabase();
        cli.variable("GRAPHITI_STORE_URL", url);
    }

    @Test
    void graphsLiveInTheConfiguredDatabase() {
        CliHarness.Result empty = cli.run(repo, "list");
        assertTrue(empty.err().contains("/.graphiti/graph.db, in PostgreSQL at " + url.replaceAll("\\?.*", "") + ")"), empty::toString);
        JsonObject added = cli.add(repo, "--kind", "decision", "--title", "Team database",
                "We moved the team server from MySQL to PostgreSQL 15");
        assertFalse(Files.exists(repo.resolve(".graphiti/graph.db")), "no SQLite file beside the project");

        CliHarness.Result search = cli.run(repo, "search", "postgres team", "--format", "json");
        assertEquals(0, search.code(), search::toString);
        List<String> found = search.array().getValuesAs(JsonObject.class).stream()
                .map(hit -> hit.getString("id")).toList();
        assertEquals(List.of(added.getString("id")), found);

        CliHarness.Result health = cli.run(repo, "health", "--format", "json");
        assertTrue(health.out().contains("1 item,"), health::toString);
        // health speaks of PostgreSQL (where, which schema, its own checks), not of a SQLite file's
        assertTrue(health.out().contains(") in PostgreSQL at " + url.replaceAll("\\?.*", "") + ", schema graphiti_g"), health::toString);
        assertTrue(health.out().contains("of tables and indexes"), health::toString);
        for (String sqlite : List.of("quick_check", "FTS5", "write-ahead log")) {
            assertFalse(health.out().contains(sqlite), health::toString);
        }

        // the same project without the setting is a new, empty SQLite graph
        CliHarness.Result sqlite = new CliHarness(tmp.resolve("home")).run(repo, "list", "--format", "json");
        assertEquals(0, sqlite.code(), sqlite::toString);
        assertEquals(0, sqlite.json().asJsonArray().size(), sqlite::toString);
    }

    @Test
    void memoryDeletedFromTheLastClaudeMdIsRetiredInTheDatabase() throws Exception {
        cli.variable("CLAUDE_CONFIG_DIR", tmp.resolve("claude").toString());
        Files.writeString(repo.resolve("CLAUDE.md"), "- Reports read from a replica, never the primary.\n");
        assertEquals(1, memory().getInt("items_added"));
        Files.delete(repo.resolve("CLAUDE.md"));
        // no memory file left: the graph's items of the gone file are retired (the graph exists, though not as a file)
        assertEquals(1, memory().getInt("items_retired"));
    }

    private JsonObject memory() {
        CliHarness.Result result = cli.run(repo, "capture", "--memory", "-p", "--format", "json");
        assertEquals(0, result.code(), result::toString);
        return result.object();
    }

    @Test
    void aUrlThatIsNotPostgresIsRefusedSayingWhy() {
        cli.variable("GRAPHITI_STORE_URL", "jdbc:mysql://db/graphiti?password=secret");
        CliHarness.Result result = cli.run(repo, "list");
        assertEquals(1, result.code(), result::toString);
        assertTrue(result.err().contains("must be a PostgreSQL JDBC URL"), result::toString);
        assertFalse(result.err().contains("secret"), "the part after ? may hold a password: " + result);
    }
}
