package dev.graphiti.protocol.feature;

import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Objects;

/** A prompt as listed by prompts/list; {@code title} and {@code description} null to omit. */
public record PromptDescriptor(String name, String title, String description, List<PromptArgument> arguments) {

    public PromptDescriptor {
        Objects.requireNonNull(name, "name");
        arguments = List.copyOf(arguments);
    }

    public JsonObject toJson() {
        var builder = Jsonp.object().add("name", name);
        if (title != null) {
            builder.add("title", title);
        }
        if (description != null) {
            builder.add("description", description);
        }
        var args = Jsonp.array();
        arguments.forEach(a -> args.add(a.toJson()));
        return builder.add("arguments", args).build();
    }
}
