package dev.graphiti.protocol.session;

import dev.graphiti.protocol.feature.InputRequest;
import dev.graphiti.protocol.feature.InputRequired;
import dev.graphiti.protocol.feature.LogLevel;
import dev.graphiti.protocol.feature.McpException;
import dev.graphiti.protocol.feature.ProtocolVersion;
import dev.graphiti.protocol.feature.TransportKind;
import dev.graphiti.protocol.jsonrpc.ErrorCode;
import dev.graphiti.protocol.jsonrpc.Incoming;
import dev.graphiti.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.graphiti.protocol.jsonrpc.JsonRpcMessage;
import dev.graphiti.protocol.jsonrpc.JsonRpcNotification;
import dev.graphiti.protocol.jsonrpc.JsonRpcRequest;
import dev.graphiti.protocol.jsonrpc.JsonRpcResponse;
import dev.graphiti.protocol.jsonrpc.JsonRpcResult;
import dev.graphiti.protocol.jsonrpc.Jsonp;
import dev.graphiti.protocol.jsonrpc.MessageBatch;
import dev.graphiti.protocol.jsonrpc.MessageSink;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;

/**
 * One client's conversation with the server: a stdio process or an HTTP session. Transports hand it
 * parsed input with the stream that input's output belongs on; lifecycle and utility methods are
 * answered at once, feature methods (tools, resources, prompts, completion) on the server's workers.
 */
public final class Connection {

    /** The requests that may answer input-required (2026-07-28, multi round-trip requests). */
    private static final java.util.Set<String> ASKS_FOR_INPUT = java.util.Set.of("tools/call", "prompts/get", "resources/read");
    static final int MAX_INPUT_ROUNDS = 8;
    /** The methods of the io.modelcontextprotocol/tasks extension (tasks/result and tasks/list were removed from it). */
    private static final java.util.Set<String> TASK_METHODS = java.util.Set.of("tasks/get", "tasks/update", "tasks/cancel");

    private final McpServer server;
    private final TransportKind transport;
    private final MessageSink unsolicited;
    /** One HTTP POST of 2026-07-28: every request is served on its own, initialize is unknown. */
    private final boolean statelessOnly;
    private final String owner;
    /** The headers of the one HTTP request a stateless connection serves (lower-case names; no credentials). */
    private final Map<String, String> headers;
    private final PendingRequests pending = new PendingRequests();
    private final Map<JsonValue, InFlightRequest> inFlight = new ConcurrentHashMap<>();
    /** Subscribed URIs and what watches each for changes. */
    private final Map<String, AutoCloseable> subscriptions = new ConcurrentHashMap<>();
    private final ClientRoots roots = new ClientRoots();
    private volatile ConnectionState state = ConnectionState.NEW;
    private volatile ProtocolVersion version;
    private volatile JsonObject clientCapabilities = JsonValue.EMPTY_JSON_OBJECT;
    private volatile LogLevel logThreshold = LogLevel.INFO;

    Connection(McpServer server, TransportKind transport, MessageSink unsolicited, boolean statelessOnly, String owner,
               Map<String, String> headers) {
        this.server = server;
        this.owner = owner;
        this.headers = Map.copyOf(headers);
        this.transport = transport;
        this.unsolicited = unsolicited;
        this.statelessOnly = statelessOnly;
    }

    /**
     * Handles one piece of input. Returns at once; everything it causes goes to {@code stream}, which is
     * closed when the last request is answered, or immediately when the input holds no requests.
     */
    public void receive(Incoming incoming, ResponseStream stream) {
        if (incoming instanceof MessageBatch batch && !batchesAllowed()) {
            stream.send(new JsonRpcErrorResponse(JsonValue.NULL, ErrorCode.INVALID_REQUEST,
                    "Invalid Request: JSON-RPC batches are accepted on protocol version 2025-03-26 only"
                            + negotiatedVersion().map(v -> ", this connection speaks " + v).orElse("")).toJson());
            stream.close();
            return;
        }
        int requests = (int) incoming.messages().stream().filter(JsonRpcRequest.class::isInstance).count();
        var rejected = incoming instanceof MessageBatch batch ? batch.rejected() : java.util.List.<JsonRpcErrorResponse>of();
        var exchange = new Exchange(stream, requests + rejected.size());
        for (JsonRpcErrorResponse error : rejected) {
            exchange.send(error.toJson());
            exchange.finished();
        }
        for (JsonRpcMessage message : incoming.messages()) {
            if (message instanceof JsonRpcRequest request) {
                if (incoming instanceof MessageBatch && request.isInitialize()) {
                    answer(exchange, request, new McpException(ErrorCode.INVALID_REQUEST,
                            "Invalid Request: initialize must not be part of a batch"));
                } else {
                    handle(request, exchange);
                }
            } else if (message instanceof JsonRpcNotification notification) {
                onNotification(notification);
            } else if (message instanceof JsonRpcResponse response) {
                pending.complete(response);
            }
        }
        if (requests + rejected.size() == 0) {
            exchange.close();
        }
    }

    /** The negotiated protocol revision as written on the wire, once initialize was answered. */
    public Optional<String> negotiatedVersion() {
        return version().map(ProtocolVersion::wire);
    }

    public Optional<ProtocolVersion> version() {
        return Optional.ofNullable(version);
    }

    public boolean isInitialized() {
        return state == ConnectionState.READY;
    }

    public boolean isClosed() {
        return state == ConnectionState.CLOSED;
    }

    /** JSON-RPC batches are accepted only once 2025-03-26 was negotiated (and never for initialize). */
    public boolean batchesAllowed() {
        return version().map(ProtocolVersion::allowsBatches).orElse(false);
    }

    public TransportKind transport() {
        return transport;
    }

    /**
     * Ends every open subscriptions/listen gracefully: its completion result (tagged with its subscription id),
     * then its stream closes. For a server about to stop.
     */
    public void endSubscriptions() {
        for (InFlightRequest work : inFlight.values()) {
            if (work.request().method().equals("subscriptions/listen") && inFlight.remove(work.request().id(), work)) {
                JsonValue id = work.request().id();
                work.respond(new JsonRpcResult(id, Jsonp.object().add("resultType", "complete")
                        .add("_meta", Jsonp.object().add(Subscription.SUBSCRIPTION_ID, id)).build()));
                work.cancel();
            }
        }
    }

    /** Ends in-flight work (their streams close unanswered) and fails pending server-to-client requests. */
    public void close() {
        state = ConnectionState.CLOSED;
        server.closed(this);
        for (InFlightRequest request : inFlight.values()) {
            request.cancel();
            request.closeExchange();
        }
        inFlight.clear();
        pending.failAll("the connection closed");
        subscriptions.keySet().forEach(this::unsubscribe);
    }

    private void handle(JsonRpcRequest request, Exchange exchange) {
        if (servesStateless(request)) {
            handleStateless(request, exchange);
            return;
        }
        switch (request.method()) {
            case "initialize" -> answer(exchange, request, () -> initialize(new Params(request.params())));
            case "ping" -> answer(exchange, request, () -> JsonValue.EMPTY_JSON_OBJECT);
            default -> {
                Optional<McpException> refusal = admission(request);
                if (refusal.isPresent()) {
                    answer(exchange, request, refusal.get());
                } else if (request.method().equals("logging/setLevel")) {
                    answer(exchange, request, () -> setLevel(new Params(request.params())));
                } else {
                    MethodHandler handler = server.feature(request.method());
                    if (handler == null) {
                        answer(exchange, request, new McpException(ErrorCode.METHOD_NOT_FOUND,
                                "Method not found: " + request.method()));
                    } else {
                        submit(new InFlightRequest(this, request, exchange, null), handler, exchange);
                    }
                }
            }
        }
    }

    /**
     * Which era a request belongs to: before initialize, a request whose _meta names a version without
     * initialize (2026-07-28, or one unknown here, which then gets UnsupportedProtocolVersionError) is served
     * on its own, as is server/discover; initialize, and everything once a session began, is the 2025 era.
     */
    private boolean servesStateless(JsonRpcRequest request) {
        if (statelessOnly) {
            return true;
        }
        if (state != ConnectionState.NEW || request.isInitialize()) {
            return false;
        }
        return request.method().equals("server/discover") || RequestMeta.declaresStateless(request.params());
    }

    private void handleStateless(JsonRpcRequest request, Exchange exchange) {
        RequestMeta meta;
        ProtocolVersion requested;
        try {
            meta = RequestMeta.of(request.params());
            requested = meta.version(transport);
            InFlightRequest.checkInput(request.params());
        } catch (McpException e) {
            answer(exchange, request, e);
            return;
        }
        if (state == ConnectionState.CLOSED) {
            answer(exchange, request, new McpException(ErrorCode.INVALID_REQUEST, "Invalid Request: the connection is closed"));
        } else if (request.method().equals("subscriptions/listen") && server.statelessCapabilities().containsKey("resources")) {
            listen(new InFlightRequest(this, request, exchange, new RequestScope(requested, meta)), exchange);
        } else if (TASK_METHODS.contains(request.method()) && server.tasksOffered()) {
            if (!Tasks.accepted(meta.clientCapabilities())) {
                answer(exchange, request, Tasks.extensionMissing(request.method()));
            } else {
                answer(exchange, request, () -> server.statelessResults().complete(request.method(), task(request)));
            }
        } else if (request.method().equals("server/discover")) {
            answer(exchange, request, () -> server.statelessResults().complete(request.method(), discover()));
        } else {
            MethodHandler handler = server.statelessFeature(request.method());
            if (handler == null) {
                answer(exchange, request, new McpException(ErrorCode.METHOD_NOT_FOUND, "Method not found: " + request.method()
                        + (request.isInitialize() || request.method().equals("ping") || request.method().equals("logging/setLevel")
                        ? " (not part of " + requested.wire() + ")" : "")));
            } else {
                submit(new InFlightRequest(this, request, exchange, new RequestScope(requested, meta)), handler, exchange);
            }
        }
    }

    /** Opens a subscription: it stays in flight (cancellation ends it) and is set up on a worker, not the transport's thread. */
    private void listen(InFlightRequest work, Exchange exchange) {
        JsonRpcRequest request = work.request();
        Subscription subscription;
        try {
            subscription = Subscription.of(work, server);
        } catch (McpException e) {
            answer(exchange, request, e);
            return;
        }
        if (inFlight.putIfAbsent(request.id(), work) != null) {
            answer(exchange, request, new McpException(ErrorCode.INVALID_REQUEST,
                    "Invalid Request: id " + request.id() + " is already in use by a request in progress"));
            return;
        }
        try {
            server.workers().execute(client(), subscription::start);
        } catch (RejectedExecutionException e) {
            inFlight.remove(request.id(), work);
            answer(exchange, request, new McpException(ErrorCode.INTERNAL_ERROR, "Internal error: the server is shutting down"));
        }
    }

    private JsonObject task(JsonRpcRequest request) {
        var params = new Params(request.params());
        return switch (request.method()) {
            case "tasks/get" -> server.tasks().get(params, owner);
            case "tasks/update" -> server.tasks().update(params, owner);
            default -> server.tasks().cancel(params, owner);
        };
    }

    private JsonObject discover() {
        var versions = Jsonp.array();
        ProtocolVersion.wires(transport).forEach(versions::add);
        var result = Jsonp.object()
                .add("supportedVersions", versions)
                .add("capabilities", server.statelessCapabilities());
        if (!server.instructions().isEmpty()) {
            result.add("instructions", server.instructions());
        }
        return result.build();
    }

    /**
     * Who this connection's work counts against for the workers' fair shares: the caller (a token's hash) of a
     * 2026-07-28 POST, which is a connection of its own each time; otherwise the connection (a session, a process).
     */
    private Object client() {
        return statelessOnly && !owner.isEmpty() ? owner : this;
    }

    /** The one lifecycle gate: whether this connection may serve the request at all. */
    private Optional<McpException> admission(JsonRpcRequest request) {
        return switch (state) {
            case NEW -> Optional.of(new McpException(ErrorCode.INVALID_REQUEST,
                    "Invalid Request: the connection is not initialized; send initialize first"));
            case CLOSED -> Optional.of(new McpException(ErrorCode.INVALID_REQUEST, "Invalid Request: the connection is closed"));
            case READY -> Optional.empty();
        };
    }

    private synchronized JsonObject initialize(Params params) {
        if (state != ConnectionState.NEW) {
            throw new McpException(ErrorCode.INVALID_REQUEST, "Invalid Request: initialize was already received");
        }
        String requested = params.requireString("protocolVersion");
        ProtocolVersion negotiated = ProtocolVersion.negotiate(requested, transport);
        clientCapabilities = params.optionalObject("capabilities");
        version = negotiated;
        state = ConnectionState.READY;
        ServerInfo info = server.info();
        var result = Jsonp.object()
                .add("protocolVersion", negotiated.wire())
                .add("capabilities", server.capabilities())
                .add("serverInfo", Jsonp.object().add("name", info.name()).add("title", info.title()).add("version", info.version()));
        if (!server.instructions().isEmpty()) {
            result.add("instructions", server.instructions());
        }
        return result.build();
    }

    private JsonObject setLevel(Params params) {
        String level = params.requireString("level");
        logThreshold = LogLevel.fromWire(level).orElseThrow(() -> Params.invalid("unknown log level \"" + level + "\""));
        return JsonValue.EMPTY_JSON_OBJECT;
    }

    private void submit(InFlightRequest work, MethodHandler handler, Exchange exchange) {
        JsonRpcRequest request = work.request();
        if (inFlight.putIfAbsent(request.id(), work) != null) {
            answer(exchange, request, new McpException(ErrorCode.INVALID_REQUEST,
                    "Invalid Request: id " + request.id() + " is already in use by a request in progress"));
            return;
        }
        try {
            server.workers().execute(client(), () -> run(work, handler));
        } catch (RejectedExecutionException e) {
            inFlight.remove(request.id(), work);
            answer(exchange, request, new McpException(ErrorCode.INTERNAL_ERROR, "Internal error: the server is shutting down"));
        }
    }

    private void run(InFlightRequest work, MethodHandler handler) {
        JsonValue id = work.request().id();
        try {
            if (!work.start()) {
                return;
            }
            work.respond(new JsonRpcResult(id, result(work, handler)));
        } catch (McpException e) {
            work.respond(new JsonRpcErrorResponse(id, e.toError()));
        } catch (InterruptedException e) {
            work.respond(new JsonRpcErrorResponse(id, ErrorCode.INTERNAL_ERROR, "Internal error: interrupted"));
        } catch (Exception | LinkageError | AssertionError e) {
            String why = e.getMessage() == null ? e.getClass().getName() : e.getMessage();
            work.respond(new JsonRpcErrorResponse(id, ErrorCode.INTERNAL_ERROR, "Internal error: " + why));
        } finally {
            work.stop();
            inFlight.remove(id, work);
            work.finish();
        }
    }

    /**
     * Runs the handler; when it needs input from the client, a 2026-07-28 request is answered with an
     * input-required result (the client retries), while in a 2025 session the server asks the client and runs
     * the handler again with the answers, a few rounds at most.
     */
    private JsonObject result(InFlightRequest work, MethodHandler handler) throws Exception {
        String method = work.request().method();
        for (int round = 1; ; round++) {
            try {
                JsonObject result = handler.handle(new Params(work.request().params()), work);
                return work.isStateless() ? server.statelessResults().complete(method, result) : result;
            } catch (TaskStarted started) {
                return server.statelessResults().task(started.handle());
            } catch (InputRequired needed) {
                if (!ASKS_FOR_INPUT.contains(method)) {
                    throw new McpException(ErrorCode.INTERNAL_ERROR, "Internal error: " + method + " may not ask the client for input");
                }
                for (InputRequest request : needed.requests().values()) {
                    if (!work.clientCapabilities().containsKey(request.capability())) {
                        throw work.missingCapability(request.capability(), request.method());
                    }
                }
                if (work.isStateless()) {
                    return server.statelessResults().inputRequired(needed);
                }
                if (round >= MAX_INPUT_ROUNDS) {
                    throw new McpException(ErrorCode.INTERNAL_ERROR, "Internal error: still asking for input after "
                            + MAX_INPUT_ROUNDS + " rounds");
                }
                work.nextRound(askClient(work, needed), needed.state().orElse(null));
            }
        }
    }

    JsonObject askClient(InFlightRequest work, InputRequired needed) throws Exception {
        Duration timeout = server.options().clientRequestTimeout();
        var answers = Jsonp.object();
        for (var entry : needed.requests().entrySet()) {
            try {
                JsonObject answer = work.requestFromClient(entry.getValue().method(), entry.getValue().params(), timeout)
                        .get(timeout.toMillis() + 1_000, java.util.concurrent.TimeUnit.MILLISECONDS);
                answers.add(entry.getKey(), answer);
            } catch (java.util.concurrent.ExecutionException e) {
                if (e.getCause() instanceof McpException refused) {
                    throw refused;
                }
                throw new McpException(ErrorCode.INTERNAL_ERROR, "Internal error: the client did not answer "
                        + entry.getValue().method() + ": " + e.getCause());
            }
        }
        return answers.build();
    }

    private void onNotification(JsonRpcNotification notification) {
        if (notification.method().equals("notifications/cancelled")) {
            JsonValue id = notification.params().get("requestId");
            InFlightRequest work = id == null ? null : inFlight.remove(id);
            if (work != null) {
                work.cancel();
            }
        } else if (notification.method().equals("notifications/roots/list_changed")) {
            roots.changed();
        }
        // notifications/initialized, progress for our requests: nothing to do.
    }

    private void answer(Exchange exchange, JsonRpcRequest request, McpException error) {
        exchange.send(new JsonRpcErrorResponse(request.id(), error.toError()).toJson());
        exchange.finished();
    }

    private void answer(Exchange exchange, JsonRpcRequest request, java.util.function.Supplier<JsonObject> result) {
        try {
            exchange.send(new JsonRpcResult(request.id(), result.get()).toJson());
            exchange.finished();
        } catch (McpException e) {
            answer(exchange, request, e);
        }
    }

    /** Subscribes to {@code uri}, watched by {@code watch} (a second subscription replaces the first's watch). */
    void subscribe(String uri, AutoCloseable watch) {
        if (state == ConnectionState.CLOSED) {
            stop(watch);
            return;
        }
        AutoCloseable before = subscriptions.put(uri, watch);
        if (before != null) {
            stop(before);
        }
        if (state == ConnectionState.CLOSED) {
            unsubscribe(uri); // closed while subscribing: close() may have run before the put
        }
    }

    void unsubscribe(String uri) {
        AutoCloseable watch = subscriptions.remove(uri);
        if (watch != null) {
            stop(watch);
        }
    }

    private static void stop(AutoCloseable watch) {
        try {
            watch.close();
        } catch (Exception e) {
            System.getLogger(Connection.class.getName()).log(System.Logger.Level.WARNING, "stopping a resource watch failed: " + e);
        }
    }

    /** Tells the client a subscribed resource changed (on the unsolicited sink: no request stream is open). */
    void resourceUpdated(String uri) {
        if (state == ConnectionState.READY && subscriptions.containsKey(uri)) {
            unsolicited.send(new JsonRpcNotification("notifications/resources/updated",
                    Jsonp.object().add("uri", uri).build()).toJson());
        }
    }

    JsonObject clientCapabilities() {
        return clientCapabilities;
    }

    Tasks tasks() {
        return server.tasks();
    }

    /** A header of the HTTP request this stateless connection serves. */
    Optional<String> header(String name) {
        return Optional.ofNullable(headers.get(name.toLowerCase(java.util.Locale.ROOT)));
    }

    /** Who is on the other end (an HTTP caller's token hash; empty over stdio): tasks belong to it. */
    String owner() {
        return owner;
    }

    /** A 2026-07-28 result as sent: resultType, the server's identity, caching hints. */
    JsonObject completeResult(String method, JsonObject result) {
        return server.statelessResults().complete(method, result);
    }

    StateSeal seal() {
        return server.stateSeal();
    }

    ClientRoots roots() {
        return roots;
    }

    /** The notifications/message for a log entry, or empty when the client's threshold filters it. */
    Optional<JsonObject> logMessage(LogLevel level, String logger, JsonValue data) {
        if (!level.atLeast(logThreshold)) {
            return Optional.empty();
        }
        return Optional.of(logNotification(level, logger, data));
    }

    static JsonObject logNotification(LogLevel level, String logger, JsonValue data) {
        var params = Jsonp.object().add("level", level.wire());
        if (logger != null) {
            params.add("logger", logger);
        }
        params.add("data", data == null ? JsonValue.NULL : data);
        return new JsonRpcNotification("notifications/message", params.build()).toJson();
    }

    /** Sends a server-to-client request on {@code exchange} (or unsolicited once that stream closed). */
    PendingRequests.Registered requestClient(String method, JsonObject params, Duration timeout, Exchange exchange) {
        var registered = pending.register(timeout, id -> deliver(exchange, cancelled(id, "timed out after " + timeout)));
        if (state == ConnectionState.CLOSED) {
            pending.cancel(registered.id(), "the connection closed");
            return registered;
        }
        deliver(exchange, new JsonRpcRequest(registered.id(), method, params).toJson());
        return registered;
    }

    /** Withdraws a server-to-client request whose caller was cancelled, telling the client. */
    void withdraw(JsonValue id, Exchange exchange) {
        if (pending.cancel(id, "the request that asked was cancelled") && state != ConnectionState.CLOSED) {
            deliver(exchange, cancelled(id, "the request that asked was cancelled"));
        }
    }

    private static JsonObject cancelled(JsonValue id, String reason) {
        return new JsonRpcNotification("notifications/cancelled",
                Jsonp.object().add("requestId", id).add("reason", reason).build()).toJson();
    }

    private void deliver(Exchange exchange, JsonObject message) {
        if (exchange == null || !exchange.send(message)) {
            unsolicited.send(message);
        }
    }
}
