package dev.graphiti.launcher;

import dev.graphiti.protocol.session.McpServer;
import dev.graphiti.protocol.session.ServerInfo;
import dev.graphiti.cli.CliEnvironment;
import dev.graphiti.cli.GraphitiVersion;
import dev.graphiti.cli.ServeRequest;
import dev.graphiti.http.ServerSettings;
import dev.graphiti.tools.GraphitiTools;
import dev.graphiti.tools.ToolSettings;

/**
 * The product's MCP server: graphiti's identity, instructions and registrations (built by hand, no CDI). The
 * directories its tool calls may reach default by transport: every directory over stdio (the user's own client
 * started it), the project it was started in over HTTP (see ToolSettings).
 */
final class GraphitiServer {

    private GraphitiServer() {
    }

    static McpServer create(ServeRequest request) {
        var environment = ServerSettings.ofProcess().cliEnvironment();
        var settings = ToolSettings.fromEnvironment(environment);
        settings = switch (request.transport()) {
            case stdio -> settings.forStdio();
            case http -> settings.forHttp(request.workingDirectory());
        };
        if (request.transport() == ServeRequest.Transport.http) {
            // The operator sees what the port exposes; stdout stays free (stdio never gets here).
            System.err.println("graphiti: tool calls may reach: " + settings.allowedRoots().orElseThrow().describe());
        }
        var tools = new GraphitiTools(settings, CliEnvironment.inLauncher(environment), request.workingDirectory());
        return tools.register(McpServer.builder(
                new ServerInfo("graphiti", "graphiti knowledge graph", GraphitiVersion.current()))).build();
    }
}
