package dev.graphiti.protocol.session;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A tool parameter that 2026-07-28 clients mirror into an HTTP header, {@code Mcp-Param-{name}}: its schema
 * says {@code "x-mcp-header": name}, and it is reached from the schema's root through {@code properties}
 * alone (never items, composition or $ref, as the specification requires).
 */
public record HeaderParameter(String header, List<String> path) {

    public HeaderParameter {
        path = List.copyOf(path);
    }

    /** The annotated parameters of an input schema, in schema order. */
    static List<HeaderParameter> of(JsonObject schema) {
        var found = new ArrayList<HeaderParameter>();
        collect(schema, new ArrayList<>(), found);
        return List.copyOf(found);
    }

    private static void collect(JsonObject schema, List<String> path, List<HeaderParameter> found) {
        if (!(schema.get("properties") instanceof JsonObject properties)) {
            return;
        }
        for (var entry : properties.entrySet()) {
            if (!(entry.getValue() instanceof JsonObject property)) {
                continue;
            }
            var here = new ArrayList<>(path);
            here.add(entry.getKey());
            if (property.get("x-mcp-header") instanceof jakarta.json.JsonString name) {
                found.add(new HeaderParameter(name.getString(), here));
            }
            collect(property, here, found);
        }
    }

    /** The full header name, e.g. Mcp-Param-Region. */
    public String headerName() {
        return "Mcp-Param-" + header;
    }

    /** The parameter's value in a call's arguments, when present and not null. */
    public Optional<JsonValue> valueIn(JsonObject arguments) {
        JsonValue value = arguments;
        for (String step : path) {
            if (!(value instanceof JsonObject object) || !object.containsKey(step)) {
                return Optional.empty();
            }
            value = object.get(step);
        }
        return value == JsonValue.NULL ? Optional.empty() : Optional.of(value);
    }

    /** True when a header's decoded text stands for {@code value}: strings as they are, integers by number, booleans lowercase. */
    public static boolean matches(String text, JsonValue value) {
        return switch (value.getValueType()) {
            case STRING -> ((jakarta.json.JsonString) value).getString().equals(text);
            case NUMBER -> {
                try {
                    yield new java.math.BigDecimal(text.strip()).compareTo(((jakarta.json.JsonNumber) value).bigDecimalValue()) == 0;
                } catch (NumberFormatException e) {
                    yield false;
                }
            }
            case TRUE -> text.toLowerCase(Locale.ROOT).equals("true");
            case FALSE -> text.toLowerCase(Locale.ROOT).equals("false");
            default -> false;
        };
    }
}
