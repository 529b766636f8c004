package dev.graphiti.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.graphiti.http.BearerTokens;
import dev.graphiti.http.HttpTransportConfig;
import dev.graphiti.http.McpServlet;
import dev.graphiti.protocol.session.McpServer;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Collections;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A shared team server on embedded Jetty, real port: bearer tokens (missing, wrong, right; a session used
 * with another member's token), the initialize rate limit, the loopback-only rule without tokens, and the
 * graceful stop that lets running calls answer.
 */
class TeamAccessTest {

    static final String ALICE = "alice-0123456789abcdef";
    static final String BOB = "bob-0123456789abcdef00";
    static final String INIT = StatusCodeTableTest.INIT;
    static final String PING = StatusCodeTableTest.PING;

    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    final HttpTestFixtures fixtures = new HttpTestFixtures();
    McpServer mcp;
    EmbeddedJetty jetty;

    EmbeddedJetty start(String host, HttpTransportConfig config) throws Exception {
        mcp = fixtures.server();
        jetty = EmbeddedJetty.start(host, 0, new McpServlet(mcp, config));
        return jetty;
    }

    @AfterEach
    void stop() throws Exception {
        if (jetty != null) {
            jetty.close();
        }
        if (mcp != null) {
            mcp.close();
        }
    }

    static HttpTransportConfig team() {
        return HttpTransportConfig.forBinding("127.0.0.1").withTokens(BearerTokens.parse(ALICE + "," + BOB));
    }

    HttpResponse<String> post(URI uri, String token, String session, String body) throws Exception {
        var request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(20))
                .header("Accept", StatusCodeTableTest.BOTH).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            request.header("Authorization", token);
        }
        if (session != null) {
            request.header("Mcp-Session-Id", session);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    URI endpoint() {
        return URI.create(jetty.url());
    }

    @Test
    void missingOrWrongTokenIs401WithAChallenge() throws Exception {
        start("127.0.0.1", team());
        var missing = post(endpoint(), null, null, INIT);
        assertEquals(401, missing.statusCode(), missing.body());
        assertEquals("Bearer", missing.headers().firstValue("WWW-Authenticate").orElse(""));
        assertTrue(missing.body().contains("\"code\":-32000"), missing.body());
        var wrong = post(endpoint(), "Bearer " + ALICE + "0", null, INIT);
        assertEquals(401, wrong.statusCode());
        assertEquals("Bearer error=\"invalid_token\"",
                wrong.headers().firstValue("WWW-Authenticate").orElse(""));
        assertTrue(!wrong.body().contains(ALICE), "the token is not echoed");
        var basic = post(endpoint(), "Basic YWxpY2U6c2VjcmV0", null, INIT);
        assertEquals(401, basic.statusCode());
        var right = post(endpoint(), "bearer " + ALICE, null, INIT);
        assertEquals(200, right.statusCode(), right.body());
        assertTrue(right.headers().firstValue("Mcp-Session-Id").isPresent());
    }

    @Test
    void aSessionAnswersOnlyTheTokenThatOpenedIt() throws Exception {
        start("127.0.0.1", team());
        var opened = post(endpoint(), "Bearer " + ALICE, null, INIT);
        String session = opened.headers().firstValue("Mcp-Session-Id").orElseThrow();
        var asBob = post(endpoint(), "Bearer " + BOB, session, PING);
        assertEquals(404, asBob.statusCode(), "another member's session is as good as unknown: " + asBob.body());
        var bobDelete = http.send(HttpRequest.newBuilder(endpoint()).header("Authorization", "Bearer " + BOB)
                .header("Mcp-Session-Id", session).DELETE().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(404, bobDelete.statusCode(), "nor can Bob end it");
        assertEquals(401, post(endpoint(), null, session, PING).statusCode());
        assertEquals(200, post(endpoint(), "Bearer " + ALICE, session, PING).statusCode(), "Alice still can");
    }

    @Test
    void initializeIsRateLimitedPerAddressWith429() throws Exception {
        start("127.0.0.1", team().withInitializeRate(3));
        for (int i = 0; i < 3; i++) {
            assertEquals(200, post(endpoint(), "Bearer " + ALICE, null, INIT).statusCode());
        }
        var limited = post(endpoint(), "Bearer " + BOB, null, INIT);
        assertEquals(429, limited.statusCode(), "the limit is per address, whoever's token: " + limited.body());
        long retryAfter = Long.parseLong(limited.headers().firstValue("Retry-After").orElseThrow());
        assertTrue(retryAfter >= 1 && retryAfter <= 20, "Retry-After " + retryAfter);
        var opened = post(endpoint(), "Bearer " + ALICE, null, INIT);
        assertEquals(429, opened.statusCode());
    }

    @Test
    void withoutTokensOnlyLoopbackConnectionsAreServed() throws Exception {
        Optional<InetAddress> lan = lanAddress();
        assumeTrue(lan.isPresent(), "this machine has no non-loopback IPv4 address");
        start("0.0.0.0", HttpTransportConfig.forBinding("0.0.0.0"));
        var overLan = post(URI.create("http://" + lan.get().getHostAddress() + ":" + jetty.port() + "/mcp"), null, null, INIT);
        assertEquals(403, overLan.statusCode(), overLan.body());
        assertTrue(overLan.body().contains("GRAPHITI_HTTP_TOKEN"), overLan.body());
        var overLoopback = post(URI.create("http://127.0.0.1:" + jetty.port() + "/mcp"), null, null, INIT);
        assertEquals(200, overLoopback.statusCode(), overLoopback.body());
    }

    @Test
    void aGracefulStopLetsRunningCallsAnswerAndRefusesNewOnes() throws Exception {
        start("127.0.0.1", team().withDrainTimeout(Duration.ofSeconds(20)));
        var opened = post(endpoint(), "Bearer " + ALICE, null, INIT);
        String session = opened.headers().firstValue("Mcp-Session-Id").orElseThrow();
        String slow = "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"slow\","
                + "\"arguments\":{\"text\":\"2000\"}}}";
        CompletableFuture<HttpResponse<String>> call = CompletableFuture.supplyAsync(() -> {
            try {
                return post(endpoint(), "Bearer " + ALICE, session, slow);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertTrue(fixtures.slowStarted.await(20, TimeUnit.SECONDS), "the slow call is running");
        URI uri = endpoint();
        var stopping = CompletableFuture.runAsync(() -> {
            try {
                jetty.close();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        int status = 0;
        for (int i = 0; i < 100 && status != 503 && !call.isDone(); i++) {
            status = post(uri, "Bearer " + ALICE, session, PING).statusCode();
            TimeUnit.MILLISECONDS.sleep(20);
        }
        assertEquals(503, status, "new work is refused while the running call finishes");
        assertTrue(!call.isDone() || call.get().statusCode() == 200);
        var answered = call.get(20, TimeUnit.SECONDS);
        assertEquals(200, answered.statusCode(), answered.body());
        assertTrue(answered.body().contains("slept"), answered.body());
        stopping.get(30, TimeUnit.SECONDS);
        jetty = null;
    }

    private static Optional<InetAddress> lanAddress() throws Exception {
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (nic.isUp() && !nic.isLoopback()) {
                for (InetAddress address : Collections.list(nic.getInetAddresses())) {
                    if (address instanceof Inet4Address && !address.isLoopbackAddress()) {
                        return Optional.of(address);
                    }
                }
            }
        }
        return Optional.empty();
    }
}
