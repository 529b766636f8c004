package dev.graphiti.launcher;

import dev.graphiti.cli.CliEnvironment;
import dev.graphiti.cli.GraphitiVersion;
import dev.graphiti.cli.ServeRequest;
import dev.graphiti.http.ServerSettings;
import dev.graphiti.protocol.McpServer;
import dev.graphiti.protocol.ServerInfo;
import dev.graphiti.tools.GraphitiTools;
import dev.graphiti.tools.ToolSettings;

/** The product's MCP server: graphiti's identity, instructions and registrations (built by hand, no CDI). */
final class GraphitiServer {

    private GraphitiServer() {
    }

    static McpServer create(ServeRequest request) {
        var environment = ServerSettings.ofProcess().cliEnvironment();
        var tools = new GraphitiTools(ToolSettings.fromEnvironment(environment), CliEnvironment.inLauncher(environment),
                request.workingDirectory());
        return tools.register(McpServer.builder(
                new ServerInfo("graphiti", "graphiti knowledge graph", GraphitiVersion.current()))).build();
    }
}
