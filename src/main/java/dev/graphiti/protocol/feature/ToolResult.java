package dev.graphiti.protocol.feature;

import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** The result of tools/call: content blocks, optional structured content, and whether the call failed. */
public record ToolResult(List<Content> content, Optional<JsonObject> structuredContent, boolean isError) {

    public ToolResult {
        content = List.copyOf(content);
        structuredContent = structuredContent == null ? Optional.empty() : structuredContent;
    }

    public static ToolResult text(String text) {
        return new ToolResult(List.of(Content.text(text)), Optional.empty(), false);
    }

    public static ToolResult of(List<Content> content) {
        return new ToolResult(content, Optional.empty(), false);
    }

    /** Structured content, also serialized as a text block for clients that read text only. */
    public static ToolResult structured(JsonObject structured, String text) {
        Objects.requireNonNull(structured, "structured");
        return new ToolResult(List.of(Content.text(text)), Optional.of(structured), false);
    }

    /** A failure the model can read and act on. */
    public static ToolResult error(String message) {
        return new ToolResult(List.of(Content.text(message)), Optional.empty(), true);
    }

    public JsonObject toJson() {
        var blocks = Jsonp.array();
        content.forEach(c -> blocks.add(c.json()));
        var builder = Jsonp.object().add("content", blocks);
        structuredContent.ifPresent(s -> builder.add("structuredContent", s));
        return builder.add("isError", isError).build();
    }
}
