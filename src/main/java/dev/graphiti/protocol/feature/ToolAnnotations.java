package dev.graphiti.protocol.feature;

import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;

/** The behaviour hints of a tool; all four are always stated, so they must tell the truth. */
public record ToolAnnotations(boolean readOnlyHint, boolean destructiveHint, boolean idempotentHint,
                              boolean openWorldHint) {

    /** A tool that only reads local state. */
    public static ToolAnnotations readOnly() {
        return new ToolAnnotations(true, false, true, false);
    }

    public JsonObject toJson() {
        return Jsonp.object()
                .add("readOnlyHint", readOnlyHint)
                .add("destructiveHint", destructiveHint)
                .add("idempotentHint", idempotentHint)
                .add("openWorldHint", openWorldHint)
                .build();
    }
}
