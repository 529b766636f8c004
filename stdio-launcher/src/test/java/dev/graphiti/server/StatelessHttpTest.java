package dev.graphiti.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One endpoint, both eras: 2026-07-28 requests served without a session (version and capabilities in each
 * request's _meta, the standard headers checked against the body, server/discover, caching hints, the
 * revision's errors and their HTTP statuses) beside 2025-11-25 sessions that initialize as before.
 */
class StatelessHttpTest {

    static final String MODERN = "2026-07-28";
    static final HttpTestFixtures fixtures = new HttpTestFixtures();
    static McpServer mcp;
    static McpServlet servlet;
    static EmbeddedJetty jetty;
    static final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        mcp = fixtures.server();
        servlet = new McpServlet(mcp, HttpTransportConfig.forBinding("127.0.0.1"));
        jetty = EmbeddedJetty.start("127.0.0.1", 0, servlet);
    }

    @AfterAll
    static void stop() throws Exception {
        jetty.close();
        mcp.close();
    }

    @Test
    void discoverNamesBothErasAndOpensNoSession() throws Exception {
        int sessions = servlet.sessionCount();
        var response = stateless(1, "server/discover", "{}");
        assertEquals(200, response.statusCode(), response.body());
        assertTrue(response.headers().firstValue("Mcp-Session-Id").isEmpty(), "no session on 2026-07-28");
        JsonObject result = json(response.body()).getJsonObject("result");
        assertEquals("complete", result.getString("resultType"));
        var versions = result.getJsonArray("supportedVersions").getValuesAs(jakarta.json.JsonString::getString);
        assertEquals(MODERN, versions.get(0));
        assertTrue(versions.contains("2025-11-25"), versions.toString());
        assertTrue(result.getJsonObject("capabilities").containsKey("tools"));
        assertEquals("http-test", result.getJsonObject("_meta").getJsonObject("io.modelcontextprotocol/serverInfo").getString("name"));
        assertEquals("public", result.getString("cacheScope"));
        assertTrue(result.getJsonNumber("ttlMs").longValue() > 0);
        assertEquals(sessions, servlet.sessionCount());
    }

    @Test
    void statelessCallsWorkBesideALegacySession() throws Exception {
        String session = initialize();
        int sessions = servlet.sessionCount();
        var modern = stateless(2, "tools/call", "{\"name\":\"echo\",\"arguments\":{\"text\":\"modern\"}}");
        assertEquals(200, modern.statusCode(), modern.body());
        JsonObject result = json(modern.body()).getJsonObject("result");
        assertEquals("complete", result.getString("resultType"));
        assertEquals("modern", result.getJsonArray("content").getJsonObject(0).getString("text"));

        var legacy = post(Map.of("Mcp-Session-Id", session),
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":{\"text\":\"legacy\"}}}");
        assertEquals(200, legacy.statusCode(), legacy.body());
        JsonObject legacyResult = json(legacy.body()).getJsonObject("result");
        assertFalse(legacyResult.containsKey("resultType"), "2025 results stay as they were");
        assertEquals("legacy", legacyResult.getJsonArray("content").getJsonObject(0).getString("text"));
        assertEquals(sessions, servlet.sessionCount(), "stateless calls open no sessions");
    }

    @Test
    void listsCarryCachingHintsInAStableOrder() throws Exception {
        JsonObject first = json(stateless(4, "tools/list", "{}").body()).getJsonObject("result");
        JsonObject second = json(stateless(5, "tools/list", "{}").body()).getJsonObject("result");
        assertEquals(first.getJsonArray("tools"), second.getJsonArray("tools"));
        assertEquals(List.of("echo", "steps", "block", "slow", "region"),
                first.getJsonArray("tools").getValuesAs(JsonObject.class).stream().map(t -> t.getString("name")).toList());
        assertEquals(300_000, first.getJsonNumber("ttlMs").longValue());
        assertEquals("public", first.getString("cacheScope"));
        JsonObject read = json(stateless(6, "resources/read", "{\"uri\":\"test://hello\"}").body()).getJsonObject("result");
        assertEquals(0, read.getJsonNumber("ttlMs").longValue());
        assertEquals("private", read.getString("cacheScope"));
    }

    @Test
    void anUnsupportedVersionNamesTheSupportedOnes() throws Exception {
        var response = post(Map.of("MCP-Protocol-Version", "1900-01-01", "Mcp-Method", "tools/list"),
                request(7, "tools/list", "{}", "1900-01-01"));
        assertEquals(400, response.statusCode(), response.body());
        JsonObject body = json(response.body());
        assertEquals(7, body.getInt("id"));
        assertEquals(-32022, body.getJsonObject("error").getInt("code"));
        JsonObject data = body.getJsonObject("error").getJsonObject("data");
        assertEquals("1900-01-01", data.getString("requested"));
        assertTrue(data.getJsonArray("supported").toString().contains(MODERN), data.toString());
    }

    @Test
    void headersMustRepeatTheBody() throws Exception {
        String call = request(8, "tools/call", "{\"name\":\"echo\",\"arguments\":{}}", MODERN);
        assertEquals(-32020, error(post(headers("tools/call", "other"), call), 400));
        assertEquals(-32020, error(post(headers("tools/call", null), call), 400), "Mcp-Name is required for tools/call");
        assertEquals(-32020, error(post(headers("tools/list", "echo"), call), 400), "Mcp-Method must be the body's method");
        assertEquals(-32020, error(post(Map.of("MCP-Protocol-Version", "2025-11-25", "Mcp-Method", "tools/call", "Mcp-Name", "echo"),
                call), 400), "the header's version must be the _meta's");
        String encoded = "=?base64?" + Base64.getEncoder().encodeToString("echo".getBytes(StandardCharsets.UTF_8)) + "?=";
        assertEquals(200, post(headers("tools/call", encoded), call).statusCode(), "a base64 Mcp-Name is decoded");
        assertEquals(200, post(headers("tools/call", "  echo "), call).statusCode(), "surrounding whitespace is not part of a value");
    }

    @Test
    void aParameterMarkedXMcpHeaderMustBeInItsHeader() throws Exception {
        String call = request(20, "tools/call", "{\"name\":\"region\",\"arguments\":{\"region\":\"eu-west\"}}", MODERN);
        var mirrored = new LinkedHashMap<>(headers("tools/call", "region"));
        mirrored.put("Mcp-Param-Region", "eu-west");
        assertEquals(200, post(mirrored, call).statusCode());
        assertEquals(-32020, error(post(headers("tools/call", "region"), call), 400), "the value is in the body, so the header is required");
        mirrored.put("Mcp-Param-Region", "us-east");
        assertEquals(-32020, error(post(mirrored, call), 400), "and must say the same");
        mirrored.put("Mcp-Param-Region", "=?base64?ZXUtd2VzdA==?=");
        assertEquals(200, post(mirrored, call).statusCode(), "base64 form decoded");
        mirrored.put("Mcp-Param-Region", "=?base64?ZXUtd2VzdA?=");
        assertEquals(-32020, error(post(mirrored, call), 400), "unpadded base64 is refused");
        String without = request(21, "tools/call", "{\"name\":\"region\",\"arguments\":{}}", MODERN);
        assertEquals(200, post(headers("tools/call", "region"), without).statusCode(), "no value, no header expected");
    }

    @Test
    void missingMetaIsInvalidParams() throws Exception {
        var response = post(headers("tools/list", null), "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/list\",\"params\":{}}");
        assertEquals(-32602, error(response, 400));
        var noCapabilities = post(headers("tools/list", null), "{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"tools/list\",\"params\":"
                + "{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"" + MODERN + "\"}}}");
        assertEquals(-32602, error(noCapabilities, 400));
    }

    @Test
    void sessionEraMethodsAreNotFound() throws Exception {
        for (String method : List.of("initialize", "ping", "logging/setLevel", "resources/subscribe")) {
            var response = stateless(11, method, "{}");
            assertEquals(-32601, error(response, 404), method);
        }
        var get = http.send(HttpRequest.newBuilder(URI.create(jetty.url())).header("Accept", "text/event-stream")
                .header("MCP-Protocol-Version", MODERN).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(405, get.statusCode(), get.body());
    }

    @Test
    void logMessagesOnlyForARequestThatAskedForThem() throws Exception {
        String quiet = stateless(12, "tools/call", "{\"name\":\"steps\",\"arguments\":{}}").body();
        assertFalse(quiet.contains("notifications/message"), quiet);
        var loud = post(headers("tools/call", "steps"), "{\"jsonrpc\":\"2.0\",\"id\":13,\"method\":\"tools/call\",\"params\":"
                + "{\"name\":\"steps\",\"arguments\":{},\"_meta\":" + meta(MODERN, ",\"io.modelcontextprotocol/logLevel\":\"info\"") + "}}");
        assertEquals("text/event-stream", loud.headers().firstValue("Content-Type").orElse("").split(";")[0]);
        assertEquals(3, loud.body().split("notifications/message", -1).length - 1, loud.body());
    }

    @Test
    void aSubscriptionIsAcknowledgedAndEndsWithItsResultAtTheStreamLimit() throws Exception {
        McpServer server = new HttpTestFixtures().server();
        var config = HttpTransportConfig.forBinding("127.0.0.1").withTimeouts(Duration.ofSeconds(30), Duration.ofSeconds(1),
                Duration.ofMillis(200));
        try (var limited = EmbeddedJetty.start("127.0.0.1", 0, new McpServlet(server, config))) {
            String body = "{\"jsonrpc\":\"2.0\",\"id\":\"sub\",\"method\":\"subscriptions/listen\",\"params\":{\"notifications\":"
                    + "{\"resourceSubscriptions\":[\"test://hello\",\"test://nothing\"]},\"_meta\":" + meta(MODERN, "") + "}}";
            var request = HttpRequest.newBuilder(URI.create(limited.url())).timeout(Duration.ofSeconds(20))
                    .header("Accept", "application/json, text/event-stream").header("Content-Type", "application/json")
                    .header("MCP-Protocol-Version", MODERN).header("Mcp-Method", "subscriptions/listen")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build();
            var response = http.send(request, HttpResponse.BodyHandlers.ofString());
            assertEquals("text/event-stream", response.headers().firstValue("Content-Type").orElse("").split(";")[0]);
            List<JsonObject> events = response.body().lines().filter(l -> l.startsWith("data:"))
                    .map(l -> json(l.substring(5).strip())).toList();
            assertEquals("notifications/subscriptions/acknowledged", events.get(0).getString("method"), response.body());
            assertEquals("[\"test://hello\"]", events.get(0).getJsonObject("params").getJsonObject("notifications")
                    .getJsonArray("resourceSubscriptions").toString());
            JsonObject last = events.get(events.size() - 1);
            assertEquals("sub", last.getString("id"), "the graceful end is the listen request's result");
            assertEquals("sub", last.getJsonObject("result").getJsonObject("_meta").getString("io.modelcontextprotocol/subscriptionId"));
        } finally {
            server.close();
        }
    }

    // ---- helpers

    /** A 2025-11-25 session, opened the way a 2025 client opens one. */
    static String initialize() throws Exception {
        var init = post(Map.of(), "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
        assertEquals(200, init.statusCode(), init.body());
        assertEquals("2025-11-25", json(init.body()).getJsonObject("result").getString("protocolVersion"));
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
        post(Map.of("Mcp-Session-Id", session, "MCP-Protocol-Version", "2025-11-25"),
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return session;
    }

    static int error(HttpResponse<String> response, int status) {
        assertEquals(status, response.statusCode(), response.body());
        return json(response.body()).getJsonObject("error").getInt("code");
    }

    static HttpResponse<String> stateless(int id, String method, String params) throws Exception {
        JsonObject parsed = json(params);
        String name = parsed.containsKey("name") ? parsed.getString("name") : parsed.containsKey("uri") ? parsed.getString("uri") : null;
        return post(headers(method, name), request(id, method, params, MODERN));
    }

    static Map<String, String> headers(String method, String name) {
        var headers = new LinkedHashMap<String, String>();
        headers.put("MCP-Protocol-Version", MODERN);
        headers.put("Mcp-Method", method);
        if (name != null) {
            headers.put("Mcp-Name", name);
        }
        return headers;
    }

    static String meta(String version, String extra) {
        return "{\"io.modelcontextprotocol/protocolVersion\":\"" + version + "\",\"io.modelcontextprotocol/clientCapabilities\":{},"
                + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"t\",\"version\":\"1\"}" + extra + "}";
    }

    static String request(int id, String method, String params, String version) {
        String inner = params.substring(1, params.length() - 1).strip();
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":{" + inner
                + (inner.isEmpty() ? "" : ",") + "\"_meta\":" + meta(version, "") + "}}";
    }

    static HttpResponse<String> post(Map<String, String> headers, String body) throws Exception {
        var builder = HttpRequest.newBuilder(URI.create(jetty.url())).timeout(Duration.ofSeconds(20))
                .header("Accept", "application/json, text/event-stream").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(builder::header);
        return http.send(builder.build(), HttpResponse.BodyHandlers.ofString());
    }

    static JsonObject json(String text) {
        return Json.createReader(new StringReader(text)).readObject();
    }
}
