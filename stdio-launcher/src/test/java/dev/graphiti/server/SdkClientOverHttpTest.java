package dev.graphiti.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.conformance.FixtureServer;
import dev.graphiti.http.HttpTransportConfig;
import dev.graphiti.protocol.session.McpServer;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The official MCP Java SDK client (HttpClientStreamableHttpTransport) against the CDI-managed servlet
 * on embedded Jetty, real port, serving the conformance fixtures.
 */
class SdkClientOverHttpTest {

    static McpServer mcp;
    static CdiServer cdi;
    static EmbeddedJetty jetty;

    final List<McpSchema.LoggingMessageNotification> logs = new CopyOnWriteArrayList<>();
    final List<McpSchema.ProgressNotification> progress = new CopyOnWriteArrayList<>();
    final AtomicReference<String> sessionId = new AtomicReference<>();
    final AtomicReference<String> lastToolCallId = new AtomicReference<>();
    McpSyncClient client;

    @BeforeAll
    static void start() throws Exception {
        mcp = FixtureServer.server();
        cdi = CdiServer.boot(HttpTransportConfig.forBinding("127.0.0.1"), mcp);
        jetty = EmbeddedJetty.start("127.0.0.1", 0, cdi.servlet());
    }

    @AfterAll
    static void stop() throws Exception {
        jetty.close();
        cdi.close();
        mcp.close();
    }

    @AfterEach
    void closeClient() {
        if (client != null) {
            client.close();
        }
    }

    McpSyncClient connect() {
        var transport = HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + jetty.port())
                .endpoint(EmbeddedJetty.ENDPOINT)
                .httpRequestCustomizer((builder, method, uri, body, context) -> {
                    builder.copy().build().headers().firstValue("Mcp-Session-Id").ifPresent(sessionId::set);
                    if (body != null && body.contains("\"tools/call\"")) {
                        Matcher m = Pattern.compile("\"id\"\\s*:\\s*(\"[^\"]*\"|\\d+)").matcher(body);
                        if (m.find()) {
                            lastToolCallId.set(m.group(1));
                        }
                    }
                })
                .build();
        client = McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(20))
                .capabilities(McpSchema.ClientCapabilities.builder().roots(true).build())
                .loggingConsumer(logs::add)
                .progressConsumer(progress::add)
                .build();
        return client;
    }

    @Test
    void initializeListCallReadPing() {
        var c = connect();
        McpSchema.InitializeResult init = c.initialize();
        assertEquals("2025-11-25", init.protocolVersion());
        assertEquals("graphiti", init.serverInfo().name());
        var tools = c.listTools().tools().stream().map(McpSchema.Tool::name).toList();
        assertTrue(tools.contains("test_simple_text"), tools.toString());
        var result = c.callTool(new McpSchema.CallToolRequest("test_echo", Map.of("text", "hi over http")));
        assertFalse(Boolean.TRUE.equals(result.isError()));
        assertEquals("hi over http", ((McpSchema.TextContent) result.content().get(0)).text());
        var read = c.readResource(new McpSchema.ReadResourceRequest("test://static-text"));
        assertTrue(((McpSchema.TextResourceContents) read.contents().get(0)).text().length() > 0);
        assertNotNull(c.ping());
    }

    @Test
    void progressAndLogsArriveBeforeTheResult() {
        var c = connect();
        c.initialize();
        c.setLoggingLevel(McpSchema.LoggingLevel.DEBUG);
        var withProgress = c.callTool(McpSchema.CallToolRequest.builder().name("test_tool_with_progress")
                .arguments(Map.of()).progressToken("p-1").build());
        assertFalse(Boolean.TRUE.equals(withProgress.isError()));
        awaitSize(progress, 2);
        assertTrue(progress.size() >= 2, "progress notifications: " + progress);
        assertTrue(progress.stream().allMatch(p -> "p-1".equals(p.progressToken())), progress.toString());
        // The SDK hands notifications to consumers asynchronously, so their arrival order here is not the
        // wire order (ResponseModeTest checks that); the values must still be distinct.
        var values = progress.stream().map(McpSchema.ProgressNotification::progress).sorted().toList();
        assertEquals(values.size(), values.stream().distinct().count(), values.toString());
        var withLogs = c.callTool(new McpSchema.CallToolRequest("test_tool_with_logging", Map.of()));
        assertFalse(Boolean.TRUE.equals(withLogs.isError()));
        awaitSize(logs, 1);
        assertTrue(logs.size() >= 1, "log notifications: " + logs);
    }

    @Test
    void cancellationStopsTheTool() throws Exception {
        var c = connect();
        c.initialize();
        CompletableFuture<McpSchema.CallToolResult> call = CompletableFuture.supplyAsync(
                () -> c.callTool(McpSchema.CallToolRequest.builder().name("test_wait_for_cancel")
                        .arguments(Map.of()).progressToken("w-1").build()));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (progress.isEmpty() && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(20);
        }
        assertFalse(progress.isEmpty(), "the tool reported progress before the cancel");
        // The Java SDK has no API to cancel a request; send notifications/cancelled on its session as a client would.
        String cancel = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":"
                + lastToolCallId.get() + ",\"reason\":\"test\"}}";
        var response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(jetty.url()))
                .header("Accept", "application/json, text/event-stream").header("Content-Type", "application/json")
                .header("Mcp-Session-Id", sessionId.get()).header("MCP-Protocol-Version", "2025-11-25")
                .POST(HttpRequest.BodyPublishers.ofString(cancel)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(202, response.statusCode(), response.body());
        String outcome = "";
        deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!outcome.equals("cancelled") && System.nanoTime() < deadline) {
            var last = c.callTool(new McpSchema.CallToolRequest("test_last_wait_outcome", Map.of()));
            outcome = ((McpSchema.TextContent) last.content().get(0)).text();
            TimeUnit.MILLISECONDS.sleep(20);
        }
        assertEquals("cancelled", outcome);
        call.cancel(true);
        assertTrue(c.ping() != null, "the session survives the cancelled request");
    }

    @Test
    void deleteEndsTheSessionThen404() throws Exception {
        var c = connect();
        c.initialize();
        c.ping();
        String session = sessionId.get();
        assertNotNull(session, "the SDK sent our session id back");
        c.closeGracefully();
        client = null;
        var http = HttpClient.newHttpClient();
        var ping = HttpRequest.newBuilder(URI.create(jetty.url()))
                .header("Accept", "application/json, text/event-stream").header("Content-Type", "application/json")
                .header("Mcp-Session-Id", session).header("MCP-Protocol-Version", "2025-11-25")
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\"}")).build();
        var delete = HttpRequest.newBuilder(URI.create(jetty.url())).header("Mcp-Session-Id", session).DELETE().build();
        int deleted = http.send(delete, HttpResponse.BodyHandlers.ofString()).statusCode();
        assertTrue(deleted == 204 || deleted == 404, "the SDK may have sent DELETE on close already: " + deleted);
        assertEquals(404, http.send(ping, HttpResponse.BodyHandlers.ofString()).statusCode());
    }

    /** The SDK hands notifications to consumers asynchronously, possibly after the call returned. */
    private static void awaitSize(List<?> received, int count) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (received.size() < count && System.nanoTime() < deadline) {
            try {
                TimeUnit.MILLISECONDS.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
