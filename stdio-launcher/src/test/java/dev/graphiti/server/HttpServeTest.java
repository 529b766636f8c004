package dev.graphiti.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.cli.ServeRequest;
import dev.graphiti.config.Settings;
import dev.graphiti.launcher.ProcessStreams;
import dev.graphiti.launcher.ServerLauncher;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HttpServeTest {

    @Test
    void refusesToListenBeyondLoopbackWithoutAToken() throws Exception {
        var err = new ByteArrayOutputStream();
        int code = launcher(err, Map.of()).serve(new ServeRequest(ServeRequest.Transport.http, "0.0.0.0", 0, Path.of(".")));
        assertEquals(2, code);
        String message = err.toString(StandardCharsets.UTF_8);
        assertTrue(message.contains("without a bearer token") && message.contains("GRAPHITI_HTTP_TOKEN"), message);
    }

    @Test
    void refusesToStartWhenTheTokenSettingHoldsNoToken() throws Exception {
        var err = new ByteArrayOutputStream();
        int code = launcher(err, Map.of("GRAPHITI_HTTP_TOKEN", " , ")).serve(new ServeRequest(ServeRequest.Transport.http, "127.0.0.1", 0, Path.of(".")));
        assertEquals(2, code, "a token setting without a token must not mean \"no authentication\"");
        String message = err.toString(StandardCharsets.UTF_8);
        assertTrue(message.contains("GRAPHITI_HTTP_TOKEN") && message.contains("holds no token"), message);
    }

    @Test
    void aToolSettingTheServerCannotUseIsNamedAndStopsTheStart() throws Exception {
        var err = new ByteArrayOutputStream();
        int code = launcher(err, Map.of("GRAPHITI_MCP_TIMEOUT_SECONDS", "soon")).serve(new ServeRequest(ServeRequest.Transport.http, "127.0.0.1", 0, Path.of(".")));
        assertEquals(2, code);
        String message = err.toString(StandardCharsets.UTF_8);
        assertTrue(message.contains("GRAPHITI_MCP_TIMEOUT_SECONDS") && message.contains("soon"), message);
    }

    @Test
    void anOAuthIssuerTheServerCannotUseStopsTheStartSayingWhy() throws Exception {
        int closed;
        try (var socket = new java.net.ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        var cases = Map.of(
                "http://auth.example.com/realms/team", "must use https",
                "auth.example.com", "not an absolute https URL",
                "https://auth.example.com/realms/team?x=1", "no query or fragment",
                "http://127.0.0.1:" + closed + "/team", "no authorization server metadata for issuer http://127.0.0.1:" + closed
                        + "/team (tried http://127.0.0.1:" + closed + "/.well-known/oauth-authorization-server/team: unreachable");
        for (var bad : cases.entrySet()) {
            String message = refusal(Map.of("GRAPHITI_OAUTH_ISSUER", bad.getKey(), "GRAPHITI_OAUTH_RESOURCE", "http://127.0.0.1:8000/mcp"));
            assertTrue(message.contains("GRAPHITI_OAUTH_ISSUER") && message.contains(bad.getValue()), bad.getKey() + ": " + message);
        }
        String noResource = refusal(Map.of("GRAPHITI_OAUTH_ISSUER", "https://auth.example.com/realms/team"));
        assertTrue(noResource.contains("GRAPHITI_OAUTH_RESOURCE") && noResource.contains("canonical URI"), noResource);
        String noIssuer = refusal(Map.of("GRAPHITI_OAUTH_RESOURCE", "https://mcp.example.com/mcp"));
        assertTrue(noIssuer.contains("GRAPHITI_OAUTH_ISSUER"), noIssuer);
    }

    /** What `mcp serve --transport http` prints when it refuses to start (exit 2) with {@code environment}. */
    private static String refusal(Map<String, String> environment) throws Exception {
        var err = new ByteArrayOutputStream();
        int code = launcher(err, environment).serve(new ServeRequest(ServeRequest.Transport.http, "127.0.0.1", 0, Path.of(".")));
        String message = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, code, message);
        return message;
    }

    /** `graphiti mcp serve` as the launcher runs it, with only {@code environment} for settings. */
    private static ServerLauncher launcher(ByteArrayOutputStream err, Map<String, String> environment) {
        return new ServerLauncher(new ProcessStreams(InputStream.nullInputStream(), OutputStream.nullOutputStream(),
                new PrintStream(err, true, StandardCharsets.UTF_8)), Settings.ofEnvironment(environment));
    }
}
