package dev.graphiti.assembly;

import dev.graphiti.cli.Cli;
import dev.graphiti.cli.CliEnvironment;
import dev.graphiti.config.Config;
import dev.graphiti.config.ConfigKeys;
import dev.graphiti.config.Locations;
import dev.graphiti.config.Settings;
import dev.graphiti.config.StoreSettings;
import dev.graphiti.explorer.Explorer;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.ScopeResolver;
import dev.graphiti.graph.SemanticSearch;
import dev.graphiti.protocol.session.McpServer;
import dev.graphiti.service.Graphs;
import dev.graphiti.service.ServerEmbedding;
import dev.graphiti.store.KeptConnections;
import dev.graphiti.store.Stores;
import dev.graphiti.tools.GraphitiTools;
import dev.graphiti.tools.ToolSettings;
import dev.graphiti.toon.TokenCounter;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * What one long-lived graphiti process runs, built once from its {@link ServerSetup}: the connections it keeps
 * (PostgreSQL's pool among them), the embedding model, the token counter, and what serves over them. Every process
 * shape is made here:
 * <ul>
 * <li>stdio ({@link #stdio}): the tools for one local client; the launcher serves {@link #server()} on stdin/stdout
 * and the prompt hook's socket over {@link #counter()} and {@link #semantics()};</li>
 * <li>HTTP, embedded Jetty and a WAR alike ({@link #http}, produced by CDI through {@link ServerBeans}): the tools any
 * caller of the endpoint may reach, and the explorer beside them ({@link #explorer()});</li>
 * <li>`graphiti ui` ({@link #ui}): the explorer of one graph ({@link #explorer(GraphLocation)}), no tools.</li>
 * </ul>
 * The transports are handed what it builds; none of them builds a part of its own.
 */
public final class GraphitiProcess implements AutoCloseable {

    private final ServerSetup setup;
    private final KeptConnections connections;
    private final Optional<SemanticSearch> semantics;
    private final Optional<Cli> cli;
    private final Optional<GraphitiTools> tools;
    /** How the tools run and what calls may reach, parsed once (empty for `graphiti ui`, which serves no tools). */
    private final Optional<ToolSettings> toolSettings;

    private GraphitiProcess(ServerSetup setup, KeptConnections connections, Optional<SemanticSearch> semantics,
                            Optional<Cli> cli, Optional<GraphitiTools> tools, Optional<ToolSettings> toolSettings) {
        this.setup = setup;
        this.toolSettings = toolSettings;
        this.connections = connections;
        this.semantics = semantics;
        this.cli = cli;
        this.tools = tools;
    }

    /** A server for one local client over stdio. A setting that cannot be used is an IllegalArgumentException. */
    public static GraphitiProcess stdio(ServerSetup setup) {
        return serving(setup, toolSettings(setup).forStdio());
    }

    /**
     * A server that other users or processes may reach over HTTP; it tells the operator what calls may reach. A
     * setting that cannot be used is an IllegalArgumentException.
     */
    public static GraphitiProcess http(ServerSetup setup) {
        var settings = toolSettings(setup).forHttp(setup.directory());
        setup.notices().accept("tool calls may reach: " + settings.allowedRoots().orElseThrow().describe());
        return serving(setup, settings);
    }

    /** `graphiti ui`: no tools (and no token counter); the model ranks the page's search unless graphiti.semantic is off. */
    public static GraphitiProcess ui(ServerSetup setup) {
        var connections = new KeptConnections();
        Optional<SemanticSearch> meaning = setup.environment().settings().semantic()
                ? Optional.of(startModel(connections, setup.environment(), System.err))
                : Optional.empty();
        return new GraphitiProcess(setup, connections, meaning, Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** The tools' settings, from the process's settings as the entry point parsed them. */
    private static ToolSettings toolSettings(ServerSetup setup) {
        return ToolSettings.from(setup.settings(), setup.environment().settings());
    }

    private static GraphitiProcess serving(ServerSetup setup, ToolSettings settings) {
        var counter = new TokenCounter(settings.tokenFactor());
        var connections = new KeptConnections();
        // The model needs the in-process CLI: an external graphiti searches with a model of its own.
        boolean inProcess = settings.externalCommand().isEmpty();
        Optional<SemanticSearch> meaning = inProcess && settings.semantic()
                ? Optional.of(startModel(connections, setup.environment(), System.err))
                : Optional.empty();
        // One CLI per process: the tools' in-process runner and the prompt hook's socket share its connections.
        var cli = new Cli(setup.environment(), counter, connections, meaning);
        var tools = new GraphitiTools(settings, setup.environment(), setup.directory(), counter,
                inProcess ? Optional.of(cli) : Optional.empty());
        return new GraphitiProcess(setup, connections, meaning, Optional.of(cli), Optional.of(tools), Optional.of(settings));
    }

    /** The embedding model, loaded in the background; its worker opens vectors where the commands open graphs, on {@code connections}. */
    private static SemanticSearch startModel(KeptConnections connections, CliEnvironment environment, PrintStream log) {
        return ServerEmbedding.start(log, Stores.forEmbedding(connections, environment.settings().store()),
                environment.settings().sharedModel(), Locations.of(environment.variables(), environment.settings(),
                        Path.of("").toAbsolutePath()).home());
    }

    /**
     * Tools on their own, for a test or a benchmark that builds its server by hand: {@link #serving} without a
     * process around them (the tools close what they were built with).
     */
    public static GraphitiTools tools(ToolSettings settings, CliEnvironment environment, Path directory) {
        return serving(new ServerSetup(Settings.none(), environment, directory, notice -> { }), settings)
                .tools.orElseThrow();
    }

    /** As {@link #tools(ToolSettings, CliEnvironment, Path)}, the CLI embedded with only these variables. */
    public static GraphitiTools tools(ToolSettings settings, Map<String, String> variables, Path directory) {
        return tools(settings, CliEnvironment.embedded(variables), directory);
    }

    /** The product's MCP server over the tools; closing it closes this process. */
    public McpServer server() {
        return GraphitiServer.builder(tools()).closeWith(this::release).build();
    }

    /**
     * The process's one in-process CLI (empty for `graphiti ui`): the tools call it unless they run an external
     * graphiti, the prompt hook's socket always; its connections are this process's, closed with it.
     */
    public Optional<Cli> cli() {
        return cli;
    }

    public GraphitiTools tools() {
        return tools.orElseThrow(() -> new IllegalStateException("`graphiti ui` serves no tools"));
    }

    /** The token counter the tools' responses are measured with (its vocabulary loads in the background). */
    public TokenCounter counter() {
        return tools().counter();
    }

    /** The embedding model and vectors this process loaded; empty when graphiti.semantic is off or the CLI is external. */
    public Optional<SemanticSearch> semantics() {
        return semantics;
    }

    public ServerSetup setup() {
        return setup;
    }

    /**
     * The explorer served beside the MCP endpoint: the graph a tool call that names no project works on (the project
     * of GRAPHITI_PROJECT_ROOT or of the server's directory when the allowed roots cover it, else the global graph),
     * searched as the tools search, with their model.
     */
    public Explorer explorer() {
        var settings = toolSettings.orElseThrow(() -> new IllegalStateException("`graphiti ui` opens its explorer by location"));
        Path directory = settings.projectRoot().orElse(setup.directory()).toAbsolutePath().normalize();
        boolean served = settings.allowedRoots().orElseThrow().covers(directory);
        GraphLocation location = new ScopeResolver(locations().home())
                .resolve(directory, served ? Optional.empty() : Optional.of(Scope.global));
        Explorer explorer = explorer(location);
        setup.notices().accept("the explorer (/explorer/) shows the " + location.scope() + " graph " + where(location));
        return explorer;
    }

    /** The explorer of the graph at {@code location}, over this process's connections and model. */
    public Explorer explorer(GraphLocation location) {
        return Explorer.open(location, Config.load(locations().home()), graphs(), semantics);
    }

    /** Where the graph at {@code location} lives: a file, or a schema of the operator's database. */
    public String where(GraphLocation location) {
        return graphs().where(location);
    }

    /** The graphs, in the store the tools' commands use, through their pool: a PostgreSQL server's explorer shows its database. */
    private Graphs graphs() {
        Locations locations = locations();
        if (setup.environment().ownProcess()) {
            Stores.loadNativeLibraryFrom(locations.cache());
        }
        Duration wait = Duration.ofMillis(Config.load(locations.home()).getInt(ConfigKeys.STORE_BUSY_TIMEOUT_MS));
        return new Graphs(Stores.configured(setup.environment().settings().store(), wait, Optional.of(connections)), semantics,
                problem -> setup.notices().accept("warning: " + problem));
    }

    private Locations locations() {
        return Locations.of(setup.environment().variables(), setup.environment().settings(), setup.directory());
    }

    /** Closes the tools (their CLI stops the model first), then what they did not own. */
    @Override
    public void close() throws Exception {
        if (tools.isPresent()) {
            tools.get().close();
        }
        release();
    }

    /** The model when no tools' CLI owns it, then the connections (the server closes its tools itself). */
    private void release() {
        if (tools.isEmpty()) {
            semantics.ifPresent(SemanticSearch::close);
        }
        connections.close();
    }
}
