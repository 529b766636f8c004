package dev.graphiti.protocol.feature;

import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import java.util.List;

/** The result of prompts/get; {@code description} null to omit. */
public record PromptResult(String description, List<PromptMessage> messages) {

    public PromptResult {
        messages = List.copyOf(messages);
    }

    public JsonObject toJson() {
        var builder = Jsonp.object();
        if (description != null) {
            builder.add("description", description);
        }
        var list = Jsonp.array();
        messages.forEach(m -> list.add(m.toJson()));
        return builder.add("messages", list).build();
    }
}
