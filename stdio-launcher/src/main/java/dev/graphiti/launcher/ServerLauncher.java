package dev.graphiti.launcher;

import dev.graphiti.assembly.GraphitiProcess;
import dev.graphiti.assembly.ServerBeans;
import dev.graphiti.assembly.ServerSetup;
import dev.graphiti.assembly.TransportSettings;
import dev.graphiti.cli.CliEnvironment;
import dev.graphiti.cli.ExplorerRequest;
import dev.graphiti.cli.McpServerLauncher;
import dev.graphiti.cli.ServeRequest;
import dev.graphiti.config.ProcessSettings;
import dev.graphiti.config.Settings;
import dev.graphiti.hooksocket.CliPromptAnswers;
import dev.graphiti.hooksocket.RecallSocket;
import dev.graphiti.http.HttpTransportConfig;
import dev.graphiti.http.explorer.ExplorerServlet;
import dev.graphiti.http.explorer.PageAccess;
import dev.graphiti.protocol.session.McpServer;
import dev.graphiti.server.CdiServer;
import dev.graphiti.server.ExplorerServer;
import dev.graphiti.server.HttpServe;
import dev.graphiti.stdio.StdioTransport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * `graphiti mcp serve` and `graphiti ui`: each process shape of the launcher, the parts built once by
 * {@link GraphitiProcess} and handed to the transport: stdio (the server and the prompt hook's socket over one
 * process), embedded Jetty (the process produced by CDI through {@link ServerBeans}, as in a WAR), and the explorer
 * page. A test main may give servers of its own (fixtures) to serve through this same path.
 */
public final class ServerLauncher implements McpServerLauncher {

    /** The setting (GRAPHITI_HOOK_SOCKET) that turns the prompt hook's socket off. */
    static final String PROMPT_SOCKET = "graphiti.hook-socket";

    private final ProcessStreams streams;
    private final Settings settings;
    private final ProcessSettings parsed;
    private final Optional<Function<ServeRequest, McpServer>> given;

    /** The product's server, from this process's settings and what Main parsed of them. */
    public ServerLauncher(ProcessStreams streams, Settings settings, ProcessSettings parsed) {
        this(streams, settings, parsed, Optional.empty());
    }

    /** The product's server from {@code settings} alone (a setting that cannot be used: IllegalArgumentException). */
    public ServerLauncher(ProcessStreams streams, Settings settings) {
        this(streams, settings, ProcessSettings.from(settings), Optional.empty());
    }

    /** Serves what {@code servers} builds for each request instead of the product's server. */
    public ServerLauncher(ProcessStreams streams, Function<ServeRequest, McpServer> servers) {
        this(streams, Settings.ofProcess(), ProcessSettings.defaults(), Optional.of(servers));
    }

    private ServerLauncher(ProcessStreams streams, Settings settings, ProcessSettings parsed,
                           Optional<Function<ServeRequest, McpServer>> given) {
        this.streams = streams;
        this.settings = settings;
        this.parsed = parsed;
        this.given = given;
    }

    @Override
    public int serveExplorer(ExplorerRequest request) throws Exception {
        var setup = setup(request.workingDirectory());
        try (var process = GraphitiProcess.ui(setup)) {
            var servlet = new ExplorerServlet(process.explorer(request.location()), PageAccess.loopback());
            String where = process.where(request.location());
            return ExplorerServer.serve(servlet, request.port(), url -> setup.notices().accept("the explorer of the "
                    + request.location().scope() + " graph (" + where + ") is at " + url + " ; Ctrl-C stops it"),
                    setup.notices());
        }
    }

    @Override
    public int serve(ServeRequest request) throws Exception {
        var setup = setup(request.workingDirectory());
        if (request.transport() == ServeRequest.Transport.http) {
            return serveHttp(request, setup);
        }
        McpServer built;
        AutoCloseable promptSocket = () -> { };
        try {
            if (given.isPresent()) {
                built = given.get().apply(request);
            } else {
                GraphitiProcess process = GraphitiProcess.stdio(setup);
                built = process.server();
                promptSocket = promptSocket(process);
            }
        } catch (IllegalArgumentException e) {
            streams.stderr().println("graphiti: " + e.getMessage()); // a setting the operator must fix
            return 2;
        }
        // A client ends a stdio server by closing its stdin and, a moment later, SIGTERM (the Java SDK after
        // 100 ms): the hook finishes the close, so the graph's connections close and its write-ahead log is merged
        // (and the prompt hook's socket is removed).
        AutoCloseable socket = promptSocket;
        Thread hook = new Thread(() -> {
            closeQuietly(socket);
            built.close();
        }, "graphiti-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try (McpServer server = built; AutoCloseable answering = socket) {
            return new StdioTransport(streams.stdin(), streams.stdout(), streams.stderr(), server).run();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: it waits for the close above, which is what we want
            }
        }
    }

    /** Embedded Jetty: the transport's settings bound to --host, and CDI producing the process as a WAR does. */
    private int serveHttp(ServeRequest request, ServerSetup setup) throws Exception {
        HttpTransportConfig config;
        try {
            config = TransportSettings.apply(HttpTransportConfig.forBinding(request.host()), settings);
        } catch (IllegalArgumentException e) {
            streams.stderr().println("graphiti: " + e.getMessage()); // a setting the operator must fix
            return 2;
        }
        return new HttpServe(streams.stderr()).serve(request.host(), request.port(), config,
                () -> given.map(servers -> CdiServer.boot(config, servers.apply(request)))
                        .orElseGet(() -> product(config, setup)));
    }

    /** The product's server and the explorer beside it, produced by CDI from {@code setup} (see {@link ServerBeans}). */
    public static CdiServer product(HttpTransportConfig config, ServerSetup setup) {
        return CdiServer.boot(Map.of(HttpTransportConfig.class, config, ServerSetup.class, setup), ServerBeans.class,
                ExplorerServlet.class);
    }

    /** What the launcher knows when it builds a process: its settings, the CLI inside it, notices on stderr. */
    private ServerSetup setup(Path directory) {
        return new ServerSetup(settings, CliEnvironment.inLauncher(settings.environment(), parsed), directory,
                notice -> streams.stderr().println("graphiti: " + notice));
    }

    /**
     * The socket the project's UserPromptSubmit hook asks before it starts a JVM of its own (see
     * {@link RecallSocket}); {@value #PROMPT_SOCKET}=off leaves it closed.
     */
    private AutoCloseable promptSocket(GraphitiProcess process) {
        if (!settings.onOff(PROMPT_SOCKET, true)) {
            return () -> { };
        }
        ServerSetup setup = process.setup();
        var answers = new CliPromptAnswers(process.cli().orElseThrow(), setup.directory(), setup.notices());
        // A graph in PostgreSQL has no file to wait for: its server answers from the start.
        boolean inDatabase = setup.environment().settings().store().inDatabase();
        return RecallSocket.start(setup.directory(), inDatabase ? file -> true : Files::exists, answers, setup.notices());
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            // shutting down: nothing left to tell
        }
    }
}
