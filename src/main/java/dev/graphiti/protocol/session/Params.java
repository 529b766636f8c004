package dev.graphiti.protocol.session;

import dev.graphiti.protocol.feature.McpException;
import dev.graphiti.protocol.jsonrpc.ErrorCode;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** Typed access to request params; a missing or mistyped member is -32602 naming the member. */
record Params(JsonObject json) {

    String requireString(String name) {
        return optionalString(name).orElseThrow(() -> invalid("missing string parameter \"" + name + "\""));
    }

    Optional<String> optionalString(String name) {
        JsonValue value = json.get(name);
        if (value == null || value == JsonValue.NULL) {
            return Optional.empty();
        }
        if (!(value instanceof JsonString text)) {
            throw invalid("parameter \"" + name + "\" must be a string");
        }
        return Optional.of(text.getString());
    }

    JsonObject optionalObject(String name) {
        JsonValue value = json.get(name);
        if (value == null || value == JsonValue.NULL) {
            return JsonValue.EMPTY_JSON_OBJECT;
        }
        if (value.getValueType() != JsonValue.ValueType.OBJECT) {
            throw invalid("parameter \"" + name + "\" must be an object");
        }
        return value.asJsonObject();
    }

    /** An object of string values, e.g. prompt arguments. */
    Map<String, String> stringMap(String name) {
        Map<String, String> map = new LinkedHashMap<>();
        for (var entry : optionalObject(name).entrySet()) {
            if (!(entry.getValue() instanceof JsonString text)) {
                throw invalid("\"" + name + "." + entry.getKey() + "\" must be a string");
            }
            map.put(entry.getKey(), text.getString());
        }
        return map;
    }

    static McpException invalid(String message) {
        return new McpException(ErrorCode.INVALID_PARAMS, "Invalid params: " + message);
    }
}
