package dev.graphiti.bench;

import jakarta.json.JsonObject;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One streamable-HTTP MCP session on one kept-alive connection: POSTs JSON-RPC, reads a JSON or SSE
 * answer, DELETEs at close. HTTP/1.1 by hand on a socket, because a general client's own overhead
 * (java.net.http spends about half a millisecond per call on loopback) would be measured as the
 * servers' and push every ratio toward 1.
 */
final class HttpPeer implements McpPeer {

    static final String STATELESS_VERSION = "2026-07-28";

    private final URI endpoint;
    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;
    private final Map<String, String> headers;
    private String sessionId;
    private boolean abandon;

    HttpPeer(URI endpoint) throws IOException {
        this(endpoint, Map.of());
    }

    /** @param headers sent with every request (a team server's Authorization) */
    HttpPeer(URI endpoint, Map<String, String> headers) throws IOException {
        this.endpoint = endpoint;
        this.headers = Map.copyOf(headers);
        this.socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(30_000);
        socket.connect(new InetSocketAddress(endpoint.getHost(), endpoint.getPort()), 10_000);
        this.out = socket.getOutputStream();
        this.in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
    }

    record Response(int status, Map<String, String> headers, String body) {
    }

    @Override
    public JsonObject request(String id, String message) throws IOException {
        Response response = exchange("POST", message);
        if (response.status() != 200) {
            throw new IOException("HTTP " + response.status() + ": " + response.body());
        }
        String session = response.headers().get("mcp-session-id");
        if (session != null) {
            sessionId = session;
        }
        return answer(id, response);
    }

    private static JsonObject answer(String id, Response response) throws IOException {
        if (response.headers().getOrDefault("content-type", "").startsWith("application/json")) {
            return parse(response.body());
        }
        for (String line : response.body().split("\n")) {
            if (line.startsWith("data:")) {
                JsonObject event = parse(line.substring(5).trim());
                if (event.containsKey("id") && !event.containsKey("method") && event.get("id").toString().equals(id)) {
                    return event;
                }
            }
        }
        throw new IOException("no response for id " + id + " in the event stream");
    }

    /**
     * A 2026-07-28 request: no session, the version and client capabilities in the body's _meta (the caller
     * writes them), the standard headers repeating the method and the tool's name.
     */
    JsonObject statelessRequest(String id, String method, String name, String message) throws IOException {
        var standard = new java.util.LinkedHashMap<String, String>();
        standard.put("Mcp-Method", method);
        if (name != null) {
            standard.put("Mcp-Name", name);
        }
        Response response = exchange("POST", message, STATELESS_VERSION, standard);
        if (response.status() != 200) {
            throw new IOException("HTTP " + response.status() + ": " + response.body());
        }
        return answer(id, response);
    }

    @Override
    public void notify(JsonObject message) throws IOException {
        Response response = exchange("POST", message.toString());
        if (response.status() != 202) {
            throw new IOException("notification answered HTTP " + response.status());
        }
    }

    private Response exchange(String method, String body) throws IOException {
        return exchange(method, body, PROTOCOL_VERSION, Map.of());
    }

    private Response exchange(String method, String body, String version, Map<String, String> extra) throws IOException {
        byte[] content = body.getBytes(StandardCharsets.UTF_8);
        var head = new StringBuilder(256)
                .append(method).append(' ').append(endpoint.getRawPath()).append(" HTTP/1.1\r\n")
                .append("Host: ").append(endpoint.getHost()).append(':').append(endpoint.getPort()).append("\r\n")
                .append("Accept: application/json, text/event-stream\r\n")
                .append("MCP-Protocol-Version: ").append(version).append("\r\n");
        if (sessionId != null) {
            head.append("Mcp-Session-Id: ").append(sessionId).append("\r\n");
        }
        headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        extra.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        if (content.length > 0) {
            head.append("Content-Type: application/json\r\n");
        }
        head.append("Content-Length: ").append(content.length).append("\r\n\r\n");
        byte[] headBytes = head.toString().getBytes(StandardCharsets.US_ASCII);
        byte[] request = new byte[headBytes.length + content.length];
        System.arraycopy(headBytes, 0, request, 0, headBytes.length);
        System.arraycopy(content, 0, request, headBytes.length, content.length);
        out.write(request);
        out.flush();
        return read();
    }

    private Response read() throws IOException {
        String statusLine = line();
        int status = Integer.parseInt(statusLine.split(" ", 3)[1]);
        Map<String, String> headers = new HashMap<>();
        for (String header = line(); !header.isEmpty(); header = line()) {
            int colon = header.indexOf(':');
            headers.put(header.substring(0, colon).trim().toLowerCase(Locale.ROOT), header.substring(colon + 1).trim());
        }
        byte[] body;
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            var chunks = new ByteArrayOutputStream();
            for (int size = Integer.parseInt(line().split(";")[0].trim(), 16); size > 0;
                    size = Integer.parseInt(line().split(";")[0].trim(), 16)) {
                chunks.write(in.readNBytes(size));
                line();
            }
            for (String trailer = line(); !trailer.isEmpty(); trailer = line()) {
                // Trailers carry nothing a benchmark needs.
            }
            body = chunks.toByteArray();
        } else {
            body = in.readNBytes(Integer.parseInt(headers.getOrDefault("content-length", "0")));
        }
        return new Response(status, headers, new String(body, StandardCharsets.UTF_8));
    }

    private String line() throws IOException {
        var line = new StringBuilder(64);
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new EOFException("the server closed the connection");
            }
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }

    private static JsonObject parse(String text) {
        return McpPeer.JSON.createReader(new StringReader(text)).readObject();
    }

    /** At close, drop the connection without ending the session (DELETE), as a crashed client would. */
    void abandonSession() {
        abandon = true;
    }

    @Override
    public void close() throws IOException {
        try (socket) {
            if (sessionId != null && !abandon) {
                exchange("DELETE", "");
            }
        }
    }
}
