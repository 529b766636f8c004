package dev.graphiti.protocol.feature;

import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;

/**
 * The behaviour hints of a tool. Only the hints that hold are sent: a missing hint reads as false to a client that
 * ignores the spec's defaults, and as the cautious default (may destroy, may reach outside) to one that applies
 * them, so neither is ever told less care is needed than is. Idempotence and destruction say nothing of a
 * read-only tool (the spec reads them only when readOnlyHint is false) and are left out there.
 */
public record ToolAnnotations(boolean readOnlyHint, boolean destructiveHint, boolean idempotentHint,
                              boolean openWorldHint) {

    /** A tool that only reads local state. */
    public static ToolAnnotations readOnly() {
        return new ToolAnnotations(true, false, true, false);
    }

    /** The hints that hold; empty for a tool that writes, destroys nothing, is not idempotent and stays local. */
    public JsonObject toJson() {
        var hints = Jsonp.object();
        if (readOnlyHint) {
            hints.add("readOnlyHint", true);
        } else {
            if (destructiveHint) {
                hints.add("destructiveHint", true);
            }
            if (idempotentHint) {
                hints.add("idempotentHint", true);
            }
        }
        if (openWorldHint) {
            hints.add("openWorldHint", true);
        }
        return hints.build();
    }
}
