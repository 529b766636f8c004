package dev.graphiti.protocol.session;

import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.List;

/**
 * The part of JSON Schema that catches most bad tool arguments before a tool runs: required members,
 * the declared type of each top-level property (and of an array's items), enums, and additionalProperties:false.
 * Each problem names the argument, the type expected as the caller writes it, and what came. Tools validate
 * anything deeper themselves.
 */
record ArgumentCheck(JsonObject schema) {

    List<String> problems(JsonObject arguments) {
        List<String> problems = new ArrayList<>();
        JsonObject properties = schema.containsKey("properties") ? schema.getJsonObject("properties") : JsonValue.EMPTY_JSON_OBJECT;
        if (schema.containsKey("required")) {
            for (JsonValue required : schema.getJsonArray("required")) {
                String name = ((JsonString) required).getString();
                if (!arguments.containsKey(name)) {
                    problems.add("missing required argument \"" + name + "\"");
                }
            }
        }
        for (var entry : arguments.entrySet()) {
            JsonValue declared = properties.get(entry.getKey());
            if (declared == null) {
                if (schema.containsKey("additionalProperties")
                        && schema.get("additionalProperties").getValueType() == JsonValue.ValueType.FALSE) {
                    problems.add("unknown argument \"" + entry.getKey() + "\"");
                }
                continue;
            }
            if (declared.getValueType() == JsonValue.ValueType.OBJECT) {
                check(entry.getKey(), entry.getValue(), declared.asJsonObject(), problems);
            }
        }
        return problems;
    }

    private static void check(String name, JsonValue value, JsonObject property, List<String> problems) {
        JsonValue type = property.get("type");
        if (type instanceof JsonString expected && !matches(expected.getString(), value)) {
            problems.add("argument \"" + name + "\" must be " + expected(expected.getString()) + ", got " + describe(value));
            return;
        }
        if (type instanceof jakarta.json.JsonArray any && any.stream().noneMatch(t -> t instanceof JsonString expected
                && matches(expected.getString(), value))) {
            problems.add("argument \"" + name + "\" must be one of the types " + any + ", got " + describe(value));
            return;
        }
        if (property.get("items") instanceof JsonObject items && items.get("type") instanceof JsonString itemType
                && value instanceof jakarta.json.JsonArray array) {
            array.stream().filter(element -> !matches(itemType.getString(), element)).findFirst().ifPresent(element ->
                    problems.add("argument \"" + name + "\" must hold only " + itemType.getString() + "s, got " + describe(element)));
        }
        if (property.containsKey("enum") && !property.getJsonArray("enum").contains(value)) {
            problems.add("argument \"" + name + "\" must be one of " + property.getJsonArray("enum") + ", got " + describe(value));
        }
    }

    private static boolean matches(String type, JsonValue value) {
        return switch (type) {
            case "string" -> value.getValueType() == JsonValue.ValueType.STRING;
            case "integer" -> value instanceof JsonNumber n && n.isIntegral();
            case "number" -> value.getValueType() == JsonValue.ValueType.NUMBER;
            case "boolean" -> value.getValueType() == JsonValue.ValueType.TRUE
                    || value.getValueType() == JsonValue.ValueType.FALSE;
            case "object" -> value.getValueType() == JsonValue.ValueType.OBJECT;
            case "array" -> value.getValueType() == JsonValue.ValueType.ARRAY;
            case "null" -> value.getValueType() == JsonValue.ValueType.NULL;
            default -> true;
        };
    }

    /** The type as a caller writes it: a form that sent the text "true" or "10" learns to send the JSON value. */
    private static String expected(String type) {
        return switch (type) {
            case "boolean" -> "a boolean (true or false, without quotes)";
            case "integer" -> "an integer (digits, without quotes)";
            case "number" -> "a number (without quotes)";
            case "array" -> "an array (e.g. [\"a\", \"b\"])";
            case "object" -> "an object";
            default -> "a " + type;
        };
    }

    /** What was sent, short: the string "true", the number 42, an array. */
    private static String describe(JsonValue value) {
        return switch (value.getValueType()) {
            case STRING -> "the string " + excerpt(value.toString());
            case NUMBER -> "the number " + excerpt(value.toString());
            case TRUE, FALSE, NULL -> value.toString();
            case ARRAY -> "an array";
            case OBJECT -> "an object";
        };
    }

    private static String excerpt(String text) {
        return text.length() <= 40 ? text : text.substring(0, 40) + "...";
    }
}
