package dev.graphiti.assembly;

import dev.graphiti.cli.GraphitiVersion;
import dev.graphiti.config.Config;
import dev.graphiti.config.ConfigKeys;
import dev.graphiti.config.Locations;
import dev.graphiti.explorer.Explorer;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.ScopeResolver;
import dev.graphiti.service.Graphs;
import dev.graphiti.protocol.session.McpServer;
import dev.graphiti.protocol.session.ServerInfo;
import dev.graphiti.store.Stores;
import dev.graphiti.tools.GraphitiTools;
import dev.graphiti.tools.ToolSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

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

    /**
     * The tools of a server that other users or processes may reach over HTTP ({@link #builder} makes the server of
     * them, {@link #explorer} the page beside it); it tells the operator what calls may reach.
     */
    public static GraphitiTools httpTools(ServerSetup setup) {
        var settings = ToolSettings.from(setup.settings()).forHttp(setup.directory());
        setup.notices().accept("tool calls may reach: " + settings.allowedRoots().orElseThrow().describe());
        return new GraphitiTools(settings, setup.environment(), setup.directory());
    }

    /**
     * The explorer served beside the MCP endpoint: the graph a tool call that names no project works on (the project
     * of GRAPHITI_PROJECT_ROOT or of the server's directory when the allowed roots cover it, else the global graph),
     * searched as the tools search, with their model.
     */
    public static Explorer explorer(ServerSetup setup, GraphitiTools tools) {
        var settings = ToolSettings.from(setup.settings()).forHttp(setup.directory());
        Path directory = settings.projectRoot().orElse(setup.directory()).toAbsolutePath().normalize();
        boolean served = settings.allowedRoots().orElseThrow().covers(directory);
        Locations locations = Locations.of(setup.environment().variables(), setup.directory());
        if (setup.environment().ownProcess()) {
            Stores.loadNativeLibraryFrom(locations.cache());
        }
        GraphLocation location = new ScopeResolver(locations.home())
                .resolve(directory, served ? Optional.empty() : Optional.of(Scope.global));
        Config config = Config.load(locations.home());
        // The store the tools' commands use, through their pool: a PostgreSQL server's explorer shows its database.
        Graphs graphs = new Graphs(Stores.configured(setup.environment().variables(),
                Duration.ofMillis(config.getInt(ConfigKeys.STORE_BUSY_TIMEOUT_MS)), Optional.of(tools.connections())),
                tools.semantics(), setup.notices());
        setup.notices().accept("the explorer (/explorer/) shows the " + location.scope() + " graph " + graphs.where(location));
        return Explorer.open(location, config, graphs, tools.semantics());
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
