package dev.graphiti.protocol.session;

import dev.graphiti.protocol.feature.Completion;
import dev.graphiti.protocol.feature.Prompt;
import dev.graphiti.protocol.feature.Resource;
import dev.graphiti.protocol.feature.ResourceTemplate;
import dev.graphiti.protocol.feature.Tool;
import dev.graphiti.protocol.feature.TransportKind;
import dev.graphiti.protocol.jsonrpc.MessageSink;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One MCP server: its identity, instructions and registry, built once and shared by every connection
 * (one per stdio process, one per HTTP session). It owns the worker threads that run tools, so no tool
 * ever runs on a transport's thread, shared fairly among the connections ({@link FairWorkers}).
 */
public final class McpServer implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(McpServer.class.getName());
    /** Tasks running at once; more wait their turn (each is a long job on the same graphs). */
    private static final int TASK_THREADS = 4;

    private final ServerInfo info;
    private final String instructions;
    private final ServerOptions options;
    private final Map<String, MethodHandler> features;
    private final Map<String, MethodHandler> statelessFeatures;
    private final Map<String, Resource> watchable;
    private final Map<String, List<HeaderParameter>> headerParameters = new java.util.HashMap<>();
    private final JsonObject capabilities;
    private final JsonObject statelessCapabilities;
    private final StatelessResults statelessResults;
    private final StateSeal stateSeal = new StateSeal(new java.security.SecureRandom(), java.time.Clock.systemUTC());
    private final FairWorkers workers;
    private final Tasks tasks = new Tasks(java.time.Clock.systemUTC(), TASK_THREADS);
    private final boolean tasksOffered;
    private final Set<Connection> connections = ConcurrentHashMap.newKeySet();
    private final List<AutoCloseable> closeWith;
    private boolean closed;

    public McpServer(ServerInfo info, String instructions, Registry registry, ServerOptions options) {
        this(info, instructions, registry, options, List.of());
    }

    /** @param closeWith what the registrations hold (a CLI's kept connections), closed after the workers stop */
    public McpServer(ServerInfo info, String instructions, Registry registry, ServerOptions options,
                     List<AutoCloseable> closeWith) {
        this.closeWith = List.copyOf(closeWith);
        this.info = Objects.requireNonNull(info, "info");
        this.instructions = Objects.requireNonNull(instructions, "instructions");
        this.options = Objects.requireNonNull(options, "options");
        var methods = new FeatureMethods(registry, new Pagination(options.pageSize()));
        this.features = methods.handlers();
        this.statelessFeatures = methods.statelessHandlers();
        this.watchable = methods.watchable();
        for (Tool tool : registry.tools()) {
            List<HeaderParameter> mirrored = HeaderParameter.of(tool.descriptor().inputSchema());
            if (!mirrored.isEmpty()) {
                headerParameters.put(tool.descriptor().name(), mirrored);
            }
        }
        this.tasksOffered = methods.tasksOffered();
        this.capabilities = methods.capabilities();
        this.statelessCapabilities = methods.statelessCapabilities();
        this.statelessResults = new StatelessResults(info);
        this.workers = FairWorkers.of(options.workerThreads(), "mcp-worker");
    }

    public static Builder builder(ServerInfo info) {
        return new Builder(info);
    }

    /**
     * Opens a connection; {@code unsolicited} receives server-initiated messages no request stream carries. It
     * serves both eras: initialize starts a 2025 session on it, and until then a request whose {@code _meta}
     * names 2026-07-28 (or server/discover) is served on its own.
     */
    public Connection open(TransportKind kind, MessageSink unsolicited) {
        var connection = new Connection(this, kind, unsolicited, false, "", Map.of());
        connections.add(connection);
        return connection;
    }

    /**
     * Opens a connection for 2026-07-28 requests only (one HTTP POST): initialize and the other methods of
     * the session era are unknown on it. Close it when the POST ends; that cancels what it still runs.
     */
    public Connection openStateless(TransportKind kind) {
        return openStateless(kind, "", Map.of());
    }

    /**
     * As {@link #openStateless(TransportKind)} for {@code caller} (a token hash: the tasks it starts are its own),
     * with the HTTP request's {@code headers} (lower-case names, credentials left out) for its handlers to read.
     */
    public Connection openStateless(TransportKind kind, String caller, Map<String, String> headers) {
        var connection = new Connection(this, kind, message -> { }, true, caller, headers);
        connections.add(connection);
        return connection;
    }

    /** Sends notifications/resources/updated to every connection subscribed to {@code uri}. */
    public void resourceUpdated(String uri) {
        connections.forEach(c -> c.resourceUpdated(uri));
    }

    /** Ends every open subscriptions/listen with its completion result (before a graceful stop). */
    public void endSubscriptions() {
        connections.forEach(Connection::endSubscriptions);
    }

    void closed(Connection connection) {
        connections.remove(connection);
    }

    /**
     * Stops the worker threads, then closes what the registrations hold; open connections should be closed first.
     * Closes once: a second caller (a shutdown hook racing the transport's own close) waits until it is done.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        workers.close();
        tasks.close();
        for (AutoCloseable resource : closeWith) {
            try {
                resource.close();
            } catch (Exception e) {
                LOG.log(System.Logger.Level.WARNING, "closing " + resource + " failed: " + e);
            }
        }
    }

    ServerInfo info() {
        return info;
    }

    String instructions() {
        return instructions;
    }

    ServerOptions options() {
        return options;
    }

    JsonObject capabilities() {
        return capabilities;
    }

    /** The handler of a feature method (tools/call, resources/read, ...), or null when not offered. */
    MethodHandler feature(String method) {
        return features.get(method);
    }

    /** The handler of a method a 2026-07-28 request may call, or null. */
    MethodHandler statelessFeature(String method) {
        return statelessFeatures.get(method);
    }

    /** The parameters of tool {@code name} that 2026-07-28 clients mirror into Mcp-Param-* headers (x-mcp-header). */
    public List<HeaderParameter> headerParameters(String name) {
        return headerParameters.getOrDefault(name, List.of());
    }

    /** The resource subscriptions/listen can watch at {@code uri}, if any. */
    java.util.Optional<Resource> watchable(String uri) {
        return java.util.Optional.ofNullable(watchable.get(uri));
    }

    JsonObject statelessCapabilities() {
        return statelessCapabilities;
    }

    StatelessResults statelessResults() {
        return statelessResults;
    }

    StateSeal stateSeal() {
        return stateSeal;
    }

    Tasks tasks() {
        return tasks;
    }

    /** Whether a tool may answer with a task (server/discover then announces the tasks extension). */
    boolean tasksOffered() {
        return tasksOffered;
    }

    FairWorkers workers() {
        return workers;
    }

    /** {@code threads} daemon threads named {@code name-N}, idle ones ending after 30 s; more work waits its turn. */
    static ExecutorService workerPool(int threads, String name) {
        var counter = new AtomicInteger();
        var pool = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), task -> {
            Thread thread = new Thread(task, name + "-" + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    /** Collects registrations for a server; the server itself has no setters. */
    public static final class Builder {
        private final ServerInfo info;
        private String instructions = "";
        private ServerOptions options = ServerOptions.defaults();
        private final List<Tool> tools = new ArrayList<>();
        private final List<Resource> resources = new ArrayList<>();
        private final List<ResourceTemplate> templates = new ArrayList<>();
        private final List<Prompt> prompts = new ArrayList<>();
        private final List<Completion> completions = new ArrayList<>();
        private final List<AutoCloseable> closeWith = new ArrayList<>();

        private Builder(ServerInfo info) {
            this.info = info;
        }

        public Builder instructions(String text) {
            this.instructions = text;
            return this;
        }

        public Builder options(ServerOptions value) {
            this.options = value;
            return this;
        }

        public Builder tool(Tool tool) {
            tools.add(tool);
            return this;
        }

        public Builder resource(Resource resource) {
            resources.add(resource);
            return this;
        }

        public Builder resourceTemplate(ResourceTemplate template) {
            templates.add(template);
            return this;
        }

        public Builder prompt(Prompt prompt) {
            prompts.add(prompt);
            return this;
        }

        public Builder completion(Completion completion) {
            completions.add(completion);
            return this;
        }

        /** Something the registrations hold, closed when the server is. */
        public Builder closeWith(AutoCloseable resource) {
            closeWith.add(resource);
            return this;
        }

        public Registry registry() {
            return new Registry(tools, resources, templates, prompts, completions);
        }

        public McpServer build() {
            return new McpServer(info, instructions, registry(), options, closeWith);
        }
    }
}
