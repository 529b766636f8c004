package dev.graphiti.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.http.HttpTransportConfig;
import dev.graphiti.http.McpServlet;
import dev.graphiti.protocol.McpServer;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The transport's limits on embedded Jetty, real port, short settings: idle sessions expire and make room
 * under the session maximum, a GET stream ends at its timeout (the session stays), and an SSE answer to a
 * POST gets heartbeat comments while its tool runs.
 */
class ServerLimitsTest {

    static final String INIT = StatusCodeTableTest.INIT;
    static final String PING = StatusCodeTableTest.PING;

    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    McpServer mcp;
    EmbeddedJetty jetty;

    void start(HttpTransportConfig config) throws Exception {
        mcp = new HttpTestFixtures().server();
        jetty = EmbeddedJetty.start("127.0.0.1", 0, new McpServlet(mcp, config));
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

    HttpResponse<String> post(String session, String body) throws Exception {
        var request = HttpRequest.newBuilder(URI.create(jetty.url())).timeout(Duration.ofSeconds(20))
                .header("Accept", StatusCodeTableTest.BOTH).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (session != null) {
            request.header("Mcp-Session-Id", session);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    String open() throws Exception {
        var init = post(null, INIT);
        assertEquals(200, init.statusCode(), init.body());
        return init.headers().firstValue("Mcp-Session-Id").orElseThrow();
    }

    @Test
    void idleSessionsExpireAndMakeRoomWhenTheStoreIsFull() throws Exception {
        start(HttpTransportConfig.forBinding("127.0.0.1").withLimits(64 * 1024, 2, Duration.ofSeconds(3)));
        String first = open();
        open();
        var full = post(null, INIT);
        assertEquals(503, full.statusCode(), "two sessions at most: " + full.body());
        TimeUnit.MILLISECONDS.sleep(3_500);
        assertEquals(404, post(first, PING).statusCode(), "expired after 3 s unused");
        var room = post(null, INIT);
        assertEquals(200, room.statusCode(), "expired sessions make room: " + room.body());
    }

    @Test
    void aGetStreamEndsAtItsTimeoutAndTheSessionStays() throws Exception {
        start(HttpTransportConfig.forBinding("127.0.0.1")
                .withTimeouts(Duration.ofSeconds(10), Duration.ofSeconds(1), Duration.ofMillis(200)));
        String session = open();
        var get = HttpRequest.newBuilder(URI.create(jetty.url())).header("Accept", "text/event-stream")
                .header("Mcp-Session-Id", session).GET().build();
        long start = System.nanoTime();
        var stream = http.send(get, HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, stream.statusCode());
        try (var reader = new BufferedReader(new InputStreamReader(stream.body(), StandardCharsets.UTF_8))) {
            String line;
            int beats = 0;
            while ((line = reader.readLine()) != null) {
                beats += line.equals(": keep-alive") ? 1 : 0;
            }
            assertNull(line);
            assertTrue(beats >= 1, "heartbeats while the stream was open");
        }
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertTrue(seconds < 10, "the stream ended at its 1 s timeout, not later: " + seconds + " s");
        assertEquals(200, post(session, PING).statusCode(), "the session outlives its stream");
        var again = http.send(get, HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, again.statusCode(), "and the client can reopen it");
        again.body().close();
    }

    @Test
    void anSseAnswerBeatsWhileItsToolRuns() throws Exception {
        start(HttpTransportConfig.forBinding("127.0.0.1")
                .withTimeouts(Duration.ofSeconds(20), Duration.ofMinutes(1), Duration.ofMillis(100)));
        String session = open();
        var answer = post(session, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"slow\","
                + "\"arguments\":{\"text\":\"800\"},\"_meta\":{\"progressToken\":\"p\"}}}");
        assertEquals(200, answer.statusCode(), answer.body());
        assertTrue(answer.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"));
        String body = answer.body();
        int progress = body.indexOf("notifications/progress");
        int beat = body.indexOf(": keep-alive", Math.max(progress, 0));
        int result = body.indexOf("\"id\":3");
        assertTrue(progress >= 0 && beat > progress && result > beat,
                "progress, then heartbeats while the tool sleeps, then the result:\n" + body);
    }
}
