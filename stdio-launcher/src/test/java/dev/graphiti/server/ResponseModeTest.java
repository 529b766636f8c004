package dev.graphiti.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.http.HttpTransportConfig;
import dev.graphiti.http.McpServlet;
import dev.graphiti.protocol.session.McpServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * How a POST is answered (JSON, or SSE once something precedes the result), the GET stream's
 * heartbeats, a broken stream leaving its session alive, batches on 2025-03-26, and the request timeout.
 */
class ResponseModeTest {

    static final String BOTH = "application/json, text/event-stream";
    static final HttpTestFixtures fixtures = new HttpTestFixtures();
    static McpServer mcp;
    static EmbeddedJetty jetty;
    static final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        mcp = fixtures.server();
        var config = HttpTransportConfig.forBinding("127.0.0.1")
                .withTimeouts(Duration.ofSeconds(2), Duration.ofMinutes(1), Duration.ofMillis(100));
        jetty = EmbeddedJetty.start("127.0.0.1", 0, new McpServlet(mcp, config));
    }

    @AfterAll
    static void stop() throws Exception {
        jetty.close();
        mcp.close();
    }

    @Test
    void resultAloneIsJson() throws Exception {
        String session = initialize("2025-11-25");
        var response = post(session, call(5, "echo", "{\"text\":\"plain\"}"));
        assertEquals(200, response.statusCode());
        assertEquals("application/json", contentType(response));
        assertEquals("plain", json(response.body()).getJsonObject("result").getJsonArray("content")
                .getJsonObject(0).getString("text"));
    }

    @Test
    void progressAndLogsBeforeTheResultMakeAnEventStream() throws Exception {
        String session = initialize("2025-11-25");
        post(session, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"debug\"}}");
        var response = post(session, "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/call\",\"params\":{\"name\":\"steps\","
                + "\"arguments\":{},\"_meta\":{\"progressToken\":\"tok\"}}}");
        assertEquals(200, response.statusCode());
        assertEquals("text/event-stream", contentType(response));
        assertEquals("no-cache", response.headers().firstValue("Cache-Control").orElse(""));
        List<JsonObject> events = events(response.body());
        List<String> kinds = events.stream().map(e -> e.getString("method", "response")).toList();
        assertEquals(List.of("notifications/message", "notifications/progress", "notifications/message",
                "notifications/progress", "notifications/message", "notifications/progress", "response"), kinds);
        assertEquals(6, events.get(events.size() - 1).getInt("id"));
    }

    @Test
    void getStreamBeatsAndABrokenStreamLeavesTheSessionAlive() throws Exception {
        String session = initialize("2025-11-25");
        var get = HttpRequest.newBuilder(URI.create(jetty.url())).header("Accept", "text/event-stream")
                .header("Mcp-Session-Id", session).GET().build();
        var stream = http.send(get, HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, stream.statusCode());
        var reader = new BufferedReader(new InputStreamReader(stream.body(), StandardCharsets.UTF_8));
        assertEquals(": keep-alive", reader.readLine(), "a heartbeat comment within the interval");
        stream.body().close();
        // The next heartbeat finds the stream broken and detaches it; the session itself goes on.
        HttpResponse<java.io.InputStream> again = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            again = http.send(get, HttpResponse.BodyHandlers.ofInputStream());
            if (again.statusCode() == 200) {
                break;
            }
            again.body().close();
            TimeUnit.MILLISECONDS.sleep(100);
        }
        assertEquals(200, again.statusCode(), "a new GET stream once the broken one was noticed");
        again.body().close();
        assertEquals(200, post(session, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}").statusCode());
    }

    @Test
    void batchOn20250326IsAnsweredAsAnArray() throws Exception {
        String session = initialize("2025-03-26");
        var response = post(session, "[{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"ping\"},"
                + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"},"
                + "{\"jsonrpc\":\"2.0\",\"id\":\"b\",\"method\":\"ping\"}]");
        assertEquals(200, response.statusCode());
        var answers = Json.createReader(new StringReader(response.body())).readArray();
        assertEquals(2, answers.size(), response.body());
    }

    @Test
    void requestThatOutlivesTheTimeoutIs503AndTheSessionStays() throws Exception {
        String session = initialize("2025-11-25");
        var response = post(session, call(8, "block", "{}"));
        assertEquals(503, response.statusCode(), response.body());
        assertEquals(-32000, json(response.body()).getJsonObject("error").getInt("code"));
        post(session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":8}}");
        assertTrue(fixtures.blockCancelled.await(10, TimeUnit.SECONDS), "the blocked tool saw the cancel");
        assertEquals(200, post(session, "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\"}").statusCode());
    }

    // ---- helpers

    static String initialize(String version) throws Exception {
        var init = post(null, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\""
                + version + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
        assertEquals(200, init.statusCode(), init.body());
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
        post(session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return session;
    }

    static String call(int id, String tool, String arguments) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + "}}";
    }

    static HttpResponse<String> post(String session, String body) throws Exception {
        var builder = HttpRequest.newBuilder(URI.create(jetty.url())).timeout(Duration.ofSeconds(20))
                .header("Accept", BOTH).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (session != null) {
            builder.header("Mcp-Session-Id", session);
        }
        return http.send(builder.build(), HttpResponse.BodyHandlers.ofString());
    }

    static List<JsonObject> events(String body) {
        List<JsonObject> events = new ArrayList<>();
        for (String line : body.split("\n")) {
            if (line.startsWith("data: ")) {
                events.add(json(line.substring(6)));
            }
        }
        return events;
    }

    static String contentType(HttpResponse<?> response) {
        return response.headers().firstValue("Content-Type").orElse("").split(";")[0];
    }

    static JsonObject json(String text) {
        return Json.createReader(new StringReader(text)).readObject();
    }

}
