package dev.graphiti.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.graphiti.assembly.TransportSettings;
import dev.graphiti.config.Settings;
import dev.graphiti.http.BearerTokens;
import dev.graphiti.http.HttpTransportConfig;
import dev.graphiti.http.McpServlet;
import dev.graphiti.protocol.session.McpServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import no.nav.security.mock.oauth2.token.DefaultOAuth2TokenCallback;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The team server as an OAuth 2.1 resource server (MCP authorization), on embedded Jetty and a real port, against a
 * real authorization server running in the test (mock-oauth2-server: its discovery documents, its JWKS, its token
 * endpoint; tokens signed by its keys). Configured only through settings, as an operator would.
 */
class OAuthResourceServerTest {

    static final String INIT = StatusCodeTableTest.INIT;
    static final String PING = StatusCodeTableTest.PING;
    static final String SCOPE = "graphiti";
    static final String STATIC_TOKEN = "ci-0123456789abcdef0123";

    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    final MockOAuth2Server issuer = new MockOAuth2Server();
    McpServer mcp;
    EmbeddedJetty jetty;
    int port;
    String resource;

    @BeforeEach
    void start() throws Exception {
        issuer.start();
        try (var socket = new ServerSocket(0)) {
            port = socket.getLocalPort(); // the canonical URI names the port, so it is chosen before the server starts
        }
        resource = "http://127.0.0.1:" + port + "/mcp";
        var config = TransportSettings.apply(HttpTransportConfig.forBinding("127.0.0.1"), Settings.ofEnvironment(Map.of(
                "GRAPHITI_OAUTH_ISSUER", issuer.issuerUrl("team").toString(),
                "GRAPHITI_OAUTH_RESOURCE", resource,
                "GRAPHITI_OAUTH_SCOPES", SCOPE,
                "GRAPHITI_OAUTH_CLOCK_SKEW_SECONDS", "5",
                "GRAPHITI_HTTP_TOKEN", STATIC_TOKEN)));
        mcp = new HttpTestFixtures().server();
        jetty = EmbeddedJetty.start("127.0.0.1", port, new McpServlet(mcp, config));
    }

    @AfterEach
    void stop() throws Exception {
        if (jetty != null) {
            jetty.close();
        }
        if (mcp != null) {
            mcp.close();
        }
        issuer.shutdown();
    }

    String token(String issuerId, String subject, List<String> audience, Map<String, Object> claims, long expirySeconds) {
        return issuer.issueToken(issuerId, "graphiti-client", new DefaultOAuth2TokenCallback(issuerId, subject, "JWT",
                audience, claims, expirySeconds)).serialize();
    }

    String valid(String subject) {
        return token("team", subject, List.of(resource), Map.of("scope", SCOPE + " profile"), 3600);
    }

    HttpResponse<String> post(String token, String session, String body) throws Exception {
        var request = HttpRequest.newBuilder(URI.create(resource)).timeout(Duration.ofSeconds(20))
                .header("Accept", StatusCodeTableTest.BOTH).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        if (session != null) {
            request.header("Mcp-Session-Id", session);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> get(String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static String challenge(HttpResponse<String> response) {
        return response.headers().firstValue("WWW-Authenticate").orElse("");
    }

    String metadataUrl() {
        return "http://127.0.0.1:" + port + "/.well-known/oauth-protected-resource/mcp";
    }

    @Test
    void aRequestWithoutATokenIsToldWhereTheMetadataIsAndTheMetadataNamesTheIssuer() throws Exception {
        var missing = post(null, null, INIT);
        assertEquals(401, missing.statusCode(), missing.body());
        assertEquals("Bearer resource_metadata=\"" + metadataUrl() + "\", scope=\"" + SCOPE + "\"", challenge(missing));

        for (String url : List.of(metadataUrl(), "http://127.0.0.1:" + port + "/.well-known/oauth-protected-resource")) {
            var metadata = get(url);
            assertEquals(200, metadata.statusCode(), url + ": " + metadata.body());
            assertEquals("application/json", metadata.headers().firstValue("Content-Type").orElse("").split(";")[0]);
            assertEquals("*", metadata.headers().firstValue("Access-Control-Allow-Origin").orElse(""));
            JsonObject document = Json.createReader(new StringReader(metadata.body())).readObject();
            assertEquals(resource, document.getString("resource"));
            assertEquals(List.of(issuer.issuerUrl("team").toString()),
                    document.getJsonArray("authorization_servers").getValuesAs(v -> ((jakarta.json.JsonString) v).getString()));
            assertEquals(List.of(SCOPE), document.getJsonArray("scopes_supported").getValuesAs(v -> ((jakarta.json.JsonString) v).getString()));
            assertEquals(List.of("header"), document.getJsonArray("bearer_methods_supported").getValuesAs(v -> ((jakarta.json.JsonString) v).getString()));
        }
        assertEquals(404, get("http://127.0.0.1:" + port + "/.well-known/oauth-protected-resource/other").statusCode());
    }

    @Test
    void aValidTokenOpensASessionBoundToItsSubject() throws Exception {
        var opened = post(valid("alice"), null, INIT);
        assertEquals(200, opened.statusCode(), opened.body());
        String session = opened.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertEquals(200, post(valid("alice"), session, PING).statusCode(), "a fresh token of the same user keeps the session");
        var bob = post(valid("bob"), session, PING);
        assertEquals(404, bob.statusCode(), "another user's session is as good as unknown: " + bob.body());
    }

    @Test
    void aTokenFromTheIssuersTokenEndpointIsAccepted() throws Exception {
        issuer.enqueueCallback(new DefaultOAuth2TokenCallback("team", "deploy-bot", "JWT", List.of(resource), Map.of("scope", SCOPE), 600));
        var form = "grant_type=client_credentials&client_id=deploy-bot&client_secret=secret&scope=" + SCOPE
                + "&resource=" + java.net.URLEncoder.encode(resource, java.nio.charset.StandardCharsets.UTF_8);
        var answer = http.send(HttpRequest.newBuilder(URI.create(issuer.tokenEndpointUrl("team").toString()))
                .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode(), answer.body());
        String accessToken = Json.createReader(new StringReader(answer.body())).readObject().getString("access_token");
        var opened = post(accessToken, null, INIT);
        assertEquals(200, opened.statusCode(), opened.body());
    }

    @Test
    void anExpiredTokenIs401InvalidToken() throws Exception {
        var expired = post(token("team", "alice", List.of(resource), Map.of("scope", SCOPE), -60), null, INIT);
        assertEquals(401, expired.statusCode(), expired.body());
        assertEquals("Bearer error=\"invalid_token\", error_description=\"the access token has expired\", resource_metadata=\""
                + metadataUrl() + "\"", challenge(expired));
        var withinSkew = post(token("team", "alice", List.of(resource), Map.of("scope", SCOPE), -2), null, INIT);
        assertEquals(200, withinSkew.statusCode(), "two seconds past exp is within the 5 s clock skew: " + withinSkew.body());
    }

    @Test
    void aGetStreamEndsWhenTheTokenThatOpenedItExpiresAndAFreshTokenReopensIt() throws Exception {
        var opened = post(valid("alice"), null, INIT);
        String session = opened.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertEquals(202, post(valid("alice"), session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}").statusCode());
        Instant issued = Instant.now();
        String shortLived = token("team", "alice", List.of(resource), Map.of("scope", SCOPE), 2);
        var stream = http.send(stream(shortLived, session), HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, stream.statusCode());
        // Without the cut the stream would last the server's stream timeout (30 min): the read would not end.
        readToItsEnd(stream.body());
        Duration lasted = Duration.between(issued, Instant.now());
        assertTrue(lasted.compareTo(Duration.ofSeconds(6)) >= 0,
                "not before the token's exp plus the 5 s clock skew (2 + 5 s after issue): " + lasted);
        var fresh = http.send(stream(valid("alice"), session), HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, fresh.statusCode(), "the session outlives the stream; a fresh token reopens it");
        fresh.body().close();
    }

    @Test
    void aSubscriptionEndsWithItsResultWhenItsTokenExpires() throws Exception {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":\"sub\",\"method\":\"subscriptions/listen\",\"params\":{\"notifications\":"
                + "{\"toolsListChanged\":true},\"_meta\":" + StatelessHttpTest.meta(StatelessHttpTest.MODERN, "") + "}}";
        var listen = HttpRequest.newBuilder(URI.create(resource)).timeout(Duration.ofSeconds(40))
                .header("Accept", StatusCodeTableTest.BOTH).header("Content-Type", "application/json")
                .header("MCP-Protocol-Version", StatelessHttpTest.MODERN).header("Mcp-Method", "subscriptions/listen")
                .header("Authorization", "Bearer " + token("team", "alice", List.of(resource), Map.of("scope", SCOPE), 2))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        var response = http.send(listen, HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, response.statusCode());
        String stream = readToItsEnd(response.body());
        List<JsonObject> events = stream.lines().filter(l -> l.startsWith("data:"))
                .map(l -> StatelessHttpTest.json(l.substring(5).strip())).toList();
        assertEquals("notifications/subscriptions/acknowledged", events.get(0).getString("method"), stream);
        assertEquals("sub", events.get(events.size() - 1).getString("id"), "ends gracefully, with the listen request's result");
    }

    HttpRequest stream(String token, String session) {
        return HttpRequest.newBuilder(URI.create(resource)).header("Accept", "text/event-stream")
                .header("Authorization", "Bearer " + token).header("Mcp-Session-Id", session)
                .header("MCP-Protocol-Version", "2025-11-25").GET().build();
    }

    /**
     * An event stream's text once the server has closed it; fails if it is still open 40 s on (without the cut at the
     * token's expiry a stream lasts the server's stream timeout, 30 min).
     */
    static String readToItsEnd(java.io.InputStream body) throws Exception {
        var text = CompletableFuture.supplyAsync(() -> {
            try (body) {
                return new String(body.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        try {
            return text.get(40, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            body.close();
            return fail("the stream was still open 40 s after it was opened with a token good for 2 s");
        }
    }

    @Test
    void aTokenForAnotherResourceIs401() throws Exception {
        var other = post(token("team", "alice", List.of("http://127.0.0.1:" + port + "/other"), Map.of("scope", SCOPE), 3600), null, INIT);
        assertEquals(401, other.statusCode(), other.body());
        assertTrue(challenge(other).startsWith("Bearer error=\"invalid_token\""), challenge(other));
        assertTrue(challenge(other).contains("another resource"), challenge(other));
        var none = post(token("team", "alice", List.of(), Map.of("scope", SCOPE), 3600), null, INIT);
        assertEquals(401, none.statusCode(), "a token naming no audience is not for this server: " + none.body());
        var upperCase = post(token("team", "alice", List.of("HTTP://127.0.0.1:" + port + "/mcp/"), Map.of("scope", SCOPE), 3600), null, INIT);
        assertEquals(200, upperCase.statusCode(), "the audience is compared in canonical form: " + upperCase.body());
    }

    @Test
    void aTokenFromAnotherIssuerIs401() throws Exception {
        var untrusted = post(token("elsewhere", "alice", List.of(resource), Map.of("scope", SCOPE), 3600), null, INIT);
        assertEquals(401, untrusted.statusCode(), untrusted.body());
        assertTrue(challenge(untrusted).contains("not issued by an authorization server this server trusts"), challenge(untrusted));

        // The trusted issuer's name on a token signed by a key that is not in its JWKS (a forgery, or a key not yet
        // published): the server fetches the JWKS again for the unknown key id and still refuses.
        var key = new RSAKeyGenerator(2048).keyID("forged").generate();
        var forged = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("forged").type(JOSEObjectType.JWT).build(),
                new JWTClaimsSet.Builder().issuer(issuer.issuerUrl("team").toString()).subject("mallory").audience(resource)
                        .claim("scope", SCOPE).expirationTime(new Date(System.currentTimeMillis() + 600_000)).build());
        forged.sign(new RSASSASigner(key));
        var refused = post(forged.serialize(), null, INIT);
        assertEquals(401, refused.statusCode(), refused.body());
        assertTrue(challenge(refused).contains("signature does not verify"), challenge(refused));
        var notAJwt = post("not-a-jwt-0123456789abcdef", null, INIT);
        assertEquals(401, notAJwt.statusCode());
        assertFalse(notAJwt.body().contains("not-a-jwt"), "the token is not echoed");
    }

    @Test
    void aTokenWithoutTheScopeIs403InsufficientScope() throws Exception {
        var lacking = post(token("team", "alice", List.of(resource), Map.of("scope", "profile email"), 3600), null, INIT);
        assertEquals(403, lacking.statusCode(), lacking.body());
        assertEquals("Bearer error=\"insufficient_scope\", scope=\"" + SCOPE + "\", resource_metadata=\"" + metadataUrl()
                + "\", error_description=\"the access token lacks the scope " + SCOPE + "\"", challenge(lacking));
        var asList = post(token("team", "alice", List.of(resource), Map.of("scp", List.of("profile", SCOPE)), 3600), null, INIT);
        assertEquals(200, asList.statusCode(), "scp as a list, as some issuers write it: " + asList.body());
    }

    @Test
    void staticTokensKeepWorkingBesideOAuth() throws Exception {
        var opened = post(STATIC_TOKEN, null, INIT);
        assertEquals(200, opened.statusCode(), opened.body());
        var wrong = post(STATIC_TOKEN + "x", null, INIT);
        assertEquals(401, wrong.statusCode(), "neither a member's token nor a JWT: " + wrong.body());
    }

    @Test
    void withoutOAuthThereIsNoMetadata() throws Exception {
        jetty.close();
        jetty = EmbeddedJetty.start("127.0.0.1", 0, new McpServlet(mcp,
                HttpTransportConfig.forBinding("127.0.0.1").withTokens(BearerTokens.parse(STATIC_TOKEN))));
        var none = get("http://127.0.0.1:" + jetty.port() + "/.well-known/oauth-protected-resource");
        assertEquals(404, none.statusCode(), none.body());
        var missing = http.send(HttpRequest.newBuilder(URI.create(jetty.url())).header("Accept", StatusCodeTableTest.BOTH)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(INIT)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(401, missing.statusCode());
        assertEquals("Bearer", challenge(missing), "static tokens alone: a plain challenge, as before");
    }
}
