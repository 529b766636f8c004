package dev.graphiti.tools;

import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.spi.JsonProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Builds a tool's input schema (JSON Schema 2020-12). Every parameter has a type (a client builds its form from
 * it: the Inspector sends an untyped field as text) and a description of a few words; defaults are said in the
 * description, which costs fewer tokens than a keyword. Agents read every schema in every session.
 */
final class InputSchema {

    static final JsonProvider JSON = JsonProvider.provider();

    private final JsonObjectBuilder properties = JSON.createObjectBuilder();
    private final List<String> required = new ArrayList<>();

    InputSchema string(String name, String description) {
        return add(name, typed("string"), description);
    }

    /** A string, a number or a boolean: a value whose type depends on another argument (a setting's). */
    InputSchema scalar(String name, String description) {
        return add(name, JSON.createObjectBuilder().add("type", JSON.createArrayBuilder()
                .add("string").add("number").add("boolean")), description);
    }

    InputSchema integer(String name, String description) {
        return add(name, typed("integer"), description);
    }

    /** A boolean, false when absent. */
    InputSchema flag(String name, String description) {
        return add(name, typed("boolean"), description);
    }

    /** confirm: what a call says once its user agreed (see {@link Confirmation}). */
    InputSchema confirmation() {
        return flag(Confirmation.KEY, "true once the user agreed");
    }

    InputSchema strings(String name, String description) {
        return add(name, typed("array").add("items", typed("string")), description);
    }

    InputSchema choice(String name, List<String> values, String description) {
        return add(name, typed("string").add("enum", JSON.createArrayBuilder(values)), description);
    }

    /** scope, which every graph tool takes: which graph, or which project's ({@link ScopeArgument}). */
    InputSchema scope() {
        return string(ScopeArgument.NAME, "project, global or dir");
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

    private InputSchema add(String name, JsonObjectBuilder property, String description) {
        Objects.requireNonNull(description, () -> name + " needs a description");
        properties.add(name, property.add("description", description));
        return this;
    }

    private static JsonObjectBuilder typed(String type) {
        return JSON.createObjectBuilder().add("type", type);
    }
}
