package dev.graphiti.tools;

import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.spi.JsonProvider;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds a tool's input schema (JSON Schema 2020-12) as tersely as the agent can still act on it:
 * agents read every schema in every session, so a property gets a description only when its name and
 * type do not already say what it is, and guidance shared by all tools lives in the server instructions.
 */
final class InputSchema {

    static final JsonProvider JSON = JsonProvider.provider();

    private final JsonObjectBuilder properties = JSON.createObjectBuilder();
    private final List<String> required = new ArrayList<>();

    InputSchema string(String name, String description) {
        properties.add(name, described(JSON.createObjectBuilder().add("type", "string"), description));
        return this;
    }

    /** A string, a number or a boolean: a value whose type depends on another argument (a setting's). */
    InputSchema scalar(String name) {
        properties.add(name, JSON.createObjectBuilder().add("type", JSON.createArrayBuilder()
                .add("string").add("number").add("boolean")));
        return this;
    }

    InputSchema integer(String name, int defaultValue, int minimum) {
        properties.add(name, JSON.createObjectBuilder().add("type", "integer").add("minimum", minimum)
                .add("default", defaultValue));
        return this;
    }

    InputSchema flag(String name, String description) {
        properties.add(name, described(JSON.createObjectBuilder().add("type", "boolean").add("default", false),
                description));
        return this;
    }

    /** confirm: true, what a call says once its user agreed (see {@link Confirmation}); the one value it may have. */
    InputSchema confirmation() {
        properties.add("confirm", JSON.createObjectBuilder().add("const", true));
        return this;
    }

    /** A boolean without a stated default (false when absent), for a tool whose every token counts. */
    InputSchema bool(String name) {
        properties.add(name, JSON.createObjectBuilder().add("type", "boolean"));
        return this;
    }

    InputSchema strings(String name, String description) {
        properties.add(name, described(JSON.createObjectBuilder().add("type", "array")
                .add("items", JSON.createObjectBuilder().add("type", "string")), description));
        return this;
    }

    InputSchema choice(String name, List<String> values, String defaultValue) {
        var property = JSON.createObjectBuilder().add("enum", JSON.createArrayBuilder(values));
        if (defaultValue != null) {
            property.add("default", defaultValue);
        }
        properties.add(name, property);
        return this;
    }

    /** The filters list and search share with the CLI: kind, tag, since, before, all. */
    InputSchema filters() {
        return string("kind", "comma list").string("tag", null).string("since", "7d, 2025-01-31 ...")
                .string("before", null).flag("all", "include superseded");
    }

    /** scope and dir, which every graph tool takes (explained once, in the server instructions). */
    InputSchema located() {
        return choice("scope", List.of("project", "global"), null).string("dir", null);
    }

    InputSchema require(String... names) {
        required.addAll(List.of(names));
        return this;
    }

    JsonObject build() {
        var schema = JSON.createObjectBuilder().add("type", "object").add("properties", properties);
        if (!required.isEmpty()) {
            schema.add("required", JSON.createArrayBuilder(required));
        }
        return schema.build();
    }

    private static JsonObjectBuilder described(JsonObjectBuilder property, String description) {
        return description == null ? property : property.add("description", description);
    }
}
