package dev.graphiti.protocol.feature;

import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import java.util.Objects;

/** One message of a prompts/get result; {@code role} is "user" or "assistant". */
public record PromptMessage(String role, Content content) {

    public PromptMessage {
        if (!"user".equals(role) && !"assistant".equals(role)) {
            throw new IllegalArgumentException("role is user or assistant: " + role);
        }
        Objects.requireNonNull(content, "content");
    }

    public static PromptMessage user(String text) {
        return new PromptMessage("user", Content.text(text));
    }

    public JsonObject toJson() {
        return Jsonp.object().add("role", role).add("content", content.json()).build();
    }
}
