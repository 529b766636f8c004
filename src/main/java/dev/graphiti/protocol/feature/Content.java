package dev.graphiti.protocol.feature;

import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import java.util.Objects;

/** One content block of a tool result or prompt message (text, image, audio, embedded resource, link). */
public record Content(JsonObject json) {

    public Content {
        Objects.requireNonNull(json, "json");
        if (!json.containsKey("type")) {
            throw new IllegalArgumentException("a content block has a \"type\": " + json);
        }
    }

    public static Content text(String text) {
        return new Content(Jsonp.object().add("type", "text").add("text", text).build());
    }

    /** An image; {@code base64} is the encoded bytes. */
    public static Content image(String base64, String mimeType) {
        return new Content(Jsonp.object().add("type", "image").add("data", base64).add("mimeType", mimeType).build());
    }

    /** Audio; {@code base64} is the encoded bytes. */
    public static Content audio(String base64, String mimeType) {
        return new Content(Jsonp.object().add("type", "audio").add("data", base64).add("mimeType", mimeType).build());
    }

    /** A resource's contents embedded in the message. */
    public static Content resource(ResourceContents contents) {
        return new Content(Jsonp.object().add("type", "resource").add("resource", contents.toJson()).build());
    }

    /** A link to a resource the client may read. */
    public static Content resourceLink(ResourceDescriptor resource) {
        return new Content(Jsonp.object(resource.toJson()).add("type", "resource_link").build());
    }
}
