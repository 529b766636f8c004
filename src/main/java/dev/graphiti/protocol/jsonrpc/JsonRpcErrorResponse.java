package dev.graphiti.protocol.jsonrpc;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.Objects;

/**
 * An error response. The id is the request's, or JSON null when the failing message's id could not be
 * read (a parse error, or an invalid request without a usable id), as JSON-RPC 2.0 prescribes.
 */
public record JsonRpcErrorResponse(JsonValue id, JsonRpcError error) implements JsonRpcResponse {

    public JsonRpcErrorResponse {
        id = id == null ? JsonValue.NULL : id;
        if (id != JsonValue.NULL && !JsonRpcIds.isValid(id)) {
            throw new IllegalArgumentException("a JSON-RPC id is a string or an integer, not " + id);
        }
        Objects.requireNonNull(error, "error");
    }

    public JsonRpcErrorResponse(JsonValue id, ErrorCode code, String message) {
        this(id, new JsonRpcError(code.code(), message, null));
    }

    @Override
    public JsonObject toJson() {
        return Jsonp.object().add("jsonrpc", "2.0").add("id", id).add("error", error.toJson()).build();
    }
}
