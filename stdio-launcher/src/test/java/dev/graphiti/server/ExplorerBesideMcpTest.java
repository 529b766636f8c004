package dev.graphiti.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.assembly.ServerSetup;
import dev.graphiti.assembly.TransportSettings;
import dev.graphiti.cli.Cli;
import dev.graphiti.cli.CliEnvironment;
import dev.graphiti.config.Settings;
import dev.graphiti.http.HttpTransportConfig;
import dev.graphiti.launcher.ServerLauncher;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import no.nav.security.mock.oauth2.token.DefaultOAuth2TokenCallback;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The team server as `graphiti mcp serve --transport http` assembles it (CDI, embedded Jetty, real port, a real graph):
 * the explorer at /explorer/ beside /mcp, behind the endpoint's own tokens, Host and Origin rules, with the page's
 * CSRF token on changes.
 */
class ExplorerBesideMcpTest {

    static final String ALICE = "alice-0123456789abcdef";
    private static final Pattern CSRF = Pattern.compile("name=\"graphiti-csrf\" content=\"([^\"]+)\"");

    @TempDir
    Path tmp;

    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    CdiServer cdi;
    EmbeddedJetty jetty;

    @AfterEach
    void stop() throws Exception {
        if (jetty != null) {
            jetty.close();
        }
        if (cdi != null) {
            cdi.close();
        }
    }

    /** The product's server from these settings, with one item in the graph its explorer shows (the global one here). */
    private String serve(Map<String, String> settings) throws Exception {
        return serve(settings, 0);
    }

    private String serve(Map<String, String> settings, int port) throws Exception {
        Map<String, String> environment = new HashMap<>(settings);
        environment.put("GRAPHITI_HOME", tmp.resolve("home").toString());
        environment.put("HOME", tmp.toString());
        environment.put("GRAPHITI_SEMANTIC", "off");
        Path directory = Files.createDirectories(tmp.resolve("server"));
        var setup = new ServerSetup(Settings.ofEnvironment(environment),
                CliEnvironment.embedded(environment), directory, notice -> { });
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        try (Cli cli = new Cli(setup.environment())) {
            int code = cli.run(List.of("-g", "add", "--kind", "decision", "--source", "git:abc123",
                    "We deploy the team server behind nginx with TLS"), directory, new ByteArrayInputStream(new byte[0]),
                    new PrintWriter(out), new PrintWriter(err));
            assertEquals(0, code, err.toString());
        }
        HttpTransportConfig config = TransportSettings.apply(HttpTransportConfig.forBinding("127.0.0.1"), setup.settings());
        cdi = ServerLauncher.product(config, setup);
        jetty = EmbeddedJetty.start("127.0.0.1", port, cdi.servlet(), cdi.explorer().map(page -> page));
        return "http://127.0.0.1:" + jetty.port();
    }

    private HttpResponse<String> get(String url, Map<String, String> headers) throws Exception {
        var request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20)).GET();
        headers.forEach(request::header);
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String url, Map<String, String> headers, String body) throws Exception {
        var request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(request::header);
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String csrf(String page) {
        Matcher matcher = CSRF.matcher(page);
        assertTrue(matcher.find(), page);
        return matcher.group(1);
    }

    private static String id(String list) {
        Matcher matcher = Pattern.compile("\"id\":\"(\\w+)\"").matcher(list);
        assertTrue(matcher.find(), list);
        return matcher.group(1);
    }

    @Test
    void theExplorerBesideTheEndpointNeedsTheEndpointsTokenForTheGraphAndTheCsrfTokenForChanges() throws Exception {
        String base = serve(Map.of("GRAPHITI_HTTP_TOKEN", ALICE));
        String bearer = "Bearer " + ALICE;

        HttpResponse<String> bare = get(base + "/explorer", Map.of());
        assertEquals(302, bare.statusCode(), "the page's relative links need its folder");
        assertTrue(bare.headers().firstValue("Location").orElse("").endsWith("/explorer/"), bare.headers().toString());
        HttpResponse<String> page = get(base + "/explorer/", Map.of());
        assertEquals(200, page.statusCode(), "the page itself (no data) loads without a token, so it can ask for one");
        String csrf = csrf(page.body());

        HttpResponse<String> anonymous = get(base + "/explorer/api/list", Map.of());
        assertEquals(401, anonymous.statusCode(), anonymous.body());
        assertEquals("Bearer", anonymous.headers().firstValue("WWW-Authenticate").orElse(""));
        assertTrue(!anonymous.body().contains("nginx"), "nothing of the graph without a token");
        assertEquals(401, get(base + "/explorer/api/search?q=nginx", Map.of("Authorization", "Bearer not-the-token-0123456789")).statusCode());
        assertEquals(401, get(base + "/explorer/api/session", Map.of()).statusCode());

        HttpResponse<String> listed = get(base + "/explorer/api/list", Map.of("Authorization", bearer));
        assertEquals(200, listed.statusCode(), listed.body());
        assertTrue(listed.body().contains("behind nginx with TLS"), listed.body());
        String id = id(listed.body());
        assertTrue(get(base + "/explorer/api/review", Map.of("Authorization", bearer)).body().contains(id), "indexed, so awaiting review");

        String accept = "{\"id\":\"" + id + "\"}";
        assertEquals(401, post(base + "/explorer/api/accept", Map.of("X-Graphiti-Csrf", csrf), accept).statusCode(),
                "a change needs the token too");
        assertEquals(403, post(base + "/explorer/api/accept", Map.of("Authorization", bearer), accept).statusCode(),
                "and the page's CSRF token");
        assertEquals(403, post(base + "/explorer/api/accept", Map.of("Authorization", bearer, "X-Graphiti-Csrf", csrf,
                "Origin", "https://attacker.example"), accept).statusCode(), "another site's page is refused");
        HttpResponse<String> accepted = post(base + "/explorer/api/accept", Map.of("Authorization", bearer,
                "X-Graphiti-Csrf", csrf, "Origin", base), accept);
        assertEquals(200, accepted.statusCode(), accepted.body());
        assertTrue(accepted.body().contains("\"reviewed\""), accepted.body());

        RawHttp.Reply rebound = RawHttp.send(jetty.port(), "GET /explorer/ HTTP/1.1\r\nHost: attacker.example\r\n", "");
        assertEquals(421, rebound.status(), "a Host the endpoint does not answer for (DNS rebinding) is refused here too");
        HttpResponse<String> mcp = http.send(HttpRequest.newBuilder(URI.create(base + "/mcp")).header("Accept", StatusCodeTableTest.BOTH)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(StatusCodeTableTest.INIT)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(401, mcp.statusCode(), "the endpoint beside it is unchanged");
    }

    @Test
    void withoutTokensTheLoopbackExplorerIsServedAsTheEndpointIs() throws Exception {
        String base = serve(Map.of());
        HttpResponse<String> session = get(base + "/explorer/api/session", Map.of());
        assertEquals(200, session.statusCode(), session.body());
        assertTrue(session.body().contains("\"token_required\":false"), session.body());
        assertTrue(get(base + "/explorer/api/list", Map.of()).body().contains("behind nginx with TLS"));
    }

    /**
     * Issue 28: the explorer reads at most its 1 MiB limit of a body, whatever the headers say: a chunked body (no
     * Content-Length) of 3 MiB is refused with 413 and a sentence, the change it carried is not made.
     */
    @Test
    void aChunkedBodyOverTheLimitIsRefusedUnread() throws Exception {
        String base = serve(Map.of());
        String csrf = csrf(get(base + "/explorer/", Map.of()).body());
        String id = id(get(base + "/explorer/api/review", Map.of()).body());
        byte[] body = ("{\"id\":\"" + id + "\",\"pad\":\"" + "x".repeat(3 << 20) + "\"}").getBytes(StandardCharsets.UTF_8);
        var chunked = HttpRequest.newBuilder(URI.create(base + "/explorer/api/accept")).timeout(Duration.ofSeconds(20))
                .header("Content-Type", "application/json").header("X-Graphiti-Csrf", csrf).header("Origin", base)
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(body))).build();
        HttpResponse<String> refused = http.send(chunked, HttpResponse.BodyHandlers.ofString());
        assertEquals(413, refused.statusCode(), refused.body());
        assertTrue(refused.body().contains("larger than 1048576 bytes") && !refused.body().contains(id), refused.body());
        assertTrue(get(base + "/explorer/api/review", Map.of()).body().contains(id), "still awaiting review: nothing changed");
    }

    /** JSON travels as UTF-8 (RFC 8259): a body labelled with another or an unknown charset is a 400 that says so. */
    @Test
    void aBodyInAnotherCharsetIsABadRequestThatSaysSo() throws Exception {
        String base = serve(Map.of());
        String csrf = csrf(get(base + "/explorer/", Map.of()).body());
        String id = id(get(base + "/explorer/api/review", Map.of()).body());
        for (String charset : List.of("x-no-such-charset", "utf-16", "nonsense!")) {
            var labelled = HttpRequest.newBuilder(URI.create(base + "/explorer/api/accept")).timeout(Duration.ofSeconds(20))
                    .header("Content-Type", "application/json; charset=" + charset).header("X-Graphiti-Csrf", csrf)
                    .header("Origin", base).POST(HttpRequest.BodyPublishers.ofString("{\"id\":\"" + id + "\"}")).build();
            HttpResponse<String> refused = http.send(labelled, HttpResponse.BodyHandlers.ofString());
            assertEquals(400, refused.statusCode(), charset + ": " + refused.body());
            assertTrue(refused.body().contains("UTF-8"), refused.body());
        }
        assertTrue(get(base + "/explorer/api/review", Map.of()).body().contains(id), "still awaiting review: nothing changed");
    }

    @Test
    void withOAuthThePageTakesTheAccessTokensTheEndpointTakes() throws Exception {
        MockOAuth2Server issuer = new MockOAuth2Server();
        issuer.start();
        try {
            int port;
            try (var socket = new ServerSocket(0)) {
                port = socket.getLocalPort(); // the canonical URI names the port
            }
            String resource = "http://127.0.0.1:" + port + "/mcp";
            String base = serve(Map.of("GRAPHITI_OAUTH_ISSUER", issuer.issuerUrl("team").toString(),
                    "GRAPHITI_OAUTH_RESOURCE", resource, "GRAPHITI_OAUTH_SCOPES", "graphiti"), port);
            HttpResponse<String> anonymous = get(base + "/explorer/api/list", Map.of());
            assertEquals(401, anonymous.statusCode(), anonymous.body());
            assertTrue(anonymous.headers().firstValue("WWW-Authenticate").orElse("").contains("resource_metadata"),
                    anonymous.headers().toString());
            String valid = issuer.issueToken("team", "graphiti-client", new DefaultOAuth2TokenCallback("team", "alice", "JWT",
                    List.of(resource), Map.of("scope", "graphiti"), 600)).serialize();
            HttpResponse<String> listed = get(base + "/explorer/api/list", Map.of("Authorization", "Bearer " + valid));
            assertEquals(200, listed.statusCode(), listed.body());
            assertTrue(listed.body().contains("behind nginx with TLS"), listed.body());
            String unscoped = issuer.issueToken("team", "graphiti-client", new DefaultOAuth2TokenCallback("team", "alice", "JWT",
                    List.of(resource), Map.of("scope", "profile"), 600)).serialize();
            assertEquals(403, get(base + "/explorer/api/list", Map.of("Authorization", "Bearer " + unscoped)).statusCode(),
                    "the endpoint's scope rule holds here too");
            assertTrue(get(base + "/explorer/api/session", Map.of("Authorization", "Bearer " + valid)).body()
                    .contains("\"token_required\":true"));
        } finally {
            issuer.shutdown();
        }
    }
}
