package dev.graphiti.protocol.feature;

import jakarta.json.JsonObject;

/** A tool served through tools/list and tools/call. Implementations are registered on the server's builder. */
public interface Tool {

    ToolDescriptor descriptor();

    /**
     * Runs the tool on a server worker thread. Failures the caller can act on (bad arguments, a failed
     * operation) are returned as {@link ToolResult#error}; an exception thrown here also becomes a result
     * with {@code isError: true} carrying its message.
     */
    ToolResult call(JsonObject arguments, RequestContext context) throws Exception;

    /** Whether calls of this tool may become tasks ({@link RequestContext#asTask}); most answer in the call. */
    default TaskSupport taskSupport() {
        return TaskSupport.FORBIDDEN;
    }

    /**
     * The {@code ui://} resource of the app that shows this tool's results ({@link McpApps}), announced only to
     * clients that render apps; most tools have none.
     */
    default java.util.Optional<String> appUri() {
        return java.util.Optional.empty();
    }
}
