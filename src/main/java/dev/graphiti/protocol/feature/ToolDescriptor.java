package dev.graphiti.protocol.feature;

import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A tool as listed by tools/list. {@code inputSchema} is a JSON Schema 2020-12 object schema (never null);
 * {@code outputSchema}, when present, describes the tool's {@code structuredContent}.
 */
public record ToolDescriptor(String name, String title, String description, JsonObject inputSchema,
                             Optional<JsonObject> outputSchema, ToolAnnotations annotations) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,128}");

    public ToolDescriptor {
        Objects.requireNonNull(name, "name");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("tool name must match [A-Za-z0-9_.-]{1,128}: " + name);
        }
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(inputSchema, "inputSchema");
        if (!"object".equals(inputSchema.getString("type", null))) {
            throw new IllegalArgumentException("inputSchema of " + name + " must have \"type\": \"object\"");
        }
        outputSchema = outputSchema == null ? Optional.empty() : outputSchema;
        Objects.requireNonNull(annotations, "annotations");
    }

    /**
     * The entry of the tools/list result. The title is sent once, top-level: annotations.title is the older
     * place for it and clients prefer the top-level one, so repeating it would cost tokens in every session.
     */
    public JsonObject toJson() {
        var builder = Jsonp.object().add("name", name);
        if (title != null) {
            builder.add("title", title);
        }
        builder.add("description", description).add("inputSchema", inputSchema);
        outputSchema.ifPresent(schema -> builder.add("outputSchema", schema));
        JsonObject hints = annotations.toJson();
        return hints.isEmpty() ? builder.build() : builder.add("annotations", hints).build();
    }
}
