package dev.graphiti.protocol.feature;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;

/**
 * The MCP Apps extension (io.modelcontextprotocol/ui, stable 2026-01-26): a tool names a {@code ui://} resource, an
 * HTML app that a client able to render it shows with the tool's result. A client says it renders apps in its
 * capabilities ({@code extensions["io.modelcontextprotocol/ui"].mimeTypes} holding {@link #MIME_TYPE}); only such a
 * client is told which tools have an app, so the others pay nothing for it in tools/list.
 */
public final class McpApps {

    public static final String EXTENSION = "io.modelcontextprotocol/ui";
    /** The one content type the extension defines: an HTML5 document. */
    public static final String MIME_TYPE = "text/html;profile=mcp-app";

    private McpApps() {
    }

    /** Whether the client that sent these capabilities renders HTML apps. */
    public static boolean rendered(JsonObject clientCapabilities) {
        return clientCapabilities.get("extensions") instanceof JsonObject extensions
                && extensions.get(EXTENSION) instanceof JsonObject ui
                && ui.get("mimeTypes") instanceof JsonArray types
                && types.stream().anyMatch(type -> type instanceof JsonString s && s.getString().equals(MIME_TYPE));
    }
}
