package dev.graphiti.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.graphiti.assembly.TransportSettings;
import dev.graphiti.config.Settings;
import dev.graphiti.http.HttpTransportConfig;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.InputStream;
import java.io.StringReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import no.nav.security.mock.oauth2.token.DefaultOAuth2TokenCallback;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The official TypeScript SDK v2 client (@modelcontextprotocol/client 2.4.0, which speaks 2026-07-28 and,
 * asked to, 2025-11-25) against the fixture server: over HTTP a modern client (probing with server/discover,
 * or pinned to 2026-07-28) and a legacy one (initialize, session) on one running server; over stdio the
 * packaged launcher probed the same way. Skipped unless scripts/test installed the client (GRAPHITI_TS_CLIENT_HOME).
 */
@Tag("node-clients")
class TypeScriptSdkIT {

    static String node;
    static Path workDir;
    static FixtureHttp server;

    @BeforeAll
    static void start() throws Exception {
        node = System.getenv("GRAPHITI_CONFORMANCE_NODE");
        String client = System.getenv("GRAPHITI_TS_CLIENT_HOME");
        assumeTrue(node != null && !node.isBlank() && client != null && !client.isBlank(),
                "TypeScriptSdkIT skipped: GRAPHITI_CONFORMANCE_NODE/GRAPHITI_TS_CLIENT_HOME are not set; run scripts/test");
        Path modules = Path.of(client, "node_modules");
        assertTrue(Files.isDirectory(modules.resolve("@modelcontextprotocol/client")), "no client under " + modules);
        // Node resolves the script's imports from its own folder upwards: the script sits beside a link to the client.
        workDir = Files.createTempDirectory("ts-client");
        Files.createSymbolicLink(workDir.resolve("node_modules"), modules);
        for (String name : List.of("probe.mjs", "oauth-probe.mjs")) {
            try (InputStream script = TypeScriptSdkIT.class.getResourceAsStream("/ts-client/" + name)) {
                Files.copy(script, workDir.resolve(name));
            }
        }
        server = FixtureHttp.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void modernAndLegacyClientsShareOneHttpServer() throws Exception {
        JsonObject probed = probe("auto", "http", server.url());
        assertEquals("modern", probed.getString("era"), probed.toString());
        assertEquals("2026-07-28", probed.getString("version"));
        JsonObject pinned = probe("2026-07-28", "http", server.url());
        assertEquals("modern", pinned.getString("era"));
        JsonObject legacy = probe("legacy", "http", server.url());
        assertEquals("legacy", legacy.getString("era"));
        assertEquals("2025-11-25", legacy.getString("version"));
        for (JsonObject seen : List.of(probed, pinned, legacy)) {
            assertEquals("graphiti", seen.getString("server"));
            assertEquals("This is a simple text response for testing.", seen.getString("call"));
            assertEquals("This is the content of the static text resource.", seen.getString("read"));
            assertEquals(probed.getJsonArray("tools"), seen.getJsonArray("tools"), "one tools/list, in one order, for both eras");
        }
    }

    @Test
    void stdioServesTheProbingClientStatelesslyAndALegacyOneWithInitialize() throws Exception {
        List<String> server = List.of(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("graphiti.jar") + java.io.File.pathSeparator + System.getProperty("graphiti.testClasses"),
                FixtureServer.class.getName(), "--stdio");
        List<String> args = new ArrayList<>(List.of("stdio"));
        args.addAll(server);
        JsonObject modern = probe("auto", args.toArray(String[]::new));
        assertEquals("modern", modern.getString("era"), modern.toString());
        assertEquals("2026-07-28", modern.getString("version"));
        JsonObject legacy = probe("legacy", args.toArray(String[]::new));
        assertEquals("legacy", legacy.getString("era"), legacy.toString());
        assertEquals(modern.getString("call"), legacy.getString("call"));
    }

    /**
     * MCP authorization end to end with the SDK's own OAuth client (client_credentials, as a CI agent would): the
     * client starts without a token, follows the server's 401 to the Protected Resource Metadata and from there to
     * the authorization server (mock-oauth2-server, running here), asks it for a token for this server's canonical
     * URI and the challenged scope, and gets in.
     */
    @Test
    void aClientWithoutATokenFollowsThe401ToTheIssuerAndGetsIn() throws Exception {
        var issuer = new MockOAuth2Server();
        issuer.start();
        int port;
        try (var socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        String resource = "http://127.0.0.1:" + port + "/mcp";
        // The token the issuer hands out: for this resource, with the scope (what a configured identity provider does).
        issuer.enqueueCallback(new DefaultOAuth2TokenCallback("team", "ci-agent", "JWT", List.of(resource), Map.of("scope", "graphiti"), 600));
        var config = TransportSettings.apply(HttpTransportConfig.forBinding("127.0.0.1"), Settings.ofEnvironment(Map.of(
                "GRAPHITI_OAUTH_ISSUER", issuer.issuerUrl("team").toString(), "GRAPHITI_OAUTH_RESOURCE", resource,
                "GRAPHITI_OAUTH_SCOPES", "graphiti")));
        try (var protectedServer = FixtureHttp.start(config, port)) {
            JsonObject seen = run("oauth-probe.mjs", resource, "ci-agent", "ci-secret", issuer.issuerUrl("team").toString());
            assertEquals("This is a simple text response for testing.", seen.getString("call"), seen.toString());
            List<String> requests = seen.getJsonArray("seen").getValuesAs(jakarta.json.JsonString::getString);
            String metadata = "GET http://127.0.0.1:" + port + "/.well-known/oauth-protected-resource/mcp 200";
            assertEquals("POST " + resource + " 401", requests.get(0), requests.toString());
            assertTrue(requests.contains(metadata), "the client read the metadata the 401 named: " + requests);
            assertTrue(requests.stream().anyMatch(r -> r.startsWith("POST " + issuer.tokenEndpointUrl("team") + " 200")), requests.toString());
            assertTrue(requests.get(requests.size() - 1).endsWith(" 200") && requests.stream().filter(r -> r.startsWith("POST " + resource + " 200")).count() >= 1,
                    requests.toString());
            String tokenRequest = null;
            for (boolean more = true; more; ) {
                try {
                    var recorded = issuer.takeRequest(500, TimeUnit.MILLISECONDS);
                    if (recorded.getPath().endsWith("/token")) {
                        tokenRequest = java.net.URLDecoder.decode(recorded.getBody().readUtf8(), StandardCharsets.UTF_8);
                    }
                } catch (RuntimeException none) { // no request within the wait: all were seen
                    more = false;
                }
            }
            assertTrue(tokenRequest != null && tokenRequest.contains("resource=" + resource) && tokenRequest.contains("scope=graphiti"),
                    "the token request names this server (RFC 8707) and the challenged scope: " + tokenRequest);
        } finally {
            issuer.shutdown();
        }
    }

    private static JsonObject probe(String mode, String... target) throws Exception {
        List<String> arguments = new ArrayList<>(List.of(mode));
        arguments.addAll(List.of(target));
        return run("probe.mjs", arguments.toArray(String[]::new));
    }

    private static JsonObject run(String script, String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of(node, workDir.resolve(script).toString()));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true).start();
        process.getOutputStream().close();
        byte[] output = process.getInputStream().readAllBytes();
        assertTrue(process.waitFor(2, TimeUnit.MINUTES), "the client did not finish");
        String text = new String(output, StandardCharsets.UTF_8).strip();
        assertEquals(0, process.exitValue(), text);
        String last = text.substring(text.lastIndexOf('\n') + 1);
        return Json.createReader(new StringReader(last)).readObject();
    }
}
