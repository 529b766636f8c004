package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.assembly.GraphitiProcess;
import dev.graphiti.store.postgres.PostgresServer;
import jakarta.json.JsonArray;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server on PostgreSQL (GRAPHITI_STORE_URL) searches by meaning as one on SQLite files does: the items it stores
 * are embedded in the background into the database, then a question that shares no word with an item finds it
 * (semantic) and one that shares some ranks it by both (hybrid). The graph has no file, which the background
 * embedding once took for a deleted graph: it never embedded, and search said "pending" for good.
 */
class PostgresSemanticSearchTest {

    @RegisterExtension
    static final PostgresServer.Fixture POSTGRES = new PostgresServer.Fixture();

    @TempDir
    Path temp;

    @Test
    void itemsAreEmbeddedIntoTheDatabaseAndFoundByMeaning() throws Exception {
        Path home = Files.createDirectories(temp.resolve("home"));
        try (var tools = GraphitiProcess.tools(ToolSettings.defaults().withLimits(new RunnerLimits(Duration.ofMinutes(2), 1 << 20)),
                Map.of("GRAPHITI_HOME", home.toString(), "HOME", home.toString(),
                        "GRAPHITI_STORE_URL", POSTGRES.server().newDatabase()), temp)) {
            run(tools, "add", "-k", "decision", "--title", "Primary store", "We moved from MySQL to PostgreSQL 16 for JSONB support.");
            run(tools, "add", "--title", "Team lunch", "Boil the pasta for nine minutes in salted water.");

            long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
            JsonArray meaning;
            while ((meaning = search(tools, "which database do we run on")).isEmpty()
                    || meaning.getJsonObject(0).containsKey("semantic")) {
                assertTrue(System.nanoTime() < deadline, "not embedded in time: " + meaning);
                Thread.sleep(250);
            }
            assertEquals("Primary store", meaning.getJsonObject(0).getString("title"), meaning::toString);
            assertEquals("semantic", meaning.getJsonObject(0).getString("matched"), meaning::toString);
            JsonArray both = search(tools, "which JSONB database");
            assertEquals("Primary store", both.getJsonObject(0).getString("title"), both::toString);
            assertEquals("both", both.getJsonObject(0).getString("matched"), both::toString);
            assertTrue(Files.notExists(home.resolve("global.db")), "no SQLite file beside the database");
        }
    }

    private JsonArray search(GraphitiTools tools, String query) {
        return run(tools, "search", query).json().asJsonArray();
    }

    private CliOutcome run(GraphitiTools tools, String... args) {
        List<String> argv = new ArrayList<>(List.of("-g", "--format", "json"));
        argv.addAll(List.of(args));
        CliOutcome outcome = tools.gateway().runner().run(new CliCall(argv, temp));
        assertEquals(0, outcome.exitCode(), outcome::toString);
        return outcome;
    }
}
