package dev.graphiti.protocol.jsonrpc;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.Objects;

/** A notification: a method call without id, never answered. */
public record JsonRpcNotification(String method, JsonObject params) implements JsonRpcMessage {

    public JsonRpcNotification {
        Objects.requireNonNull(method, "method");
        params = params == null ? JsonValue.EMPTY_JSON_OBJECT : params;
    }

    @Override
    public JsonObject toJson() {
        var builder = Jsonp.object().add("jsonrpc", "2.0").add("method", method);
        if (!params.isEmpty()) {
            builder.add("params", params);
        }
        return builder.build();
    }
}
