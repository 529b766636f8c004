package dev.graphiti.assembly;

import dev.graphiti.cli.GraphitiVersion;
import dev.graphiti.protocol.session.McpServer;
import dev.graphiti.protocol.session.ServerInfo;
import dev.graphiti.tools.GraphitiTools;
import dev.graphiti.tools.ToolSettings;

/**
 * The product's MCP server, assembled in this one place for every transport: graphiti's identity, instructions,
 * tools and context resource. The stdio launcher calls it directly; embedded Jetty and a WAR get it from CDI
 * ({@link ServerBeans}). The directories tool calls may reach default by transport: every directory over stdio
 * (the user's own client started it), the project the server was started in over HTTP (see ToolSettings).
 */
public final class GraphitiServer {

    public static final ServerInfo INFO = new ServerInfo("graphiti", "graphiti knowledge graph", GraphitiVersion.current());

    private GraphitiServer() {
    }

    /** A server for one local client over stdio. A setting that cannot be used is an IllegalArgumentException. */
    public static McpServer forStdio(ServerSetup setup) {
        return builder(stdioTools(setup)).build();
    }

    /**
     * The tools of {@link #forStdio}, for a launcher that shares them with what it runs beside the server (the
     * prompt hook's socket counts tokens with their counter); {@link #builder} makes the server of them.
     */
    public static GraphitiTools stdioTools(ServerSetup setup) {
        return new GraphitiTools(ToolSettings.from(setup.settings()).forStdio(), setup.environment(), setup.directory());
    }

    /** A server that other users or processes may reach over HTTP; it tells the operator what calls may reach. */
    public static McpServer forHttp(ServerSetup setup) {
        var settings = ToolSettings.from(setup.settings()).forHttp(setup.directory());
        setup.notices().accept("tool calls may reach: " + settings.allowedRoots().orElseThrow().describe());
        return assemble(setup, settings);
    }

    private static McpServer assemble(ServerSetup setup, ToolSettings settings) {
        return builder(new GraphitiTools(settings, setup.environment(), setup.directory())).build();
    }

    /** A server under construction with graphiti's identity, instructions and {@code tools}, which it closes. */
    public static McpServer.Builder builder(GraphitiTools tools) {
        var builder = McpServer.builder(INFO).instructions(GraphitiTools.INSTRUCTIONS).closeWith(tools);
        tools.tools().forEach(builder::tool);
        tools.resources().forEach(builder::resource);
        return builder;
    }
}
