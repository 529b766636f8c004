package dev.graphiti.tools;

import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.feature.TaskSupport;
import dev.graphiti.protocol.feature.Tool;
import dev.graphiti.protocol.feature.ToolAnnotations;
import dev.graphiti.protocol.feature.ToolDescriptor;
import dev.graphiti.protocol.feature.ToolResult;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Optional;

/**
 * A graphiti_* tool that is one CLI command: subclasses say how the arguments become the command line
 * and what shape its JSON output has; running, errors and encoding are the gateway's.
 */
abstract class CliTool implements Tool {

    private final CliGateway gateway;
    private final ToolDescriptor descriptor;

    CliTool(CliGateway gateway, ToolDescriptor descriptor) {
        this.gateway = gateway;
        this.descriptor = descriptor;
    }

    @Override
    public ToolDescriptor descriptor() {
        return descriptor;
    }

    /** The command and its options, without the global options the gateway adds. */
    abstract List<String> command(JsonObject arguments);

    ResultShape shape() {
        return ResultShape.OBJECT;
    }

    /**
     * Whether this call of a tool that supports tasks is a long job, run as a task where the client accepts tasks
     * ({@link CliGateway#longJob}); every call is, unless a tool says otherwise.
     */
    boolean longJob(JsonObject arguments) {
        return true;
    }

    @Override
    public ToolResult call(JsonObject arguments, RequestContext context) throws Exception {
        if (taskSupport() != TaskSupport.FORBIDDEN && longJob(arguments)) {
            return gateway.longJob(command(arguments), arguments, context, shape());
        }
        return gateway.call(command(arguments), arguments, context, shape());
    }

    CliGateway gateway() {
        return gateway;
    }

    /**
     * A tool as tools/list shows it: no title (clients show the name; a model never reads it) and no output schema
     * (one saying only "an object" tells a model nothing; the structured content stays, which needs none).
     */
    static ToolDescriptor describe(String name, String description, InputSchema input, ToolAnnotations annotations) {
        return new ToolDescriptor(name, null, description, input.build(), Optional.empty(), annotations);
    }

    /**
     * Writes local state; never destroys, never reaches outside this machine. No tool claims idempotence: absent, the
     * hint reads as the cautious false, no client acts on it, and it cost 52 of tools/list's tokens.
     */
    static ToolAnnotations writes() {
        return new ToolAnnotations(false, false, false, false);
    }

    /** Removes or rewrites stored items. */
    static ToolAnnotations destroys() {
        return new ToolAnnotations(false, true, false, false);
    }
}
