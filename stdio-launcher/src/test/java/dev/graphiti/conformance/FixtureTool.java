package dev.graphiti.conformance;

import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.feature.TaskSupport;
import dev.graphiti.protocol.feature.Tool;
import dev.graphiti.protocol.feature.ToolAnnotations;
import dev.graphiti.protocol.feature.ToolDescriptor;
import dev.graphiti.protocol.feature.ToolResult;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.Optional;

/** A fixture tool: a descriptor, a body, and whether its calls may become tasks. */
record FixtureTool(ToolDescriptor descriptor, Body body, TaskSupport taskSupport) implements Tool {

    FixtureTool(ToolDescriptor descriptor, Body body) {
        this(descriptor, body, TaskSupport.FORBIDDEN);
    }

    static final JsonObject NO_ARGUMENTS = Json.createObjectBuilder()
            .add("type", "object").add("properties", Json.createObjectBuilder()).build();

    @FunctionalInterface
    interface Body {
        ToolResult call(JsonObject arguments, RequestContext context) throws Exception;
    }

    static FixtureTool of(String name, String description, JsonObject inputSchema, Body body) {
        return new FixtureTool(new ToolDescriptor(name, null, description, inputSchema, Optional.empty(),
                new ToolAnnotations(true, false, true, false)), body);
    }

    /** The same tool, its calls allowed to become tasks ({@code support}). */
    FixtureTool tasks(TaskSupport support) {
        return new FixtureTool(descriptor, body, support);
    }

    static FixtureTool noArguments(String name, String description, Body body) {
        return of(name, description, NO_ARGUMENTS, body);
    }

    /** An object schema with required string properties. */
    static JsonObject strings(String... names) {
        var properties = Json.createObjectBuilder();
        var required = Json.createArrayBuilder();
        for (String name : names) {
            properties.add(name, Json.createObjectBuilder().add("type", "string"));
            required.add(name);
        }
        return Json.createObjectBuilder().add("type", "object").add("properties", properties).add("required", required).build();
    }

    @Override
    public ToolResult call(JsonObject arguments, RequestContext context) throws Exception {
        return body.call(arguments, context);
    }
}
