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
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import no.nav.security.mock.oauth2.token.DefaultOAuth2TokenCallback;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The WAR, unchanged, on a real Jakarta EE 10 server (Payara Micro from Maven Central): the official
 * Java SDK client initializes, lists the tools, adds a fact and finds it again, then DELETE ends the
 * session. The server gets its data location, team tokens and OAuth issuer (mock-oauth2-server, running in this
 * test) as system properties, the way an operator configures it.
 */
@Tag("appserver")
class WarOnPayaraMicroIT {

    static final String ALICE = "alice-token-0123456789";
    static final String BOB = "bob-token-9876543210";

    static Path work;
    static Path home;
    static Path projects;
    static Path app;
    static Path outside;
    static PayaraMicro payara;
    static long startMillis;
    static final MockOAuth2Server issuer = new MockOAuth2Server();
    static String resource;

    @BeforeAll
    static void start() throws Exception {
        Path target = Path.of(System.getProperty("graphiti.war")).getParent();
        work = Files.createTempDirectory(Files.createDirectories(target.resolve("payara-it")), "run-");
        home = Files.createDirectories(work.resolve("graphiti-home"));
        projects = Files.createDirectories(work.resolve("projects")).toRealPath();
        app = repository(projects.resolve("app"));
        outside = repository(work.resolve("projects-evil"));
        issuer.start();
        int port = PayaraMicro.freePort();
        resource = "http://127.0.0.1:" + port + PayaraMicro.CONTEXT + "/mcp";
        long start = System.nanoTime();
        payara = PayaraMicro.start(Path.of(System.getProperty("payara.micro.jar")), Path.of(System.getProperty("graphiti.war")),
                work, port, Map.of("graphiti.home", home.toString(), "graphiti.http.token", ALICE + "," + BOB,
                        "graphiti.allowed-roots", projects.toString(), "graphiti.oauth.issuer", issuer.issuerUrl("team").toString(),
                        "graphiti.oauth.resource", resource, "graphiti.oauth.scopes", "graphiti"),
                Duration.ofMinutes(5));
        startMillis = (System.nanoTime() - start) / 1_000_000;
        System.out.println("Payara Micro deployed the WAR in " + startMillis + " ms; log " + payara.log());
    }

    @AfterAll
    static void stop() throws Exception {
        if (payara != null) {
            payara.close();
        }
        issuer.shutdown();
    }

    /** The SDK client with a member's token; {@code sent} gets "METHOD session" for each request in a session. */
    McpSyncClient client(String token, AtomicReference<String> sessionId, List<String> sent) {
        var transport = HttpClientStreamableHttpTransport.builder(payara.base())
                .endpoint(PayaraMicro.CONTEXT + "/mcp")
                .httpRequestCustomizer((builder, method, uri, body, context) -> {
                    builder.header("Authorization", "Bearer " + token);
                    builder.copy().build().headers().firstValue("Mcp-Session-Id").ifPresent(id -> {
                        sessionId.set(id);
                        sent.add(method + " " + id);
                    });
                })
                .build();
        return McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60)).build();
    }

    @Test
    void sdkClientAddsAndFindsAFactThenDeleteEndsTheSession() throws Exception {
        var sessionId = new AtomicReference<String>();
        List<String> sent = new CopyOnWriteArrayList<>();
        McpSyncClient client = client(ALICE, sessionId, sent);
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
        assertTrue(sent.contains("DELETE " + session), "the SDK client ends its session with DELETE: " + sent);
        assertEquals(404, send(request(ALICE, session).POST(ping())).statusCode(), "the deleted session is gone");
        assertEquals(404, send(request(ALICE, session).DELETE()).statusCode(), "and cannot be deleted twice");
    }

    /**
     * graphiti.allowed-roots confines the WAR: a project inside is served, a sibling repository with a common
     * prefix is refused and left untouched, and a client root that is not on the server is an error.
     */
    @Test
    void toolCallsReachOnlyTheAllowedRoots() throws Exception {
        McpSyncClient client = client(BOB, new AtomicReference<>(), new CopyOnWriteArrayList<>());
        try {
            client.initialize();
            var added = client.callTool(new McpSchema.CallToolRequest("graphiti_add", Map.of(
                    "content", "The app's graph lives on the team server", "kind", "decision", "dir", app.toString())));
            assertFalse(Boolean.TRUE.equals(added.isError()), text(added));
            assertTrue(Files.isRegularFile(app.resolve(".graphiti/graph.db")));
            for (String tool : List.of("graphiti_list", "graphiti_index")) {
                var refused = client.callTool(new McpSchema.CallToolRequest(tool, Map.of("dir", outside.toString())));
                assertTrue(Boolean.TRUE.equals(refused.isError())
                        && text(refused).contains("outside the directories this server serves (" + projects + ")"),
                        text(refused));
            }
            assertFalse(Files.exists(outside.resolve(".graphiti")), "nothing written outside the allowed roots");
        } finally {
            client.closeGracefully();
        }
        var laptopRoot = work.resolve("laptop/alice/app");
        var transport = HttpClientStreamableHttpTransport.builder(payara.base()).endpoint(PayaraMicro.CONTEXT + "/mcp")
                .httpRequestCustomizer((builder, method, uri, body, context) -> builder.header("Authorization",
                        "Bearer " + ALICE)).build();
        McpSyncClient laptop = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60))
                .capabilities(McpSchema.ClientCapabilities.builder().roots(false).build())
                .roots(new McpSchema.Root(laptopRoot.toUri().toString(), "app")).build();
        try {
            laptop.initialize();
            var refused = laptop.callTool(new McpSchema.CallToolRequest("graphiti_list", Map.of()));
            assertTrue(Boolean.TRUE.equals(refused.isError()) && text(refused).contains("the client's root " + laptopRoot),
                    text(refused));
        } finally {
            laptop.closeGracefully();
        }
    }

    private static Path repository(Path path) throws IOException, InterruptedException {
        Files.createDirectories(path);
        for (List<String> git : List.of(List.of("init", "-q", "-b", "main"), List.of("-c", "user.name=t", "-c",
                "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "Start"))) {
            var command = new java.util.ArrayList<>(List.of("git"));
            command.addAll(git);
            Process process = new ProcessBuilder(command).directory(path.toFile()).inheritIO().start();
            assertEquals(0, process.waitFor(), "git " + git);
        }
        return path.toRealPath();
    }

    @Test
    void tokensAreCheckedOnTheRealServer() throws Exception {
        var missing = send(post(null, null, initialize()));
        assertEquals(401, missing.statusCode(), missing.body());
        assertTrue(missing.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Bearer"));
        var wrong = send(post("not-" + ALICE, null, initialize()));
        assertEquals(401, wrong.statusCode(), wrong.body());
        assertTrue(wrong.headers().firstValue("WWW-Authenticate").orElse("").contains("invalid_token"));

        var opened = send(post(ALICE, null, initialize()));
        assertEquals(200, opened.statusCode(), opened.body());
        String session = opened.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertEquals(404, send(request(BOB, session).POST(ping())).statusCode(), "Bob cannot use Alice's session");
        assertEquals(200, send(request(ALICE, session).POST(ping())).statusCode(), "Alice still can");
        assertEquals(204, send(request(ALICE, session).DELETE()).statusCode());
    }

    /**
     * The WAR as an OAuth resource server beside the members' tokens (nimbus-jose-jwt inside the WAR, on the
     * application server's class loading): the 401 names the metadata under the context root, the metadata names
     * the issuer, and the issuer's tokens are checked for audience and scope.
     */
    @Test
    void oauthAccessTokensAreCheckedOnTheRealServer() throws Exception {
        String metadataUrl = payara.base() + PayaraMicro.CONTEXT + "/.well-known/oauth-protected-resource/mcp";
        var missing = send(post(null, null, initialize()));
        assertEquals(401, missing.statusCode(), missing.body());
        assertEquals("Bearer resource_metadata=\"" + metadataUrl + "\", scope=\"graphiti\"",
                missing.headers().firstValue("WWW-Authenticate").orElse(""));
        var metadata = HttpClient.newHttpClient().send(HttpRequest.newBuilder(java.net.URI.create(metadataUrl)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, metadata.statusCode(), metadata.body());
        assertTrue(metadata.body().contains("\"resource\":\"" + resource + "\"")
                && metadata.body().contains("\"authorization_servers\":[\"" + issuer.issuerUrl("team") + "\"]"), metadata.body());

        var opened = send(post(token(resource, "graphiti"), null, initialize()));
        assertEquals(200, opened.statusCode(), opened.body());
        String session = opened.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertEquals(200, send(request(token(resource, "graphiti"), session).POST(ping())).statusCode(), "a new token of the same user");
        var elsewhere = send(post(token("http://127.0.0.1:1/mcp", "graphiti"), null, initialize()));
        assertEquals(401, elsewhere.statusCode(), elsewhere.body());
        assertTrue(elsewhere.headers().firstValue("WWW-Authenticate").orElse("").contains("another resource"));
        var unscoped = send(post(token(resource, "profile"), null, initialize()));
        assertEquals(403, unscoped.statusCode(), unscoped.body());
        assertTrue(unscoped.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Bearer error=\"insufficient_scope\", scope=\"graphiti\""));
    }

    static String token(String audience, String scope) {
        return issuer.issueToken("team", "graphiti-client", new DefaultOAuth2TokenCallback("team", "carol", "JWT",
                List.of(audience), Map.of("scope", scope), 600)).serialize();
    }

    /** 2026-07-28 on the WAR: no initialize, no session; the token is checked on every request all the same. */
    @Test
    void statelessRequestsAreServedWithoutASession() throws Exception {
        String meta = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}";
        var discover = send(stateless(ALICE, "server/discover", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\","
                + "\"params\":{" + meta + "}}"));
        assertEquals(200, discover.statusCode(), discover.body());
        assertTrue(discover.body().contains("\"supportedVersions\":[\"2026-07-28\""), discover.body());
        assertTrue(discover.headers().firstValue("Mcp-Session-Id").isEmpty());
        var listed = send(stateless(BOB, "tools/list", "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\",\"params\":{" + meta + "}}"));
        assertEquals(200, listed.statusCode(), listed.body());
        assertTrue(listed.body().contains("\"graphiti_search\"") && listed.body().contains("\"cacheScope\":\"public\""), listed.body());
        var anonymous = send(stateless(null, "tools/list", "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":{" + meta + "}}"));
        assertEquals(401, anonymous.statusCode(), anonymous.body());
    }

    /**
     * The explorer page the WAR serves beside /mcp: its files load without a token (so it can ask for one), the graph
     * only with a member's token, and a change needs the page's CSRF token as well.
     */
    @Test
    void theExplorerBesideTheEndpointNeedsItsToken() throws Exception {
        String explorer = payara.base() + PayaraMicro.CONTEXT + "/explorer/";
        var page = send(HttpRequest.newBuilder(java.net.URI.create(explorer)).GET());
        assertEquals(200, page.statusCode(), page.body());
        var csrf = java.util.regex.Pattern.compile("name=\"graphiti-csrf\" content=\"([^\"]+)\"").matcher(page.body());
        assertTrue(csrf.find(), page.body());
        assertEquals(401, send(HttpRequest.newBuilder(java.net.URI.create(explorer + "api/list")).GET()).statusCode());
        var listed = send(HttpRequest.newBuilder(java.net.URI.create(explorer + "api/list")).header("Authorization", "Bearer " + BOB).GET());
        assertEquals(200, listed.statusCode(), listed.body());
        assertTrue(listed.body().startsWith("["), listed.body());
        var change = HttpRequest.newBuilder(java.net.URI.create(explorer + "api/accept")).header("Authorization", "Bearer " + BOB)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"id\":\"none0000\"}"));
        assertEquals(403, send(change).statusCode(), "without the page's CSRF token");
        assertEquals(404, send(change.header("X-Graphiti-Csrf", csrf.group(1))).statusCode(), "with it: no such item");
    }

    static HttpRequest.Builder stateless(String token, String method, String body) {
        var builder = HttpRequest.newBuilder(payara.endpoint()).timeout(Duration.ofSeconds(60))
                .header("Accept", "application/json, text/event-stream").header("Content-Type", "application/json")
                .header("MCP-Protocol-Version", "2026-07-28").header("Mcp-Method", method)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            builder.header("Authorization", "Bearer " + token);
        }
        return builder;
    }

    static String text(McpSchema.CallToolResult result) {
        return result.content().stream().filter(McpSchema.TextContent.class::isInstance)
                .map(c -> ((McpSchema.TextContent) c).text()).reduce("", String::concat);
    }

    static HttpRequest.BodyPublisher ping() {
        return HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}");
    }

    static String initialize() {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}}";
    }

    static HttpRequest.Builder post(String token, String session, String body) {
        return request(token, session).POST(HttpRequest.BodyPublishers.ofString(body));
    }

    static HttpRequest.Builder request(String token, String session) {
        var builder = HttpRequest.newBuilder(payara.endpoint()).timeout(Duration.ofSeconds(60))
                .header("Accept", "application/json, text/event-stream").header("Content-Type", "application/json")
                .header("MCP-Protocol-Version", "2025-06-18");
        if (token != null) {
            builder.header("Authorization", "Bearer " + token);
        }
        if (session != null) {
            builder.header("Mcp-Session-Id", session);
        }
        return builder;
    }

    static HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
