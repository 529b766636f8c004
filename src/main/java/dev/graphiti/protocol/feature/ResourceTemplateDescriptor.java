package dev.graphiti.protocol.feature;

import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import java.util.Objects;

/** A resource template as listed by resources/templates/list; optional fields null to omit. */
public record ResourceTemplateDescriptor(String uriTemplate, String name, String title, String description,
                                         String mimeType) {

    public ResourceTemplateDescriptor {
        Objects.requireNonNull(uriTemplate, "uriTemplate");
        Objects.requireNonNull(name, "name");
    }

    public JsonObject toJson() {
        var builder = Jsonp.object().add("uriTemplate", uriTemplate).add("name", name);
        Jsonp.optional(builder, "title", title);
        Jsonp.optional(builder, "description", description);
        return Jsonp.optional(builder, "mimeType", mimeType).build();
    }
}
