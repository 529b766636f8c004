package dev.graphiti.protocol.jsonrpc;

import jakarta.json.JsonObject;
import java.util.Objects;

/** The error member of an error response: an integer code, a message and optional data (null: none). */
public record JsonRpcError(int code, String message, jakarta.json.JsonValue data) {

    public JsonRpcError {
        Objects.requireNonNull(message, "message");
    }

    public JsonObject toJson() {
        var builder = Jsonp.object().add("code", code).add("message", message);
        if (data != null) {
            builder.add("data", data);
        }
        return builder.build();
    }
}
