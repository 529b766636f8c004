package dev.graphiti.protocol.jsonrpc;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.Objects;

/** A successful response. */
public record JsonRpcResult(JsonValue id, JsonObject result) implements JsonRpcResponse {

    public JsonRpcResult {
        JsonRpcIds.require(id);
        Objects.requireNonNull(result, "result");
    }

    @Override
    public JsonObject toJson() {
        return Jsonp.object().add("jsonrpc", "2.0").add("id", id).add("result", result).build();
    }
}
