package dev.graphiti.cli;

/**
 * Starts the MCP server for `graphiti mcp serve`. Implemented by the launcher module, which owns the
 * process's real standard streams and embedded Jetty; the core library only describes the request.
 */
@FunctionalInterface
public interface McpServerLauncher {

    /** Serves until the transport ends (stdin EOF, or the HTTP server is stopped); returns the exit code. */
    int serve(ServeRequest request) throws Exception;

    /**
     * Serves the explorer page's servlet at the root of 127.0.0.1:{@code port} (0: any free port) until SIGTERM or
     * Ctrl-C (`graphiti ui`), telling {@code ready} its URL; returns the exit code. Only the launcher has a web server.
     */
    default int serveExplorer(jakarta.servlet.http.HttpServlet servlet, int port, java.util.function.Consumer<String> ready)
            throws Exception {
        throw new dev.graphiti.graph.GraphException("this graphiti has no web server; run `graphiti ui` from graphiti.jar");
    }
}
