package dev.graphiti.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The load-balancer proof: two server processes of the packaged jar on one graph (the same graphiti home),
 * and a 2026-07-28 client whose requests alternate between them as a plain round-robin balancer would send
 * them, with no affinity. Every call works on either process and sees what the other wrote; a subscription to
 * graphiti://context on one process is told of a write through the other; a 2025 session and a task, by contrast,
 * live in the process that opened them.
 */
class LoadBalancedStatelessIT {

    static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{},\"io.modelcontextprotocol/clientInfo\":{\"name\":\"lb-it\",\"version\":\"1\"}}";

    @TempDir
    Path dir;

    final HttpClient http = HttpClient.newHttpClient();
    int nextId = 1;

    @Test
    void requestsAlternatingBetweenTwoProcessesOnOneGraphAllWork() throws Exception {
        Path home = dir.resolve("home");
        List<Process> servers = new ArrayList<>();
        try {
            List<URI> endpoints = new ArrayList<>();
            for (String name : List.of("a", "b")) {
                Path log = dir.resolve("server-" + name + ".log");
                var builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Dgraphiti.home=" + home, "-jar", Path.of(System.getProperty("graphiti.jar")).toAbsolutePath().toString(),
                        "mcp", "serve", "--transport", "http", "--port", "0")
                        .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
                builder.environment().remove("GRAPHITI_HOME");
                builder.environment().put("HOME", dir.toString());
                Process server = builder.start();
                servers.add(server);
                endpoints.add(URI.create("http://127.0.0.1:" + TeamServerIT.awaitPort(server, log) + "/mcp"));
            }
            var balancer = new RoundRobin(endpoints);

            for (int i = 0; i < 2; i++) {
                JsonObject discovered = call(balancer.next(), "server/discover", null, "{}");
                assertEquals("2026-07-28", discovered.getJsonArray("supportedVersions").getString(0));
            }
            List<String> facts = List.of("The ledger service retries payments three times", "Invoices are rendered by the billing worker",
                    "The nightly export writes Parquet files", "Refunds need a second approval");
            for (String fact : facts) {
                JsonObject added = call(balancer.next(), "tools/call", "graphiti_add",
                        "{\"name\":\"graphiti_add\",\"arguments\":{\"content\":\"" + fact + "\",\"kind\":\"architecture\",\"scope\":\"global\"}}");
                assertFalse(added.getBoolean("isError", false), added.toString());
            }
            for (String fact : facts) {
                JsonObject found = call(balancer.next(), "tools/call", "graphiti_search",
                        "{\"name\":\"graphiti_search\",\"arguments\":{\"query\":\"" + fact.split(" ")[1] + " " + fact.split(" ")[2]
                                + "\",\"scope\":\"global\"}}");
                assertTrue(found.toString().contains(fact), "each process finds what the other added: " + found);
            }
            JsonObject listed = call(balancer.next(), "tools/call", "graphiti_list",
                    "{\"name\":\"graphiti_list\",\"arguments\":{\"scope\":\"global\"}}");
            facts.forEach(fact -> assertTrue(listed.toString().contains(fact), listed.toString()));

            // A subscription on one process hears of a write through the other: graphiti://context is pushed on
            // the listen stream of A when B adds a decision to the project both serve.
            var stream = http.send(listen(endpoints.get(0)), HttpResponse.BodyHandlers.ofLines());
            assertEquals(200, stream.statusCode());
            var lines = stream.body().filter(line -> line.startsWith("data:")).map(line -> line.substring(5).strip()).iterator();
            JsonObject ack = Json.createReader(new StringReader(lines.next())).readObject();
            assertEquals("notifications/subscriptions/acknowledged", ack.getString("method"), ack.toString());
            assertEquals("[\"graphiti://context\"]", ack.getJsonObject("params").getJsonObject("notifications")
                    .getJsonArray("resourceSubscriptions").toString());
            JsonObject decided = call(endpoints.get(1), "tools/call", "graphiti_add", "{\"name\":\"graphiti_add\",\"arguments\":"
                    + "{\"content\":\"Payments are idempotent by request key\",\"kind\":\"decision\"}}");
            assertFalse(decided.getBoolean("isError", false), decided.toString());
            var pushed = java.util.concurrent.CompletableFuture.supplyAsync(() -> lines.next());
            JsonObject update = Json.createReader(new StringReader(pushed.get(60, TimeUnit.SECONDS))).readObject();
            assertEquals("notifications/resources/updated", update.getString("method"), update.toString());
            assertEquals("graphiti://context", update.getJsonObject("params").getString("uri"));
            assertEquals(ack.getJsonObject("params").getJsonObject("_meta"), update.getJsonObject("params").getJsonObject("_meta"));
            JsonObject read = call(endpoints.get(0), "resources/read", "graphiti://context",
                    "{\"uri\":\"graphiti://context\"}");
            assertTrue(read.toString().contains("Payments are idempotent by request key"), read.toString());

            // A 2025 session is the opening process's own: the other one does not know it.
            var init = post(endpoints.get(0), List.of(), "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
                    + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"lb-it\",\"version\":\"1\"}}}");
            String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
            var elsewhere = post(endpoints.get(1), List.of("Mcp-Session-Id", session, "MCP-Protocol-Version", "2025-11-25"),
                    "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
            assertEquals(404, elsewhere.statusCode(), elsewhere.body());

            // So is a task (docs/operations.md: behind a balancer, route by Authorization): the process that started it
            // answers its tasks/get, the other one does not know it.
            JsonObject created = withTasks(endpoints.get(0), "tools/call", "graphiti_compact",
                    "{\"name\":\"graphiti_compact\",\"arguments\":{\"dry_run\":true,\"scope\":\"global\"}}").getJsonObject("result");
            assertEquals("task", created.getString("resultType"), created.toString());
            String task = "{\"taskId\":\"" + created.getString("taskId") + "\"}";
            JsonObject unknown = withTasks(endpoints.get(1), "tasks/get", created.getString("taskId"), task);
            assertEquals(-32602, unknown.getJsonObject("error").getInt("code"), unknown.toString());
            JsonObject own = withTasks(endpoints.get(0), "tasks/get", created.getString("taskId"), task).getJsonObject("result");
            assertEquals(created.getString("taskId"), own.getString("taskId"), own.toString());
        } finally {
            for (Process server : servers) {
                server.destroy();
                server.waitFor(60, TimeUnit.SECONDS);
            }
        }
    }

    private HttpRequest listen(URI endpoint) {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":\"watch\",\"method\":\"subscriptions/listen\",\"params\":{\"notifications\":"
                + "{\"resourceSubscriptions\":[\"graphiti://context\"]}," + META + "}}";
        return HttpRequest.newBuilder(endpoint).header("Accept", "application/json, text/event-stream")
                .header("Content-Type", "application/json").header("MCP-Protocol-Version", "2026-07-28")
                .header("Mcp-Method", "subscriptions/listen").POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    /** A stateless request with the standard headers; returns its result (an error fails the test). */
    private JsonObject call(URI endpoint, String method, String name, String params) throws Exception {
        String inner = params.substring(1, params.length() - 1).strip();
        String body = "{\"jsonrpc\":\"2.0\",\"id\":" + nextId++ + ",\"method\":\"" + method + "\",\"params\":{" + inner
                + (inner.isEmpty() ? "" : ",") + META + "}}";
        List<String> headers = new ArrayList<>(List.of("MCP-Protocol-Version", "2026-07-28", "Mcp-Method", method));
        if (name != null) {
            headers.addAll(List.of("Mcp-Name", name));
        }
        var response = post(endpoint, headers, body);
        assertEquals(200, response.statusCode(), endpoint + ": " + response.body());
        assertTrue(response.headers().firstValue("Mcp-Session-Id").isEmpty());
        JsonObject message = Json.createReader(new StringReader(response.body())).readObject();
        assertTrue(message.containsKey("result"), message.toString());
        return message.getJsonObject("result");
    }

    /** A stateless request from a client that declares the tasks extension: the whole answer, result or error. */
    private JsonObject withTasks(URI endpoint, String method, String name, String params) throws Exception {
        String meta = META.replace("/clientCapabilities\":{}",
                "/clientCapabilities\":{\"extensions\":{\"io.modelcontextprotocol/tasks\":{}}}");
        String body = "{\"jsonrpc\":\"2.0\",\"id\":" + nextId++ + ",\"method\":\"" + method + "\",\"params\":{"
                + params.substring(1, params.length() - 1) + "," + meta + "}}";
        var response = post(endpoint, List.of("MCP-Protocol-Version", "2026-07-28", "Mcp-Method", method, "Mcp-Name", name), body);
        return Json.createReader(new StringReader(response.body())).readObject();
    }

    private HttpResponse<String> post(URI endpoint, List<String> headers, String body) throws Exception {
        var builder = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(60))
                .header("Accept", "application/json, text/event-stream").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < headers.size(); i += 2) {
            builder.header(headers.get(i), headers.get(i + 1));
        }
        return http.send(builder.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** What a plain load balancer does: the next endpoint for each request, whoever sent it. */
    private static final class RoundRobin {
        private final List<URI> endpoints;
        private int next;

        RoundRobin(List<URI> endpoints) {
            this.endpoints = endpoints;
        }

        URI next() {
            return endpoints.get(next++ % endpoints.size());
        }
    }
}
