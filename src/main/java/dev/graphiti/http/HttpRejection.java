package dev.graphiti.http;

import dev.graphiti.protocol.jsonrpc.JsonRpcCodec;
import dev.graphiti.protocol.jsonrpc.JsonRpcError;
import dev.graphiti.protocol.jsonrpc.JsonRpcErrorResponse;
import jakarta.json.JsonValue;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A request the transport refuses before any dispatch: an HTTP status plus the JSON-RPC error object
 * sent as its body (never container HTML). Transport-level refusals use code -32000 (the server-defined
 * range, as the reference SDKs do); malformed messages keep -32700 / -32600.
 */
public final class HttpRejection extends Exception {

    /** JSON-RPC code for refusals by the transport itself (headers, sessions, capacity). */
    public static final int TRANSPORT_ERROR = -32000;

    private final int status;
    private final transient JsonRpcErrorResponse body;
    private final Map<String, String> headers;

    public HttpRejection(int status, JsonRpcErrorResponse body, Map<String, String> headers) {
        super(body.error().message());
        this.status = status;
        this.body = body;
        this.headers = Map.copyOf(headers);
    }

    /** A transport-level refusal with code -32000 and no extra headers. */
    public static HttpRejection of(int status, String message) {
        return of(status, message, Map.of());
    }

    public static HttpRejection of(int status, String message, Map<String, String> headers) {
        return new HttpRejection(status, new JsonRpcErrorResponse(JsonValue.NULL,
                new JsonRpcError(TRANSPORT_ERROR, message, null)), headers);
    }

    public int status() {
        return status;
    }

    public JsonRpcErrorResponse body() {
        return body;
    }

    public Map<String, String> headers() {
        return headers;
    }

    /** Writes status, headers and the JSON-RPC error body; the response must not be committed yet. */
    public void send(HttpServletResponse response, JsonRpcCodec codec) throws IOException {
        byte[] bytes = codec.write(body.toJson()).getBytes(StandardCharsets.UTF_8);
        response.resetBuffer();
        response.setStatus(status);
        headers.forEach(response::setHeader);
        // The request body may be unread (a refusal comes before reading it): end the connection so a
        // client does not send its next request on one the container is about to drop.
        response.setHeader("Connection", "close");
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }
}
