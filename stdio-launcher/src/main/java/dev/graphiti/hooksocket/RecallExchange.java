package dev.graphiti.hooksocket;

import dev.graphiti.hook.HookInput;
import dev.graphiti.hook.HookRun;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * One HTTP/1.1 exchange on the socket, as `curl --unix-socket` speaks it: {@code POST /<hook>} with a
 * Content-Length body (the hook's JSON, at most {@link HookInput#MAX_BYTES}) and the client's run in X-Graphiti-Run
 * ({@link HookRun}); the answer closes the connection.
 * Anything else is refused with a status and no work.
 */
final class RecallExchange {

    /** The hooks the socket answers, by path: the prompt's recall, the file's recall, the session start's brief. */
    static final Set<String> HOOKS = Set.of("/recall", "/file", "/context");
    static final int MAX_HEAD_BYTES = 8 * 1024;

    /** A request: the hook it asks for (one of {@link #HOOKS}), the hook's JSON and the client's run. */
    record Request(String hook, byte[] body, HookRun run) {
    }

    /** A request refused before any work: the status to answer with and why. */
    static final class Refused extends Exception {

        final int status;

        Refused(int status, String reason) {
            super(reason);
            this.status = status;
        }
    }

    private RecallExchange() {
    }

    /** Reads one request. */
    static Request read(ByteChannel channel) throws IOException, Refused {
        ByteBuffer buffer = ByteBuffer.allocate(MAX_HEAD_BYTES);
        int end;
        while ((end = headEnd(buffer)) < 0) {
            if (!buffer.hasRemaining()) {
                throw new Refused(431, "request head larger than " + MAX_HEAD_BYTES + " bytes");
            }
            if (channel.read(buffer) < 0) {
                throw new Refused(400, "connection closed before the request head ended");
            }
        }
        String[] lines = new String(buffer.array(), 0, end, StandardCharsets.UTF_8).split("\r\n");
        String[] requestLine = lines[0].split(" ");
        if (requestLine.length != 3 || !requestLine[2].startsWith("HTTP/1.")) {
            throw new Refused(400, "not an HTTP/1.x request line");
        }
        if (!HOOKS.contains(requestLine[1])) {
            throw new Refused(404, "only " + String.join(", ", new TreeSet<>(HOOKS)) + " are here");
        }
        if (!requestLine[0].equals("POST")) {
            throw new Refused(405, requestLine[1] + " takes POST");
        }
        long length = -1;
        HookRun run = HookRun.NONE;
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon <= 0) {
                throw new Refused(400, "malformed header line");
            }
            String name = lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT);
            String value = lines[i].substring(colon + 1).strip();
            switch (name) {
                case "content-length" -> length = contentLength(value, length);
                case "transfer-encoding" -> throw new Refused(411, "send a Content-Length, not " + value);
                case "x-graphiti-run" -> run = run(value);
                default -> { }
            }
        }
        if (length < 0) {
            throw new Refused(411, "Content-Length is required");
        }
        if (length > HookInput.MAX_BYTES) {
            throw new Refused(413, "body larger than " + HookInput.MAX_BYTES + " bytes");
        }
        byte[] body = new byte[(int) length];
        int start = end + 4;
        int buffered = Math.min(buffer.position() - start, body.length);
        System.arraycopy(buffer.array(), start, body, 0, buffered);
        ByteBuffer rest = ByteBuffer.wrap(body, buffered, body.length - buffered);
        while (rest.hasRemaining()) {
            if (channel.read(rest) < 0) {
                throw new Refused(400, "connection closed before the body ended");
            }
        }
        return new Request(requestLine[1], body, run);
    }

    private static HookRun run(String value) throws Refused {
        try {
            return new HookRun(java.util.Optional.of(value));
        } catch (IllegalArgumentException e) {
            throw new Refused(400, "X-Graphiti-Run: " + e.getMessage());
        }
    }

    private static long contentLength(String value, long earlier) throws Refused {
        if (!value.matches("\\d{1,10}") || earlier >= 0 && earlier != Long.parseLong(value)) {
            throw new Refused(400, "bad Content-Length");
        }
        return Long.parseLong(value);
    }

    /** Writes the answer and its status; the connection closes after it. */
    static void answer(ByteChannel channel, int status, byte[] body) throws IOException {
        String head = "HTTP/1.1 " + status + " " + reason(status) + "\r\nContent-Type: "
                + (status == 200 ? "application/json" : "text/plain; charset=utf-8") + "\r\nContent-Length: "
                + body.length + "\r\nConnection: close\r\n\r\n";
        ByteBuffer out = ByteBuffer.wrap(concat(head.getBytes(StandardCharsets.US_ASCII), body));
        while (out.hasRemaining()) {
            channel.write(out);
        }
    }

    /** Reads and drops what the client still sends after a refusal, up to what a request may hold. */
    static void drain(SocketChannel channel) throws IOException {
        channel.shutdownOutput();
        ByteBuffer dropped = ByteBuffer.allocate(8192);
        for (long total = 0; total <= MAX_HEAD_BYTES + HookInput.MAX_BYTES; dropped.clear()) {
            int n = channel.read(dropped);
            if (n < 0) {
                return;
            }
            total += n;
        }
    }

    private static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 400 -> "Bad Request";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 411 -> "Length Required";
            case 413 -> "Content Too Large";
            case 431 -> "Request Header Fields Too Large";
            default -> "Internal Server Error";
        };
    }

    private static int headEnd(ByteBuffer buffer) {
        byte[] bytes = buffer.array();
        for (int i = 0; i + 3 < buffer.position(); i++) {
            if (bytes[i] == '\r' && bytes[i + 1] == '\n' && bytes[i + 2] == '\r' && bytes[i + 3] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
