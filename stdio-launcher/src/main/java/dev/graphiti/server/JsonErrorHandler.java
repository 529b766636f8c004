package dev.graphiti.server;

import dev.graphiti.http.HttpRejection;
import dev.graphiti.protocol.jsonrpc.JsonRpcCodec;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Errors Jetty produces itself (malformed HTTP, a missing Host header, unmatched paths) as JSON-RPC error
 * objects, so a client never gets container HTML from the MCP server.
 */
final class JsonErrorHandler extends ErrorHandler {

    private final JsonRpcCodec codec = new JsonRpcCodec();

    @Override
    protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
                                    Callback callback) {
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.write(true, ByteBuffer.wrap(body(code, message)), callback);
    }

    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
        fields.put(new HttpField(HttpHeader.CONTENT_TYPE, "application/json"));
        return ByteBuffer.wrap(body(status, reason));
    }

    private byte[] body(int status, String message) {
        String reason = HttpStatus.getMessage(status);
        String text = message == null || message.isBlank() || message.equals(reason) ? reason : reason + ": " + message;
        return codec.write(HttpRejection.of(status, text).body().toJson()).getBytes(StandardCharsets.UTF_8);
    }
}
