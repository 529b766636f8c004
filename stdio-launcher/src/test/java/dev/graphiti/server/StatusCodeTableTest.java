package dev.graphiti.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.http.BearerTokens;
import dev.graphiti.http.HttpTransportConfig;
import dev.graphiti.http.McpServlet;
import dev.graphiti.protocol.session.McpServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every row of the streamable-HTTP status table (docs/mcp.md "Streamable HTTP"), against embedded Jetty on a
 * real port. Each refusal must carry a JSON-RPC error object as its body, never container HTML.
 */
class StatusCodeTableTest {

    static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
            + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
    static final String PING = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}";
    static final String BOTH = "application/json, text/event-stream";

    static McpServer mcp;
    static EmbeddedJetty jetty;
    static final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeAll
    static void start() throws Exception {
        mcp = new HttpTestFixtures().server();
        var config = HttpTransportConfig.forBinding("127.0.0.1").withLimits(64 * 1024, 100, Duration.ofMinutes(5));
        jetty = EmbeddedJetty.start("127.0.0.1", 0, new McpServlet(mcp, config));
    }

    @AfterAll
    static void stop() throws Exception {
        jetty.close();
        mcp.close();
    }

    @Test
    void otherPathsAre404() throws Exception {
        assertRejected(send("POST", "/other", Map.of("Accept", BOTH, "Content-Type", "application/json"), PING), 404, -32000);
        assertRejected(send("POST", "/mcp/extra", Map.of("Accept", BOTH, "Content-Type", "application/json"), PING), 404, -32000);
    }

    @Test
    void foreignHostIs421AndMissingHostIs400() throws Exception {
        var foreign = RawHttp.send(jetty.port(), "POST /mcp HTTP/1.1\r\nHost: evil.example.com\r\nAccept: " + BOTH
                + "\r\nContent-Type: application/json\r\n", INIT);
        assertEquals(421, foreign.status(), foreign.head());
        assertEquals(-32000, json(foreign.body()).getJsonObject("error").getInt("code"));
        var missing = RawHttp.send(jetty.port(), "POST /mcp HTTP/1.1\r\nAccept: " + BOTH
                + "\r\nContent-Type: application/json\r\n", INIT);
        assertEquals(400, missing.status(), missing.head());
        assertTrue(missing.head().toLowerCase().contains("content-type: application/json"), missing.head());
        assertTrue(json(missing.body()).containsKey("error"), missing.body());
        var loopback = RawHttp.send(jetty.port(), "POST /mcp HTTP/1.1\r\nHost: localhost:" + jetty.port()
                + "\r\nAccept: " + BOTH + "\r\nContent-Type: application/json\r\n", INIT);
        assertEquals(200, loopback.status(), loopback.head());
    }

    @Test
    void foreignOriginIs403() throws Exception {
        assertRejected(post(Map.of("Origin", "http://evil.example.com"), INIT), 403, -32000);
        assertEquals(200, post(Map.of("Origin", "http://localhost:5173"), INIT).statusCode());
    }

    @Test
    void missingOrWrongBearerTokenIs401WhenATokenIsSet() throws Exception {
        var config = HttpTransportConfig.forBinding("127.0.0.1").withTokens(BearerTokens.parse("s3cret-token-0123456789"));
        // A fresh client: the shared one may keep a pooled connection to an earlier server on the same port.
        var client = HttpClient.newHttpClient();
        try (var guarded = EmbeddedJetty.start("127.0.0.1", 0, new McpServlet(mcp, config))) {
            var init = HttpRequest.newBuilder(URI.create(guarded.url())).header("Accept", BOTH)
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(INIT));
            var missing = client.send(init.build(), HttpResponse.BodyHandlers.ofString());
            assertRejected(missing, 401, -32000);
            assertEquals("Bearer", missing.headers().firstValue("WWW-Authenticate").orElse(""));
            assertFalse(missing.body().contains("s3cret"), "the token is never echoed");
            var wrong = client.send(init.copy().header("Authorization", "Bearer guess").build(), HttpResponse.BodyHandlers.ofString());
            assertRejected(wrong, 401, -32000);
            var right = client.send(init.copy().header("Authorization", "Bearer s3cret-token-0123456789").build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, right.statusCode(), right.body());
        }
    }

    @Test
    void otherMethodsAre405WithAllow() throws Exception {
        var response = send("PUT", "/mcp", Map.of("Accept", BOTH, "Content-Type", "application/json"), PING);
        assertRejected(response, 405, -32000);
        assertEquals("GET, POST, DELETE", response.headers().firstValue("Allow").orElse(""));
    }

    @Test
    void postMustAcceptJsonAndEventStream() throws Exception {
        assertRejected(send("POST", "/mcp", Map.of("Accept", "application/json", "Content-Type", "application/json"), INIT), 406, -32000);
        assertRejected(send("POST", "/mcp", Map.of("Accept", "text/event-stream", "Content-Type", "application/json"), INIT), 406, -32000);
        assertRejected(send("POST", "/mcp", Map.of("Content-Type", "application/json"), INIT), 406, -32000);
    }

    @Test
    void getMustAcceptEventStream() throws Exception {
        String session = initialize();
        assertRejected(send("GET", "/mcp", Map.of("Accept", "application/json", "Mcp-Session-Id", session), null), 406, -32000);
    }

    @Test
    void postMustBeJson() throws Exception {
        assertRejected(send("POST", "/mcp", Map.of("Accept", BOTH, "Content-Type", "text/plain"), INIT), 415, -32000);
        assertRejected(send("POST", "/mcp", Map.of("Accept", BOTH), INIT), 415, -32000);
    }

    @Test
    void oversizedBodyIs413() throws Exception {
        String big = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\",\"params\":{\"pad\":\"" + "x".repeat(70 * 1024) + "\"}}";
        assertRejected(post(Map.of(), big), 413, -32000);
    }

    @Test
    void unparsableBodyIs400ParseError() throws Exception {
        assertRejected(post(Map.of(), "{not json"), 400, -32700);
    }

    @Test
    void nonJsonRpcBodyIs400InvalidRequest() throws Exception {
        assertRejected(post(Map.of(), "{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"ping\"}"), 400, -32600);
    }

    @Test
    void missingSessionIs400() throws Exception {
        assertRejected(post(Map.of(), PING), 400, -32000);
        assertRejected(send("GET", "/mcp", Map.of("Accept", "text/event-stream"), null), 400, -32000);
        assertRejected(send("DELETE", "/mcp", Map.of(), null), 400, -32000);
    }

    @Test
    void unknownSessionIs404() throws Exception {
        assertRejected(post(Map.of("Mcp-Session-Id", "no-such-session"), PING), 404, -32000);
    }

    @Test
    void endedSessionIs404ForEveryMethod() throws Exception {
        String session = initialize();
        var deleted = send("DELETE", "/mcp", Map.of("Mcp-Session-Id", session), null);
        assertEquals(204, deleted.statusCode());
        assertRejected(post(Map.of("Mcp-Session-Id", session), PING), 404, -32000);
        assertRejected(send("GET", "/mcp", Map.of("Accept", "text/event-stream", "Mcp-Session-Id", session), null), 404, -32000);
        assertRejected(send("DELETE", "/mcp", Map.of("Mcp-Session-Id", session), null), 404, -32000);
    }

    @Test
    void unsupportedProtocolVersionIs400AndMissingMeans20250326() throws Exception {
        String session = initialize();
        assertRejected(post(Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", "1999-01-01"), PING), 400, -32000);
        assertRejected(post(Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", "2024-11-05"), PING), 400, -32000);
        var assumed = post(Map.of("Mcp-Session-Id", session), PING);
        assertEquals(200, assumed.statusCode());
        assertEquals("{}", json(assumed.body()).getJsonObject("result").toString());
    }

    @Test
    void secondGetStreamIs409() throws Exception {
        String session = initialize();
        var first = http.send(request("GET", "/mcp", Map.of("Accept", "text/event-stream", "Mcp-Session-Id", session), null),
                HttpResponse.BodyHandlers.ofInputStream());
        try {
            assertEquals(200, first.statusCode());
            assertEquals("text/event-stream", first.headers().firstValue("Content-Type").orElse("").split(";")[0]);
            assertEquals("no-cache", first.headers().firstValue("Cache-Control").orElse(""));
            assertEquals("no", first.headers().firstValue("X-Accel-Buffering").orElse(""));
            assertRejected(send("GET", "/mcp", Map.of("Accept", "text/event-stream", "Mcp-Session-Id", session), null), 409, -32000);
        } finally {
            first.body().close();
            send("DELETE", "/mcp", Map.of("Mcp-Session-Id", session), null);
        }
    }

    @Test
    void notificationIs202WithEmptyBody() throws Exception {
        String session = initialize();
        var accepted = post(Map.of("Mcp-Session-Id", session), "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        assertEquals(202, accepted.statusCode());
        assertEquals("", accepted.body());
        send("DELETE", "/mcp", Map.of("Mcp-Session-Id", session), null);
    }

    /** A full store makes room by ending an idle session; only when every session is answering a request is it 503. */
    @Test
    void fullStoreOfBusySessionsIs503WithRetryAfter() throws Exception {
        var config = HttpTransportConfig.forBinding("127.0.0.1").withLimits(64 * 1024, 2, Duration.ofMinutes(5));
        var client = HttpClient.newHttpClient();
        var fixtures = new HttpTestFixtures();
        try (var busy = fixtures.server(); var small = EmbeddedJetty.start("127.0.0.1", 0, new McpServlet(busy, config))) {
            var init = HttpRequest.newBuilder(URI.create(small.url())).header("Accept", BOTH)
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(INIT)).build();
            for (int i = 0; i < 2; i++) {
                var opened = client.send(init, HttpResponse.BodyHandlers.ofString());
                assertEquals(200, opened.statusCode());
                var block = HttpRequest.newBuilder(URI.create(small.url())).header("Accept", BOTH)
                        .header("Content-Type", "application/json")
                        .header("Mcp-Session-Id", opened.headers().firstValue("Mcp-Session-Id").orElseThrow())
                        .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\","
                                + "\"params\":{\"name\":\"block\",\"arguments\":{}}}")).build();
                client.sendAsync(block, HttpResponse.BodyHandlers.discarding());
            }
            assertTrue(fixtures.blockStarted.tryAcquire(2, 30, TimeUnit.SECONDS), "both sessions are answering a call");
            var refused = client.send(init, HttpResponse.BodyHandlers.ofString());
            assertRejected(refused, 503, -32000);
            assertTrue(refused.headers().firstValue("Retry-After").isPresent());
        }
    }

    @Test
    void initializeIssuesSessionAndAnswersJson() throws Exception {
        var response = post(Map.of(), INIT);
        assertEquals(200, response.statusCode());
        assertEquals("application/json", response.headers().firstValue("Content-Type").orElse("").split(";")[0]);
        String session = response.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertTrue(session.matches("[\\x21-\\x7E]{32,}"), session);
        assertEquals("2025-11-25", json(response.body()).getJsonObject("result").getString("protocolVersion"));
        send("DELETE", "/mcp", Map.of("Mcp-Session-Id", session), null);
    }

    @Test
    void failedInitializeIssuesNoSession() throws Exception {
        var response = post(Map.of(), "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}");
        assertEquals(200, response.statusCode());
        assertTrue(json(response.body()).containsKey("error"));
        assertFalse(response.headers().firstValue("Mcp-Session-Id").isPresent());
    }

    // ---- helpers

    static String initialize() throws Exception {
        var response = post(Map.of(), INIT);
        assertEquals(200, response.statusCode(), response.body());
        String session = response.headers().firstValue("Mcp-Session-Id").orElseThrow();
        post(Map.of("Mcp-Session-Id", session), "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return session;
    }

    static HttpResponse<String> post(Map<String, String> headers, String body) throws Exception {
        var all = new java.util.HashMap<>(Map.of("Accept", BOTH, "Content-Type", "application/json"));
        all.putAll(headers);
        return send("POST", "/mcp", all, body);
    }

    static HttpResponse<String> send(String method, String path, Map<String, String> headers, String body) throws Exception {
        return http.send(request(method, path, headers, body), HttpResponse.BodyHandlers.ofString());
    }

    static HttpRequest request(String method, String path, Map<String, String> headers, String body) {
        var builder = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + jetty.port() + path))
                .timeout(Duration.ofSeconds(20))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(builder::header);
        return builder.build();
    }

    static void assertRejected(HttpResponse<String> response, int status, int code) {
        assertEquals(status, response.statusCode(), response.body());
        assertEquals("application/json", response.headers().firstValue("Content-Type").orElse("").split(";")[0], response.body());
        JsonObject body = json(response.body());
        assertEquals("2.0", body.getString("jsonrpc"));
        assertEquals(code, body.getJsonObject("error").getInt("code"), response.body());
        assertFalse(body.getJsonObject("error").getString("message").isBlank());
        assertFalse(List.of(response.body()).get(0).contains("<html"), response.body());
    }

    static JsonObject json(String text) {
        return Json.createReader(new StringReader(text)).readObject();
    }
}
