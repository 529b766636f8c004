package dev.graphiti.protocol.feature;

import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import java.util.Objects;

/** A resource as listed by resources/list. {@code title}, {@code description}, {@code mimeType}: null to omit. */
public record ResourceDescriptor(String uri, String name, String title, String description, String mimeType) {

    public ResourceDescriptor {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(name, "name");
    }

    public JsonObject toJson() {
        var builder = Jsonp.object().add("uri", uri).add("name", name);
        Jsonp.optional(builder, "title", title);
        Jsonp.optional(builder, "description", description);
        return Jsonp.optional(builder, "mimeType", mimeType).build();
    }
}
