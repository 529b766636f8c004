package dev.graphiti.launcher;

import dev.graphiti.cli.GraphitiVersion;
import dev.graphiti.cli.ServeRequest;
import dev.graphiti.protocol.McpServer;
import dev.graphiti.protocol.ServerInfo;

/** The product's MCP server: graphiti's identity, instructions and registrations. */
final class GraphitiServer {

    static final String INSTRUCTIONS = "graphiti keeps this project's durable knowledge (decisions, architecture, "
            + "bug root causes, preferences) in a local knowledge graph.";

    private GraphitiServer() {
    }

    static McpServer create(ServeRequest request) {
        return McpServer.builder(new ServerInfo("graphiti", "graphiti knowledge graph", GraphitiVersion.current()))
                .instructions(INSTRUCTIONS)
                .build();
    }
}
