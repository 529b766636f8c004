package dev.graphiti.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import no.nav.security.mock.oauth2.token.DefaultOAuth2TokenCallback;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged jar as a team runs it: {@code mcp serve --transport http --host 0.0.0.0} with two members'
 * tokens in GRAPHITI_HTTP_TOKEN and the data location as {@code -Dgraphiti.home}. The official SDK client
 * with one member's token adds a fact and finds it; no token or a wrong one gets 401; SIGTERM stops the
 * server gracefully; and nothing the server wrote contains a token.
 */
class TeamServerIT {

    static final String ALICE = "alice-team-token-0123456789";
    static final String BOB = "bob-team-token-9876543210";
    static final String CAROL = "carol-guessed-token-555555";
    static final Pattern READY = Pattern.compile("MCP server \\(streamable HTTP\\) at http://[^:]+:(\\d+)/mcp");

    @TempDir
    Path dir;

    @Test
    void aMemberAddsAndFindsAFactAndNoTokenIsEverLogged() throws Exception {
        Path home = dir.resolve("team-home");
        Path log = dir.resolve("server.log");
        var builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dgraphiti.home=" + home, "-jar", Path.of(System.getProperty("graphiti.jar")).toAbsolutePath().toString(),
                "mcp", "serve", "--transport", "http", "--host", "0.0.0.0", "--port", "0")
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().remove("GRAPHITI_HOME");
        builder.environment().put("HOME", dir.toString());
        builder.environment().put("GRAPHITI_HTTP_TOKEN", ALICE + "," + BOB);
        Process server = builder.start();
        try {
            URI endpoint = URI.create("http://127.0.0.1:" + awaitPort(server, log) + "/mcp");
            var http = HttpClient.newHttpClient();
            var missing = http.send(initialize(endpoint).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(401, missing.statusCode(), missing.body());
            assertEquals("Bearer", missing.headers().firstValue("WWW-Authenticate").orElse(""));
            var wrong = http.send(initialize(endpoint).header("Authorization", "Bearer " + CAROL).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(401, wrong.statusCode(), wrong.body());

            var transport = HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + endpoint.getPort())
                    .httpRequestCustomizer((request, method, uri, body, context) ->
                            request.header("Authorization", "Bearer " + BOB))
                    .build();
            var client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60)).build();
            try {
                assertEquals("graphiti", client.initialize().serverInfo().name());
                var added = client.callTool(new McpSchema.CallToolRequest("graphiti_add", Map.of(
                        "content", "The team graph runs on one shared server with a token per member",
                        "kind", "decision", "scope", "global")));
                assertFalse(Boolean.TRUE.equals(added.isError()), text(added));
                var found = client.callTool(new McpSchema.CallToolRequest("graphiti_search", Map.of(
                        "query", "shared server token", "scope", "global")));
                assertTrue(text(found).contains("one shared server with a token per member"), text(found));
            } finally {
                client.closeGracefully();
            }
            assertTrue(Files.isRegularFile(home.resolve("global.db")), "the graph lives under -Dgraphiti.home");
        } finally {
            server.destroy();
            assertTrue(server.waitFor(60, TimeUnit.SECONDS), "SIGTERM stops the server");
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertTrue(output.contains("2 bearer token(s) required") && output.contains("MCP server stopped"), output);
        for (String token : List.of(ALICE, BOB, CAROL)) {
            assertFalse(output.contains(token), "a token in the server's output:\n" + output);
        }
    }

    /**
     * The packaged jar with an identity provider (mock-oauth2-server, running in this test) and no shared token: it
     * listens beyond loopback, publishes its Protected Resource Metadata, lets the SDK client in with an access token
     * the issuer signed, and never writes a token to its output.
     */
    @Test
    void aTeamOnAnIdentityProviderNeedsNoSharedToken() throws Exception {
        var issuer = new MockOAuth2Server();
        issuer.start();
        int port;
        try (var socket = new java.net.ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        String resource = "http://127.0.0.1:" + port + "/mcp";
        Path log = dir.resolve("oauth-server.log");
        var builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dgraphiti.home=" + dir.resolve("oauth-home"), "-jar", Path.of(System.getProperty("graphiti.jar")).toAbsolutePath().toString(),
                "mcp", "serve", "--transport", "http", "--host", "0.0.0.0", "--port", String.valueOf(port))
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().remove("GRAPHITI_HOME");
        builder.environment().remove("GRAPHITI_HTTP_TOKEN");
        builder.environment().put("HOME", dir.toString());
        builder.environment().put("GRAPHITI_OAUTH_ISSUER", issuer.issuerUrl("team").toString());
        builder.environment().put("GRAPHITI_OAUTH_RESOURCE", resource);
        builder.environment().put("GRAPHITI_OAUTH_SCOPES", "graphiti");
        String token = issuer.issueToken("team", "graphiti-client", new DefaultOAuth2TokenCallback("team", "dana", "JWT",
                List.of(resource), Map.of("scope", "graphiti"), 600)).serialize();
        Process server = builder.start();
        try {
            assertEquals(port, awaitPort(server, log));
            var http = HttpClient.newHttpClient();
            var missing = http.send(initialize(URI.create(resource)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(401, missing.statusCode(), missing.body());
            String metadataUrl = "http://127.0.0.1:" + port + "/.well-known/oauth-protected-resource/mcp";
            assertEquals("Bearer resource_metadata=\"" + metadataUrl + "\", scope=\"graphiti\"",
                    missing.headers().firstValue("WWW-Authenticate").orElse(""));
            var metadata = http.send(HttpRequest.newBuilder(URI.create(metadataUrl)).GET().build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, metadata.statusCode(), metadata.body());
            assertTrue(metadata.body().contains("\"authorization_servers\":[\"" + issuer.issuerUrl("team") + "\"]"), metadata.body());

            var transport = HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + port)
                    .httpRequestCustomizer((request, method, uri, body, context) -> request.header("Authorization", "Bearer " + token))
                    .build();
            var client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60)).build();
            try {
                assertEquals("graphiti", client.initialize().serverInfo().name());
                var added = client.callTool(new McpSchema.CallToolRequest("graphiti_add", Map.of(
                        "content", "The team signs in to graphiti through the identity provider", "kind", "decision", "scope", "global")));
                assertFalse(Boolean.TRUE.equals(added.isError()), text(added));
                var found = client.callTool(new McpSchema.CallToolRequest("graphiti_search", Map.of(
                        "query", "identity provider", "scope", "global")));
                assertTrue(text(found).contains("signs in to graphiti through the identity provider"), text(found));
            } finally {
                client.closeGracefully();
            }
        } finally {
            server.destroy();
            assertTrue(server.waitFor(60, TimeUnit.SECONDS), "SIGTERM stops the server");
            issuer.shutdown();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertTrue(output.contains("OAuth access tokens for " + resource), output);
        assertFalse(output.contains(token), "a token in the server's output:\n" + output);
    }

    static int awaitPort(Process server, Path log) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            String output = Files.readString(log, StandardCharsets.UTF_8);
            Matcher ready = READY.matcher(output);
            if (ready.find()) {
                return Integer.parseInt(ready.group(1));
            }
            assertTrue(server.isAlive(), "the server exited:\n" + output);
            TimeUnit.MILLISECONDS.sleep(100);
        }
        throw new AssertionError("the server did not start in time:\n" + Files.readString(log, StandardCharsets.UTF_8));
    }

    static HttpRequest.Builder initialize(URI endpoint) {
        return HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(30))
                .header("Accept", "application/json, text/event-stream").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
                        + "\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                        + "\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}}"));
    }

    static String text(McpSchema.CallToolResult result) {
        return result.content().stream().filter(McpSchema.TextContent.class::isInstance)
                .map(c -> ((McpSchema.TextContent) c).text()).collect(Collectors.joining("\n"));
    }
}
