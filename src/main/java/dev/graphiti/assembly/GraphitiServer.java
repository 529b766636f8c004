package dev.graphiti.assembly;

import dev.graphiti.cli.GraphitiVersion;
import dev.graphiti.protocol.session.McpServer;
import dev.graphiti.protocol.session.ServerInfo;
import dev.graphiti.tools.GraphitiTools;

/**
 * The product's MCP server: graphiti's identity, instructions, tools and context resource, for every process shape
 * ({@link GraphitiProcess#server()}) and for tests that build their tools by hand.
 */
public final class GraphitiServer {

    public static final ServerInfo INFO = new ServerInfo("graphiti", "graphiti knowledge graph", GraphitiVersion.current());

    private GraphitiServer() {
    }

    /** A server under construction with graphiti's identity, instructions and {@code tools}, which it closes. */
    public static McpServer.Builder builder(GraphitiTools tools) {
        var builder = McpServer.builder(INFO).instructions(GraphitiTools.INSTRUCTIONS).closeWith(tools);
        tools.tools().forEach(builder::tool);
        tools.resources().forEach(builder::resource);
        tools.resourceTemplates().forEach(builder::resourceTemplate);
        return builder;
    }
}
