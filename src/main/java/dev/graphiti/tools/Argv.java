package dev.graphiti.tools;

import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a tool's JSON arguments into the CLI's argument list: options first, then the positional
 * words after "--" so text that starts with a dash is never read as an option.
 */
final class Argv {

    private final JsonObject arguments;
    private final List<String> options = new ArrayList<>();
    private final List<String> positional = new ArrayList<>();
    private final Map<String, String> names = new HashMap<>();

    Argv(JsonObject arguments, String... command) {
        this.arguments = arguments;
        options.addAll(List.of(command));
    }

    /** {@code flag value} when the argument is present (a string or a number). */
    Argv option(String flag, String name) {
        names.put(flag, name);
        JsonValue value = arguments.get(name);
        if (value != null && value.getValueType() != JsonValue.ValueType.NULL) {
            options.add(flag);
            options.add(scalar(name, value));
        }
        return this;
    }

    /** {@code flag value} once per element of an array argument (a single string counts as one). */
    Argv repeated(String flag, String name) {
        names.put(flag, name);
        for (String value : strings(name)) {
            options.add(flag);
            options.add(value);
        }
        return this;
    }

    /** {@code flag} alone when the boolean argument is true. */
    Argv flag(String flag, String name) {
        names.put(flag, name);
        if (arguments.get(name) == JsonValue.TRUE) {
            options.add(flag);
        }
        return this;
    }

    /** A fixed option the tool always passes. */
    Argv fixed(String... values) {
        options.addAll(List.of(values));
        return this;
    }

    /** The argument's value(s) as positional words. */
    Argv words(String name) {
        CliArguments.labels(name).forEach(label -> names.put(label, name));
        positional.addAll(strings(name));
        return this;
    }

    /** The argument list, which also knows which tool argument each option came from (for error messages). */
    List<String> build() {
        List<String> all = new ArrayList<>(options);
        if (!positional.isEmpty()) {
            all.add("--");
            all.addAll(positional);
        }
        return new CliArguments(all, names);
    }

    private List<String> strings(String name) {
        JsonValue value = arguments.get(name);
        List<String> values = new ArrayList<>();
        if (value == null || value.getValueType() == JsonValue.ValueType.NULL) {
            return values;
        }
        if (value.getValueType() == JsonValue.ValueType.ARRAY) {
            value.asJsonArray().forEach(element -> values.add(scalar(name, element)));
        } else {
            values.add(scalar(name, value));
        }
        return values;
    }

    private static String scalar(String name, JsonValue value) {
        if (value instanceof JsonString string) {
            return string.getString();
        }
        if (value instanceof JsonNumber number) {
            return plain(number);
        }
        if (value.getValueType() == JsonValue.ValueType.TRUE || value.getValueType() == JsonValue.ValueType.FALSE) {
            return value.toString();
        }
        throw new IllegalArgumentException("argument \"" + name + "\" must be a string, a number or a boolean");
    }

    /**
     * 8192, 8192.0 and 8.192e3 are all "8192" (the CLI takes whole numbers as digits); 0.5 stays "0.5". A number
     * too large for any setting keeps its exponent (1e999999999 must not become a billion digits).
     */
    private static String plain(JsonNumber number) {
        java.math.BigDecimal decimal = number.bigDecimalValue().stripTrailingZeros();
        if (decimal.scale() < -30 || decimal.scale() > 30) {
            return decimal.toString();
        }
        return decimal.scale() <= 0 ? decimal.toBigIntegerExact().toString() : decimal.toPlainString();
    }
}
