package dev.graphiti.protocol.feature;

import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import java.util.Objects;

/** One entry of a resources/read result: text, or a base64 blob ({@code text} and {@code blob}: one is null). */
public record ResourceContents(String uri, String mimeType, String text, String blob) {

    public ResourceContents {
        Objects.requireNonNull(uri, "uri");
        if ((text == null) == (blob == null)) {
            throw new IllegalArgumentException("resource contents are either text or blob: " + uri);
        }
    }

    public static ResourceContents text(String uri, String mimeType, String text) {
        return new ResourceContents(uri, mimeType, text, null);
    }

    public static ResourceContents blob(String uri, String mimeType, String base64) {
        return new ResourceContents(uri, mimeType, null, base64);
    }

    public JsonObject toJson() {
        var builder = Jsonp.object().add("uri", uri);
        if (mimeType != null) {
            builder.add("mimeType", mimeType);
        }
        return (text != null ? builder.add("text", text) : builder.add("blob", blob)).build();
    }
}
