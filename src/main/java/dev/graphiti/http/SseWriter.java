package dev.graphiti.http;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Server-sent events framing on an output stream: one JSON-RPC message per {@code message} event,
 * comments for heartbeats. Writes are serialized and flushed at once so a client sees each event when sent.
 */
final class SseWriter {

    private final OutputStream out;

    SseWriter(OutputStream out) {
        this.out = out;
    }

    /** Sets the headers of an event stream: no caching, no proxy buffering (nginx honours X-Accel-Buffering). */
    static void prepare(HttpServletResponse response) {
        response.setStatus(200);
        response.setContentType("text/event-stream");
        response.setCharacterEncoding("UTF-8");
        response.setHeader("Cache-Control", "no-cache");
        response.setHeader("X-Accel-Buffering", "no");
    }

    /** Writes one event; {@code data} is compact JSON, but line breaks would still be framed correctly. */
    synchronized void event(String data) throws IOException {
        var frame = new StringBuilder("event: message\n");
        for (String line : data.split("\r\n|\r|\n", -1)) {
            frame.append("data: ").append(line).append('\n');
        }
        write(frame.append('\n'));
    }

    /** Writes a comment line, which clients ignore: keeps idle connections and proxies from timing out. */
    synchronized void comment(String text) throws IOException {
        write(new StringBuilder(": ").append(text.replaceAll("[\r\n]", " ")).append("\n\n"));
    }

    private void write(CharSequence frame) throws IOException {
        out.write(frame.toString().getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
