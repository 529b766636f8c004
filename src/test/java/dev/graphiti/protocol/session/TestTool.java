package dev.graphiti.protocol.session;

import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.feature.Tool;
import dev.graphiti.protocol.feature.ToolAnnotations;
import dev.graphiti.protocol.feature.ToolDescriptor;
import dev.graphiti.protocol.feature.ToolResult;
import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import java.util.Optional;

/** A tool for dispatcher tests: a name, an input schema and a body. */
record TestTool(String name, JsonObject schema, Body body) implements Tool {

    static final JsonObject ANY = Jsonp.object().add("type", "object").build();

    @FunctionalInterface
    interface Body {
        ToolResult call(JsonObject arguments, RequestContext context) throws Exception;
    }

    static TestTool of(String name, Body body) {
        return new TestTool(name, ANY, body);
    }

    @Override
    public ToolDescriptor descriptor() {
        return new ToolDescriptor(name, null, "test tool " + name, schema, Optional.empty(), ToolAnnotations.readOnly());
    }

    @Override
    public ToolResult call(JsonObject arguments, RequestContext context) throws Exception {
        return body.call(arguments, context);
    }
}
