package dev.graphiti.protocol.jsonrpc;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.Objects;

/**
 * A request: expects exactly one response carrying the same id. The id is kept raw (a JSON string or
 * integer) so it is echoed back byte for byte; {@code params} is empty when the message had none.
 */
public record JsonRpcRequest(JsonValue id, String method, JsonObject params) implements JsonRpcMessage {

    public JsonRpcRequest {
        JsonRpcIds.require(id);
        Objects.requireNonNull(method, "method");
        params = params == null ? JsonValue.EMPTY_JSON_OBJECT : params;
    }

    /** True for the MCP {@code initialize} request (which never travels in a batch). */
    public boolean isInitialize() {
        return "initialize".equals(method);
    }

    @Override
    public JsonObject toJson() {
        var builder = Jsonp.object().add("jsonrpc", "2.0").add("id", id).add("method", method);
        if (!params.isEmpty()) {
            builder.add("params", params);
        }
        return builder.build();
    }
}
