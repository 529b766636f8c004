package dev.graphiti.cli;

/**
 * Starts the MCP server for `graphiti mcp serve`. Implemented by the launcher module, which owns the
 * process's real standard streams and embedded Jetty; the core library only describes the request.
 */
@FunctionalInterface
public interface McpServerLauncher {

    /** Serves until the transport ends (stdin EOF, or the HTTP server is stopped); returns the exit code. */
    int serve(ServeRequest request) throws Exception;
}
