package dev.graphiti.webapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The WAR, unchanged, on a real Jakarta EE 10 server (Payara Micro from Maven Central): the official
 * Java SDK client initializes, lists the tools, adds a fact and finds it again, then DELETE ends the
 * session. The server gets its data location as GRAPHITI_HOME, the way an operator configures it.
 */
class WarOnPayaraMicroIT {

    static Path work;
    static Path home;
    static PayaraMicro payara;
    static long startMillis;

    @BeforeAll
    static void start() throws Exception {
        Path target = Path.of(System.getProperty("graphiti.war")).getParent();
        work = Files.createTempDirectory(Files.createDirectories(target.resolve("payara-it")), "run-");
        home = Files.createDirectories(work.resolve("graphiti-home"));
        long start = System.nanoTime();
        payara = PayaraMicro.start(Path.of(System.getProperty("payara.micro.jar")), Path.of(System.getProperty("graphiti.war")),
                work, Map.of("GRAPHITI_HOME", home.toString()),
                Duration.ofMinutes(5));
        startMillis = (System.nanoTime() - start) / 1_000_000;
        System.out.println("Payara Micro deployed the WAR in " + startMillis + " ms; log " + payara.log());
    }

    @AfterAll
    static void stop() throws Exception {
        if (payara != null) {
            payara.close();
        }
    }

    McpSyncClient client(AtomicReference<String> sessionId) {
        var transport = HttpClientStreamableHttpTransport.builder(payara.base())
                .endpoint(PayaraMicro.CONTEXT + "/mcp")
                .httpRequestCustomizer((builder, method, uri, body, context) -> {
                    builder.copy().build().headers().firstValue("Mcp-Session-Id").ifPresent(sessionId::set);
                })
                .build();
        return McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60)).build();
    }

    @Test
    void sdkClientAddsAndFindsAFactThenDeleteEndsTheSession() throws Exception {
        var sessionId = new AtomicReference<String>();
        McpSyncClient client = client(sessionId);
        try {
            McpSchema.InitializeResult init = client.initialize();
            assertEquals("graphiti", init.serverInfo().name());
            var tools = client.listTools().tools().stream().map(McpSchema.Tool::name).toList();
            assertTrue(tools.contains("graphiti_add") && tools.contains("graphiti_search"), tools.toString());

            var added = client.callTool(new McpSchema.CallToolRequest("graphiti_add", Map.of(
                    "content", "The team server runs Payara Micro behind a bearer token", "kind", "decision",
                    "scope", "global")));
            assertFalse(Boolean.TRUE.equals(added.isError()), text(added));
            var found = client.callTool(new McpSchema.CallToolRequest("graphiti_search", Map.of(
                    "query", "Payara bearer", "scope", "global")));
            assertFalse(Boolean.TRUE.equals(found.isError()), text(found));
            assertTrue(text(found).contains("Payara Micro behind a bearer token"), text(found));
            try (Stream<Path> files = Files.walk(home)) {
                assertTrue(files.anyMatch(Files::isRegularFile), "the graph lives under graphiti.home " + home);
            }
        } finally {
            client.closeGracefully();
        }
        String session = sessionId.get();
        assertNotNull(session, "the SDK sent the session id back");
        int deleted = send(request(session).DELETE()).statusCode();
        assertTrue(deleted == 204 || deleted == 404, "the SDK may have sent DELETE on close already: " + deleted);
        assertEquals(404, send(request(session).POST(ping())).statusCode(), "an ended session is gone");
    }

    static String text(McpSchema.CallToolResult result) {
        return result.content().stream().filter(McpSchema.TextContent.class::isInstance)
                .map(c -> ((McpSchema.TextContent) c).text()).reduce("", String::concat);
    }

    static HttpRequest.BodyPublisher ping() {
        return HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}");
    }

    static HttpRequest.Builder request(String session) {
        var builder = HttpRequest.newBuilder(payara.endpoint()).timeout(Duration.ofSeconds(60))
                .header("Accept", "application/json, text/event-stream").header("Content-Type", "application/json")
                .header("MCP-Protocol-Version", "2025-06-18");
        if (session != null) {
            builder.header("Mcp-Session-Id", session);
        }
        return builder;
    }

    static HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
