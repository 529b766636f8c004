package dev.graphiti.protocol.session;

import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.feature.Tool;
import dev.graphiti.protocol.feature.ToolAnnotations;
import dev.graphiti.protocol.feature.ToolDescriptor;
import dev.graphiti.protocol.feature.ToolResult;
import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import java.util.Optional;

/** A tool that answers its "text" argument; the smallest real registration. */
final class EchoTool implements Tool {

    private static final JsonObject SCHEMA = Jsonp.object()
            .add("type", "object")
            .add("properties", Jsonp.object().add("text", Jsonp.object().add("type", "string")))
            .add("required", Jsonp.array().add("text"))
            .build();

    @Override
    public ToolDescriptor descriptor() {
        return new ToolDescriptor("echo", "Echo", "Answers its text.", SCHEMA, Optional.empty(), ToolAnnotations.readOnly());
    }

    @Override
    public ToolResult call(JsonObject arguments, RequestContext context) {
        return ToolResult.text(arguments.getString("text"));
    }
}
