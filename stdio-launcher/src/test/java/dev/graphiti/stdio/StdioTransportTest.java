package dev.graphiti.stdio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.protocol.session.McpServer;
import dev.graphiti.protocol.session.ServerInfo;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The transport in-process: framing of output, and the exit code when stdout breaks. */
class StdioTransportTest {

    private static final String INPUT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\"}}\n"
            + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}\n";

    private static int run(OutputStream out, ByteArrayOutputStream err) throws InterruptedException {
        try (McpServer server = McpServer.builder(new ServerInfo("t", "t", "1")).build()) {
            return new StdioTransport(new ByteArrayInputStream(INPUT.getBytes(StandardCharsets.UTF_8)), out,
                    new PrintStream(err, true, StandardCharsets.UTF_8), server, 1024, Duration.ofSeconds(2)).run();
        }
    }

    @Test
    void eachMessageIsOneLineEndedByLfAndEofEndsWithZero() throws Exception {
        var out = new ByteArrayOutputStream();
        assertEquals(0, run(out, new ByteArrayOutputStream()));
        String text = out.toString(StandardCharsets.UTF_8);
        String[] lines = text.split("\n", -1);
        assertEquals(3, lines.length, text);
        assertEquals("", lines[2], "output ends with a line break");
        assertTrue(lines[0].startsWith("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"2025-11-25\""), lines[0]);
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}", lines[1]);
        assertTrue(text.indexOf('\r') < 0);
    }

    @Test
    void aBrokenStdoutEndsWithOneAndSaysSoOnStderr() throws Exception {
        OutputStream broken = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }
        };
        var err = new ByteArrayOutputStream();
        assertEquals(1, run(broken, err));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("stdout closed: Broken pipe"), err.toString(StandardCharsets.UTF_8));
    }
}
