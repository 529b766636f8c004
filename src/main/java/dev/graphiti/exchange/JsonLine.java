package dev.graphiti.exchange;

import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.io.StringReader;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** One line of a JSON Lines file as an object, its fields read with errors that name the line and the field. */
final class JsonLine {

    /** Parsson's bound on nesting (jakarta.json.maxDepth), which no line of ours comes near. */
    private static final int MAX_DEPTH = 1000;

    private final JsonObject object;
    private final String where;

    private JsonLine(JsonObject object, String where) {
        this.object = object;
        this.where = where;
    }

    static JsonLine parse(JsonProvider json, String line, String where) {
        JsonValue value;
        try (var reader = json.createReader(new StringReader(line))) {
            value = reader.readValue();
        } catch (JsonException e) {
            throw new MalformedFile(where, "is not JSON (" + e.getMessage() + ")");
        } catch (RuntimeException e) {
            // Parsson refuses deep nesting with a bare RuntimeException whose words name no way out
            if (String.valueOf(e.getMessage()).contains("too deeply nested")) {
                throw new MalformedFile(where, "nests deeper than " + MAX_DEPTH + " arrays or objects, which no export"
                        + " of graphiti or the memory server does; is it the file you meant?");
            }
            throw e;
        }
        if (value.getValueType() != JsonValue.ValueType.OBJECT) {
            throw new MalformedFile(where, "is not a JSON object");
        }
        return new JsonLine(value.asJsonObject(), where);
    }

    JsonObject object() {
        return object;
    }

    boolean has(String name) {
        return object.containsKey(name) && object.get(name).getValueType() != JsonValue.ValueType.NULL;
    }

    String string(String name) {
        return optionalString(name).orElseThrow(() -> wrong(name, "is missing"));
    }

    Optional<String> optionalString(String name) {
        if (!has(name)) {
            return Optional.empty();
        }
        if (!(object.get(name) instanceof JsonString text)) {
            throw wrong(name, "is not a string");
        }
        return Optional.of(text.getString());
    }

    Optional<Long> optionalLong(String name) {
        if (!has(name)) {
            return Optional.empty();
        }
        if (!(object.get(name) instanceof JsonNumber number) || !number.isIntegral()) {
            throw wrong(name, "is not a whole number");
        }
        return Optional.of(number.longValue());
    }

    Optional<Instant> optionalInstant(String name) {
        return optionalString(name).map(text -> {
            try {
                return Instant.parse(text);
            } catch (DateTimeParseException e) {
                throw wrong(name, "is not an ISO-8601 instant such as 2026-01-31T12:00:00Z");
            }
        });
    }

    Instant instant(String name) {
        return optionalInstant(name).orElseThrow(() -> wrong(name, "is missing"));
    }

    /** A list of strings; absent or null is empty. */
    List<String> strings(String name) {
        List<String> values = new ArrayList<>();
        for (JsonValue value : array(name)) {
            if (!(value instanceof JsonString text)) {
                throw wrong(name, "holds something other than strings");
            }
            values.add(text.getString());
        }
        return values;
    }

    /** The objects of a list; absent or null is empty. */
    List<JsonLine> objects(String name) {
        List<JsonLine> values = new ArrayList<>();
        for (JsonValue value : array(name)) {
            if (value.getValueType() != JsonValue.ValueType.OBJECT) {
                throw wrong(name, "holds something other than objects");
            }
            values.add(new JsonLine(value.asJsonObject(), where + ", in " + name));
        }
        return values;
    }

    private JsonArray array(String name) {
        if (!has(name)) {
            return JsonValue.EMPTY_JSON_ARRAY;
        }
        if (!(object.get(name) instanceof JsonArray array)) {
            throw wrong(name, "is not a list");
        }
        return array;
    }

    String where() {
        return where;
    }

    MalformedFile wrong(String name, String problem) {
        return new MalformedFile(where, "\"" + name + "\" " + problem);
    }
}
