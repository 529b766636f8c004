package dev.graphiti.protocol.feature;

import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import java.util.Objects;

/**
 * One entry of a resources/read result: text, or a base64 blob ({@code text} and {@code blob}: one is null), and
 * its {@code _meta} (null to omit; an app's says how the client should frame it, {@link McpApps}).
 */
public record ResourceContents(String uri, String mimeType, String text, String blob, JsonObject meta) {

    public ResourceContents {
        Objects.requireNonNull(uri, "uri");
        if ((text == null) == (blob == null)) {
            throw new IllegalArgumentException("resource contents are either text or blob: " + uri);
        }
    }

    public static ResourceContents text(String uri, String mimeType, String text) {
        return new ResourceContents(uri, mimeType, text, null, null);
    }

    public static ResourceContents blob(String uri, String mimeType, String base64) {
        return new ResourceContents(uri, mimeType, null, base64, null);
    }

    public ResourceContents withMeta(JsonObject meta) {
        return new ResourceContents(uri, mimeType, text, blob, meta);
    }

    public JsonObject toJson() {
        var builder = Jsonp.object().add("uri", uri);
        if (mimeType != null) {
            builder.add("mimeType", mimeType);
        }
        builder = text != null ? builder.add("text", text) : builder.add("blob", blob);
        return (meta != null ? builder.add("_meta", meta) : builder).build();
    }
}
