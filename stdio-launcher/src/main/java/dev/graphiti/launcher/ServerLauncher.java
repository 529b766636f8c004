package dev.graphiti.launcher;

import dev.graphiti.protocol.session.McpServer;
import dev.graphiti.cli.McpServerLauncher;
import dev.graphiti.cli.ServeRequest;
import dev.graphiti.server.HttpServe;
import dev.graphiti.stdio.StdioTransport;
import java.util.Optional;
import java.util.function.Function;

/**
 * `graphiti mcp serve`: builds the server for the request and runs it on the requested transport.
 * The server factory is a parameter so a test main can serve fixtures through this same path.
 */
public final class ServerLauncher implements McpServerLauncher {

    private final ProcessStreams streams;
    private final Function<ServeRequest, McpServer> servers;

    public ServerLauncher(ProcessStreams streams, Function<ServeRequest, McpServer> servers) {
        this.streams = streams;
        this.servers = servers;
    }

    @Override
    public int serve(ServeRequest request) throws Exception {
        McpServer built;
        try {
            built = servers.apply(request);
        } catch (IllegalArgumentException e) {
            streams.stderr().println("graphiti: " + e.getMessage()); // a setting the operator must fix
            return 2;
        }
        try (McpServer server = built) {
            return switch (request.transport()) {
                case stdio -> new StdioTransport(streams.stdin(), streams.stdout(), streams.stderr(), server).run();
                case http -> new HttpServe(streams.stderr(), System.getenv()).serve(request, Optional.of(server));
            };
        }
    }
}
