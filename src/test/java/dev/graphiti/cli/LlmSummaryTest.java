package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * llm.endpoint set: summarize asks a real HTTP server speaking the OpenAI chat-completions API for prose,
 * with the configured model and key and nothing secret in the prompt; health says whether it answers.
 */
class LlmSummaryTest extends InRepositoryTest {

    private static final String KEY = "sk-test-0123456789abcdefghijklmnop";

    private HttpServer server;
    private final List<JsonObject> completions = new CopyOnWriteArrayList<>();
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private volatile int status = 200;

    @BeforeEach
    void startModel() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/chat/completions", exchange -> {
            authorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
            try (var reader = Json.createReader(new StringReader(new String(exchange.getRequestBody().readAllBytes(),
                    StandardCharsets.UTF_8)))) {
                completions.add(reader.readObject());
            }
            answer(exchange, status, status == 200
                    ? "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"  The project keeps its graph in SQLite. \"}}]}"
                    : "{\"error\":{\"message\":\"Incorrect API key provided: " + KEY + "\"}}");
        });
        server.createContext("/v1/models", exchange -> {
            authorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
            answer(exchange, status, "{\"data\":[{\"id\":\"tiny-model\"}]}");
        });
        server.start();
    }

    @AfterEach
    void stopModel() {
        server.stop(0);
    }

    private static void answer(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    private String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    private void configure() {
        assertEquals(0, cli.run(repo, "config", "set", "llm.endpoint", endpoint()).code());
        assertEquals(0, cli.run(repo, "config", "set", "llm.model", "tiny-model").code());
        assertEquals(0, cli.run(repo, "config", "set", "llm.api_key", KEY).code());
    }

    @Test
    void summarizeAsksTheModelForProseWithTheFactsRedacted() {
        cli.add(repo, "-k", "decision", "--title", "SQLite for the graph", "Keep the graph in SQLite with WAL");
        cli.add(repo, "-k", "note", "Deploy key was ghp_abcdefghijklmnopqrstuvwxyz0123456789 before rotation");
        CliHarness.Result plain = cli.run(repo, "summarize", "--format", "json");
        assertTrue(plain.object().getString("summary").startsWith("The graph holds 2 items"), plain::toString);
        assertTrue(completions.isEmpty(), "no endpoint, no call");

        configure();
        CliHarness.Result prose = cli.run(repo, "summarize", "--format", "json");
        assertEquals(0, prose.code(), prose::toString);
        assertEquals("The project keeps its graph in SQLite.", prose.object().getString("summary"));
        assertEquals(2, prose.object().getInt("item_count"), "the counts stay graphiti's own");
        assertEquals(1, completions.size());
        JsonObject request = completions.get(0);
        assertEquals("tiny-model", request.getString("model"));
        assertEquals("Bearer " + KEY, authorizations.get(0));
        String prompt = request.getJsonArray("messages").getJsonObject(1).getString("content");
        assertTrue(prompt.contains("Keep the graph in SQLite with WAL"), prompt);
        assertFalse(prompt.contains("ghp_abcdefghijklmnop"), prompt);
    }

    @Test
    void aModelThatRefusesLeavesTheDeterministicSummaryAndSaysWhyWithoutTheKey() {
        cli.add(repo, "-k", "decision", "Keep the graph in SQLite with WAL");
        configure();
        status = 401;
        CliHarness.Result result = cli.run(repo, "summarize", "--format", "json");
        assertEquals(0, result.code(), result::toString);
        assertTrue(result.object().getString("summary").startsWith("The graph holds 1 item"), result::toString);
        assertTrue(result.err().contains("HTTP 401") && result.err().contains("llm.api_key"), result.err());
        assertFalse(result.err().contains(KEY), "the key never reaches a message: " + result.err());

        CliHarness.Result health = cli.run(repo, "health", "--format", "json");
        assertEquals(0, health.code(), "an unreachable model is a warning: " + health);
        JsonObject llm = health.object().getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                .filter(check -> check.getString("name").equals("llm")).findFirst().orElseThrow();
        assertEquals("warn", llm.getString("status"));
        assertFalse(health.out().contains(KEY));

        status = 200;
        llm = cli.run(repo, "health", "--format", "json").object().getJsonArray("checks").getValuesAs(JsonObject.class)
                .stream().filter(check -> check.getString("name").equals("llm")).findFirst().orElseThrow();
        assertEquals("ok", llm.getString("status"), llm::toString);
        assertTrue(llm.getString("detail").contains("tiny-model is listed"), llm::toString);

        server.stop(0);
        CliHarness.Result down = cli.run(repo, "summarize");
        assertEquals(0, down.code(), down::toString);
        assertTrue(down.err().contains("nothing answers there"), down.err());
    }

    @Test
    void theEndpointMustBeAnHttpUrlAndHealthIsSilentWithoutOne() {
        CliHarness.Result bad = cli.run(repo, "config", "set", "llm.endpoint", "not a url");
        assertEquals(2, bad.code(), bad::toString);
        assertTrue(bad.err().contains("http or https URL"), bad.err());
        assertEquals(0, cli.run(repo, "config", "set", "llm.endpoint", "").code(), "empty unsets it");
        assertTrue(cli.run(repo, "health", "--format", "json").object().getJsonArray("checks").getValuesAs(JsonObject.class)
                .stream().noneMatch(check -> check.getString("name").equals("llm")));
    }
}
