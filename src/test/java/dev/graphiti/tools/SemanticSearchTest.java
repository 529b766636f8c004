package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.assembly.GraphitiProcess;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP server's in-process CLI with the real model: items added through it (and by another process) are
 * embedded in the background, search falls back to words and says so until then, and afterwards finds items
 * by meaning, scores a strong match well above a weak one, and says what matched.
 */
class SemanticSearchTest {

    @TempDir
    Path temp;
    Path home;
    GraphitiTools tools;

    @BeforeEach
    void start() throws Exception {
        home = Files.createDirectories(temp.resolve("home"));
        tools = GraphitiProcess.tools(ToolSettings.defaults().withLimits(new RunnerLimits(Duration.ofMinutes(2), 1 << 20)),
                Map.of("GRAPHITI_HOME", home.toString(), "HOME", home.toString()), temp);
    }

    @AfterEach
    void stop() throws Exception {
        tools.close();
    }

    private CliOutcome run(String... args) {
        List<String> argv = new ArrayList<>(List.of("-g", "--format", "json"));
        argv.addAll(List.of(args));
        CliOutcome outcome = tools.gateway().runner().run(new CliCall(argv, temp));
        assertEquals(0, outcome.exitCode(), outcome::toString);
        return outcome;
    }

    private JsonArray search(String query) {
        return run("search", query).json().asJsonArray();
    }

    private String semanticHealth() {
        JsonObject health = run("health").json().asJsonObject();
        return health.getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                .filter(check -> check.getString("name").equals("semantic")).findFirst().orElseThrow().getString("detail");
    }

    private void awaitEmbedded() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        while (!semanticHealth().contains("every item has its vectors")) {
            assertTrue(System.nanoTime() < deadline, "still waiting: " + semanticHealth());
            Thread.sleep(250);
        }
    }

    @Test
    void itemsAreEmbeddedInTheBackgroundAndFoundByMeaning() throws Exception {
        run("add", "-k", "decision", "--title", "Primary store", "We moved from MySQL to PostgreSQL 16 for JSONB support.");
        run("add", "-k", "architecture", "--title", "Release process",
                "Releases go out with scripts/deploy.sh, which pushes the image and rolls the production cluster.");
        run("add", "--title", "Team lunch", "Boil the pasta for nine minutes in salted water.");

        JsonArray before = search("PostgreSQL");
        assertEquals("lexical", before.getJsonObject(0).getString("matched"));
        assertTrue(List.of("pending", "loading").contains(before.getJsonObject(0).getString("semantic")), before::toString);

        awaitEmbedded();
        JsonArray database = search("which database do we run on");
        assertEquals("Primary store", database.getJsonObject(0).getString("title"), database::toString);
        assertEquals("semantic", database.getJsonObject(0).getString("matched"));
        assertTrue(database.getJsonObject(0).get("semantic") == null, database::toString);

        JsonArray deploy = search("how do we deploy to production");
        JsonObject best = deploy.getJsonObject(0);
        assertEquals("Release process", best.getString("title"), deploy::toString);
        assertEquals("both", best.getString("matched"));
        Optional<JsonObject> lunch = deploy.getValuesAs(JsonObject.class).stream()
                .filter(hit -> hit.getString("title").equals("Team lunch")).findFirst();
        double weak = lunch.map(hit -> hit.getJsonNumber("score").doubleValue()).orElse(0.0);
        assertTrue(best.getJsonNumber("score").doubleValue() - weak >= 0.3, deploy::toString);
    }

    @Test
    void anItemAnotherProcessWroteIsEmbeddedOnceTheServerOpensTheGraph() throws Exception {
        run("add", "--title", "Logging", "We log JSON lines to stderr and never to stdout.");
        awaitEmbedded();
        var outside = new dev.graphiti.cli.Cli(dev.graphiti.cli.CliEnvironment.embedded(
                Map.of("GRAPHITI_HOME", home.toString(), "HOME", home.toString())));
        var out = new java.io.StringWriter();
        assertEquals(0, outside.run(List.of("-g", "add", "--title", "Retries", "Network calls retry three times with backoff."),
                temp, java.io.InputStream.nullInputStream(), new java.io.PrintWriter(out), new java.io.PrintWriter(out)), out::toString);
        assertTrue(semanticHealth().contains("1 item has no vectors yet"), semanticHealth());
        awaitEmbedded();
        JsonArray retry = search("what happens when a request to another service fails");
        assertEquals("Retries", retry.getJsonObject(0).getString("title"), retry::toString);
    }
}
