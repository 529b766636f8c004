package dev.graphiti.protocol.feature;

/**
 * Whether a tool's calls may run as tasks (the io.modelcontextprotocol/tasks extension of 2026-07-28): a task
 * answers the call at once with a handle the client polls with tasks/get. The server decides per call; the
 * tool says where its long part begins with {@link RequestContext#asTask}.
 */
public enum TaskSupport {
    /** Always answered in the call itself. */
    FORBIDDEN,
    /** A task when the client accepts tasks, otherwise answered in the call. */
    OPTIONAL,
    /** Only as a task: a client that does not accept tasks gets -32021 naming the extension, before the tool runs. */
    REQUIRED
}
