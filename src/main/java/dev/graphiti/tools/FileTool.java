package dev.graphiti.tools;

import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.feature.ToolDescriptor;
import dev.graphiti.protocol.feature.ToolResult;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.nio.file.Path;
import java.util.List;

/**
 * A tool whose {@code path} argument names a file or folder its command reads or writes. A call is untrusted: the
 * path is confined ({@link #confine}) before the command runs, and the command gets the confined path.
 */
abstract class FileTool extends CliTool {

    FileTool(CliGateway gateway, ToolDescriptor descriptor) {
        super(gateway, descriptor);
    }

    /** The path the command may use, or an IllegalArgumentException saying why not. */
    abstract Path confine(ProjectDirectory projects, JsonObject arguments, ProjectDirectory.Place place);

    @Override
    public ToolResult call(JsonObject arguments, RequestContext context) {
        ProjectDirectory.Place place = gateway().place(arguments, context);
        JsonObject confined = Json.createObjectBuilder(arguments)
                .add("path", confine(gateway().projects(), arguments, place).toString()).build();
        List<String> command = command(confined);
        return gateway().renderer().render(command.get(0), gateway().run(command, confined, place, context), ResultShape.OBJECT);
    }
}
