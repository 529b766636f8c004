package dev.graphiti.cli;

import dev.graphiti.graph.GraphException;

/**
 * Starts the servers of `graphiti mcp serve` and `graphiti ui`. Implemented by the launcher module, which owns the
 * process's real standard streams and embedded Jetty and builds what they serve; the core library only describes
 * the request.
 */
@FunctionalInterface
public interface McpServerLauncher {

    /** Serves until the transport ends (stdin EOF, or the HTTP server is stopped); returns the exit code. */
    int serve(ServeRequest request) throws Exception;

    /**
     * Serves the explorer page of {@code request}'s graph at the root of 127.0.0.1 until SIGTERM or Ctrl-C (`graphiti
     * ui`); returns the exit code. Only the launcher has a web server.
     */
    default int serveExplorer(ExplorerRequest request) throws Exception {
        throw new GraphException("this graphiti has no web server; run `graphiti ui` from graphiti.jar");
    }
}
