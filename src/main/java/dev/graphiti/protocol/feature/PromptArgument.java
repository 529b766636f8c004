package dev.graphiti.protocol.feature;

import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import java.util.Objects;

/** An argument of a prompt; {@code description} null to omit. */
public record PromptArgument(String name, String description, boolean required) {

    public PromptArgument {
        Objects.requireNonNull(name, "name");
    }

    public JsonObject toJson() {
        var builder = Jsonp.object().add("name", name);
        if (description != null) {
            builder.add("description", description);
        }
        return builder.add("required", required).build();
    }
}
