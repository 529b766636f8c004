package dev.graphiti.protocol.jsonrpc;

import jakarta.json.JsonNumber;
import jakarta.json.JsonValue;

/** What MCP accepts as a request id: a JSON string or an integer, never null. */
public final class JsonRpcIds {

    private JsonRpcIds() {
    }

    public static boolean isValid(JsonValue id) {
        if (id == null) {
            return false;
        }
        return switch (id.getValueType()) {
            case STRING -> true;
            case NUMBER -> ((JsonNumber) id).isIntegral();
            default -> false;
        };
    }

    public static void require(JsonValue id) {
        if (!isValid(id)) {
            throw new IllegalArgumentException("a JSON-RPC id is a string or an integer, not " + id);
        }
    }
}
