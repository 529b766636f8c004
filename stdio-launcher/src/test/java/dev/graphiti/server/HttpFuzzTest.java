package dev.graphiti.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.graphiti.fuzz.HostileFrames;
import dev.graphiti.http.HttpTransportConfig;
import dev.graphiti.http.McpServlet;
import dev.graphiti.protocol.session.McpServer;
import jakarta.json.Json;
import jakarta.json.JsonValue;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Hostile frames as POST bodies to embedded Jetty (seeded, bounded: {@value #FRAMES} frames) in one
 * 2025-03-26 session. Each is answered as {@link HostileFrames#verify} expects, with 400 when the parser
 * refuses the frame, 202 when nothing answers, 200 otherwise: never a 500. The session still answers
 * a ping at the end.
 */
class HttpFuzzTest {

    static final int FRAMES = 800;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void hostileBodiesGetCorrectAnswersAndNeverA500() throws Exception {
        McpServer mcp = new HttpTestFixtures().server();
        try (mcp; var jetty = EmbeddedJetty.start("127.0.0.1", 0, new McpServlet(mcp, HttpTransportConfig.forBinding("127.0.0.1")))) {
            var init = post(jetty, null, ("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
                    + "{\"protocolVersion\":\"2025-03-26\",\"capabilities\":{}}}").getBytes());
            assertEquals(200, init.statusCode(), init.body());
            String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
            assertEquals(202, post(jetty, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}".getBytes()).statusCode());
            int sent = 0;
            for (HostileFrames.Frame frame : new HostileFrames(HostileFrames.SEED).frames(FRAMES)) {
                sent++;
                var response = post(jetty, session, frame.bytes());
                String context = "seed " + HostileFrames.SEED + ", frame " + sent + ": " + frame.describe() + "\n -> "
                        + response.statusCode() + " " + response.body();
                int expected = frame.refused() ? 400 : frame.answers().isEmpty() ? 202 : 200;
                assertEquals(expected, response.statusCode(), context);
                List<JsonValue> received = response.body().isEmpty() ? List.of() : List.of(parse(response.body()));
                try {
                    HostileFrames.verify(frame, received);
                } catch (AssertionError e) {
                    throw new AssertionError(context + "\n" + e.getMessage(), e);
                }
            }
            String oversize = oversizeStatusLine(jetty, session, HttpTransportConfig.DEFAULT_MAX_BODY_BYTES + 1);
            assertEquals("413", oversize.split(" ", 3)[1], oversize);
            var ping = post(jetty, session, "{\"jsonrpc\":\"2.0\",\"id\":\"last\",\"method\":\"ping\"}".getBytes());
            assertEquals(200, ping.statusCode(), ping.body());
            assertEquals("{\"jsonrpc\":\"2.0\",\"id\":\"last\",\"result\":{}}", ping.body());
        }
    }

    private HttpResponse<String> post(EmbeddedJetty jetty, String session, byte[] body) throws Exception {
        var request = HttpRequest.newBuilder(URI.create(jetty.url())).timeout(Duration.ofSeconds(30))
                .header("Accept", "application/json, text/event-stream").header("Content-Type", "application/json")
                .header("MCP-Protocol-Version", "2025-03-26")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (session != null) {
            request.header("Mcp-Session-Id", session);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * The status line answering a POST that declares a body over the limit, with none of it sent: refused by its
     * declared length alone. (Sending 4 MiB blind outgrows the socket's buffers, and the server's closing the
     * connection after its 413 can reset it before the client reads the answer; Java 17's HttpClient hangs on
     * Expect: 100-continue answered by anything but 100.)
     */
    private static String oversizeStatusLine(EmbeddedJetty jetty, String session, long length) throws Exception {
        try (var socket = new Socket("127.0.0.1", jetty.port())) {
            socket.setSoTimeout(30_000);
            String head = "POST " + URI.create(jetty.url()).getPath() + " HTTP/1.1\r\nHost: 127.0.0.1:" + jetty.port()
                    + "\r\nAccept: application/json, text/event-stream\r\nContent-Type: application/json\r\n"
                    + "MCP-Protocol-Version: 2025-03-26\r\nMcp-Session-Id: " + session + "\r\nContent-Length: " + length
                    + "\r\n\r\n";
            socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            var reader = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.US_ASCII));
            return reader.readLine();
        }
    }

    private static JsonValue parse(String body) {
        try (var reader = Json.createReader(new StringReader(body))) {
            return reader.readValue();
        }
    }
}
