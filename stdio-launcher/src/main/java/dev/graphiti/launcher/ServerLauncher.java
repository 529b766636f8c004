package dev.graphiti.launcher;

import dev.graphiti.assembly.GraphitiServer;
import dev.graphiti.assembly.ServerSetup;
import dev.graphiti.cli.CliEnvironment;
import dev.graphiti.cli.McpServerLauncher;
import dev.graphiti.cli.ServeRequest;
import dev.graphiti.config.Settings;
import dev.graphiti.hooksocket.CliPromptAnswers;
import dev.graphiti.hooksocket.RecallSocket;
import dev.graphiti.protocol.session.McpServer;
import dev.graphiti.server.ExplorerServer;
import dev.graphiti.server.HttpServe;
import jakarta.servlet.http.HttpServlet;
import java.util.function.Consumer;
import dev.graphiti.stdio.StdioTransport;
import dev.graphiti.tools.GraphitiTools;
import java.nio.file.Files;
import java.util.Optional;
import java.util.function.Function;

/**
 * `graphiti mcp serve`: the product's server (see {@link GraphitiServer}) on the requested transport, built
 * directly for stdio and by CDI for embedded Jetty, as in a WAR. A test main may give servers of its own
 * (fixtures) to serve through this same path.
 */
public final class ServerLauncher implements McpServerLauncher {

    /** The setting (GRAPHITI_HOOK_SOCKET) that turns the prompt hook's socket off. */
    static final String PROMPT_SOCKET = "graphiti.hook-socket";

    private final ProcessStreams streams;
    private final Settings settings;
    private final Optional<Function<ServeRequest, McpServer>> given;

    /** The product's server, from this process's settings. */
    public ServerLauncher(ProcessStreams streams, Settings settings) {
        this(streams, settings, Optional.empty());
    }

    /** Serves what {@code servers} builds for each request instead of the product's server. */
    public ServerLauncher(ProcessStreams streams, Function<ServeRequest, McpServer> servers) {
        this(streams, Settings.ofProcess(), Optional.of(servers));
    }

    private ServerLauncher(ProcessStreams streams, Settings settings, Optional<Function<ServeRequest, McpServer>> given) {
        this.streams = streams;
        this.settings = settings;
        this.given = given;
    }

    @Override
    public int serveExplorer(HttpServlet servlet, int port, Consumer<String> ready) throws Exception {
        return ExplorerServer.serve(servlet, port, ready, problem -> streams.stderr().println("graphiti: " + problem));
    }

    @Override
    public int serve(ServeRequest request) throws Exception {
        var setup = new ServerSetup(settings, CliEnvironment.inLauncher(settings.cliEnvironment()),
                request.workingDirectory(), notice -> streams.stderr().println("graphiti: " + notice));
        if (request.transport() == ServeRequest.Transport.http) {
            return new HttpServe(streams.stderr()).serve(request, setup, given.map(servers -> servers.apply(request)));
        }
        McpServer built;
        AutoCloseable promptSocket = () -> { };
        try {
            if (given.isPresent()) {
                built = given.get().apply(request);
            } else {
                GraphitiTools tools = GraphitiServer.stdioTools(setup);
                built = GraphitiServer.builder(tools).build();
                promptSocket = promptSocket(setup, tools);
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

    /**
     * The socket the project's UserPromptSubmit hook asks before it starts a JVM of its own (see
     * {@link RecallSocket}); {@value #PROMPT_SOCKET}=off leaves it closed.
     */
    private AutoCloseable promptSocket(ServerSetup setup, GraphitiTools tools) {
        if (!settings.onOff(PROMPT_SOCKET, true)) {
            return () -> { };
        }
        var answers = new CliPromptAnswers(setup.environment(), tools.counter(), tools.semantics(), setup.directory(), setup.notices());
        // A graph in PostgreSQL has no file to wait for: its server answers from the start.
        boolean inDatabase = settings.get(Settings.STORE_URL).isPresent() || settings.get(Settings.STORE_JNDI).isPresent();
        RecallSocket socket = RecallSocket.start(setup.directory(), inDatabase ? file -> true : Files::exists, answers,
                setup.notices());
        return () -> {
            socket.close();
            answers.close();
        };
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            // shutting down: nothing left to tell
        }
    }
}
