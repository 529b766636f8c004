package dev.graphiti.protocol.session;

import dev.graphiti.protocol.feature.LogLevel;
import dev.graphiti.protocol.feature.McpException;
import dev.graphiti.protocol.feature.ProtocolVersion;
import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.feature.TaskSupport;
import dev.graphiti.protocol.feature.ToolResult;
import dev.graphiti.protocol.jsonrpc.ErrorCode;
import dev.graphiti.protocol.jsonrpc.JsonRpcIds;
import dev.graphiti.protocol.jsonrpc.JsonRpcNotification;
import dev.graphiti.protocol.jsonrpc.JsonRpcRequest;
import dev.graphiti.protocol.jsonrpc.JsonRpcResponse;
import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * One client request being handled on a worker thread: the context its handler sees, its cancellation
 * state, and the exchange its messages go to.
 */
final class InFlightRequest implements RequestContext {

    /** The client capability each server-to-client method needs. */
    private static final Map<String, String> REQUIRED_CAPABILITY = Map.of(
            "sampling/createMessage", "sampling",
            "elicitation/create", "elicitation",
            "roots/list", "roots");

    private final Connection connection;
    private final JsonRpcRequest request;
    private final Exchange exchange;
    /** The request's own revision and _meta when it is a 2026-07-28 one; null in a 2025 session. */
    private final RequestScope scope;
    private final JsonValue progressToken;
    /** The client's answers to input requests and the state handed back (from the request, or the last round). */
    private volatile JsonObject inputResponses;
    private volatile String requestState;
    private final Object lock = new Object();
    private boolean cancelled;
    private Thread worker;
    private double lastProgress = Double.NEGATIVE_INFINITY;
    private final List<JsonValue> askedClient = new java.util.ArrayList<>();
    /** What ends with the request (a subscription's watches). */
    private final List<AutoCloseable> endsWithRequest = new java.util.ArrayList<>();
    private final java.util.concurrent.atomic.AtomicBoolean finished = new java.util.concurrent.atomic.AtomicBoolean();
    /** Whether the tool being called may become a task (set by tools/call before the tool runs). */
    private volatile TaskSupport taskSupport = TaskSupport.FORBIDDEN;
    /** The task this request's work became, once {@link #asTask} made one; from then on the context is the task's. */
    private volatile Task task;

    InFlightRequest(Connection connection, JsonRpcRequest request, Exchange exchange, RequestScope scope) {
        this.connection = connection;
        this.request = request;
        this.exchange = exchange;
        this.scope = scope;
        JsonValue token = request.params().containsKey("_meta") && request.params().get("_meta") instanceof JsonObject meta
                ? meta.get("progressToken") : null;
        this.progressToken = JsonRpcIds.isValid(token) ? token : null;
        if (scope != null) {
            this.inputResponses = request.params().get("inputResponses") instanceof JsonObject given ? given : JsonValue.EMPTY_JSON_OBJECT;
            this.requestState = request.params().get("requestState") instanceof jakarta.json.JsonString given ? given.getString() : null;
        } else {
            this.inputResponses = JsonValue.EMPTY_JSON_OBJECT;
        }
    }

    /**
     * A 2026-07-28 request's inputResponses and requestState must be an object of objects and a string:
     * -32602 otherwise (what they hold is the handler's to judge).
     */
    static void checkInput(JsonObject params) {
        JsonValue responses = params.get("inputResponses");
        if (responses != null && responses != JsonValue.NULL) {
            if (!(responses instanceof JsonObject map) || map.values().stream().anyMatch(v -> !(v instanceof JsonObject))) {
                throw Params.invalid("inputResponses must be an object whose values are the client's results");
            }
        }
        JsonValue state = params.get("requestState");
        if (state != null && state != JsonValue.NULL && !(state instanceof jakarta.json.JsonString)) {
            throw Params.invalid("requestState must be a string");
        }
    }

    /** A 2025 session: the client answered the input requests itself; the handler runs again with the answers. */
    void nextRound(JsonObject responses, String state) {
        this.inputResponses = responses;
        this.requestState = state;
    }

    /** What the request is about, for sealing its state: the method and the tool, prompt or resource it names. */
    String subject() {
        JsonValue name = request.params().get(request.method().equals("resources/read") ? "uri" : "name");
        return request.method() + "\u0000" + (name instanceof jakarta.json.JsonString text ? text.getString() : "");
    }

    Connection connection() {
        return connection;
    }

    JsonRpcRequest request() {
        return request;
    }

    boolean isStateless() {
        return scope != null;
    }

    /** Marks the worker thread as running this request; false when it was cancelled before it started. */
    boolean start() {
        synchronized (lock) {
            if (cancelled) {
                return false;
            }
            worker = Thread.currentThread();
            return true;
        }
    }

    /** The worker is done; clears an interrupt meant for this request so it cannot hit the next task. */
    void stop() {
        synchronized (lock) {
            worker = null;
            Thread.interrupted();
        }
    }

    /**
     * Stops the work: sets the flag tools poll, interrupts a blocked worker, closes this request's share
     * of its stream, and withdraws the requests it had sent to the client.
     */
    void cancel() {
        List<JsonValue> withdrawn;
        List<AutoCloseable> ending;
        synchronized (lock) {
            cancelled = true;
            if (worker != null) {
                worker.interrupt();
            }
            withdrawn = List.copyOf(askedClient);
            ending = List.copyOf(endsWithRequest);
            endsWithRequest.clear();
        }
        ending.forEach(InFlightRequest::stop);
        finish();
        withdrawn.forEach(id -> connection.withdraw(id, exchange));
    }

    /** Closes {@code resource} when the request ends (at once when it already has). */
    void endWithRequest(AutoCloseable resource) {
        synchronized (lock) {
            if (!cancelled) {
                endsWithRequest.add(resource);
                return;
            }
        }
        stop(resource);
    }

    /** Sends a notification on the request's own stream (a subscription's); false once the stream closed. */
    boolean notify(JsonObject notification) {
        return !isCancelled() && exchange.send(notification);
    }

    private static void stop(AutoCloseable resource) {
        try {
            resource.close();
        } catch (Exception e) {
            System.getLogger(InFlightRequest.class.getName()).log(System.Logger.Level.WARNING, "stopping " + resource + " failed: " + e);
        }
    }

    /** Counts this request as done on its exchange, once (on cancellation or when the worker ends). */
    void finish() {
        if (finished.compareAndSet(false, true)) {
            exchange.finished();
        }
    }

    /** Closes this request's stream at once (the connection is closing). */
    void closeExchange() {
        exchange.close();
    }

    /** Sends the response unless the request was cancelled (a cancelled request is never answered). */
    void respond(JsonRpcResponse response) {
        if (!isCancelled()) {
            exchange.send(response.toJson());
        }
    }

    @Override
    public boolean isCancelled() {
        Task running = task;
        if (running != null) {
            return running.cancelled(); // the request that started it is long answered
        }
        synchronized (lock) {
            return cancelled;
        }
    }

    @Override
    public void progress(double progress, Double total, String message) {
        Task running = task;
        if (running != null) {
            running.progress(progress, total, message != null ? message
                    : total == null ? Jsonp.number(progress).toString() : Jsonp.number(progress) + "/" + Jsonp.number(total));
            return;
        }
        if (progressToken == null || Double.isNaN(progress) || isCancelled()) {
            return;
        }
        synchronized (lock) {
            if (progress <= lastProgress) {
                return;
            }
            lastProgress = progress;
        }
        var params = Jsonp.object().add("progressToken", progressToken).add("progress", Jsonp.number(progress));
        if (total != null) {
            params.add("total", Jsonp.number(total));
        }
        if (message != null) {
            params.add("message", message);
        }
        exchange.send(new JsonRpcNotification("notifications/progress", params.build()).toJson());
    }

    @Override
    public void log(LogLevel level, String logger, JsonValue data) {
        if (isCancelled() || task != null) { // a task has no stream to log on
            return;
        }
        if (scope == null) {
            connection.logMessage(level, logger, data).ifPresent(exchange::send);
        } else {
            // 2026-07-28: only a request that set a log level gets log messages, on its own stream.
            scope.meta().logLevel().filter(level::atLeast)
                    .ifPresent(threshold -> exchange.send(Connection.logNotification(level, logger, data)));
        }
    }

    @Override
    public JsonObject clientCapabilities() {
        return scope != null ? scope.meta().clientCapabilities() : connection.clientCapabilities();
    }

    @Override
    public ProtocolVersion protocolVersion() {
        return scope != null ? scope.version() : connection.version().orElse(ProtocolVersion.LATEST);
    }

    @Override
    public CompletableFuture<JsonObject> clientRoots(Duration timeout) {
        if (scope != null) {
            return CompletableFuture.failedFuture(new McpException(ErrorCode.METHOD_NOT_FOUND,
                    "roots/list is not asked on " + scope.version().wire() + ": name the directory in the call"));
        }
        return connection.roots().get(() -> requestFromClient("roots/list", JsonValue.EMPTY_JSON_OBJECT, timeout));
    }

    @Override
    public CompletableFuture<JsonObject> requestFromClient(String method, JsonObject params, Duration timeout) {
        String capability = REQUIRED_CAPABILITY.get(method);
        if (capability != null && !clientCapabilities().containsKey(capability)) {
            return CompletableFuture.failedFuture(missingCapability(capability, method));
        }
        Task running = task;
        if (running != null) {
            return running.ask(method, params);
        }
        if (scope != null) {
            // 2026-07-28 sends no requests to the client; it asks through an input-required result instead.
            return CompletableFuture.failedFuture(new McpException(ErrorCode.INTERNAL_ERROR, "Internal error: " + method
                    + " cannot be sent to a " + scope.version().wire() + " client (input-required results are not supported yet)"));
        }
        synchronized (lock) {
            if (cancelled) {
                return CompletableFuture.failedFuture(new java.util.concurrent.CancellationException("the request was cancelled"));
            }
            var registered = connection.requestClient(method, params, timeout, exchange);
            askedClient.add(registered.id());
            return registered.future();
        }
    }

    @Override
    public java.util.Optional<JsonObject> inputResponse(String key) {
        return inputResponses.get(key) instanceof JsonObject answer ? java.util.Optional.of(answer) : java.util.Optional.empty();
    }

    @Override
    public java.util.Optional<String> requestState() {
        return java.util.Optional.ofNullable(requestState);
    }

    @Override
    public String sealState(String payload) {
        return connection.seal().seal(payload, subject());
    }

    @Override
    public java.util.Optional<String> openState() {
        String state = requestState;
        return state == null ? java.util.Optional.empty() : connection.seal().open(state, subject());
    }

    @Override
    public void requireClientCapability(String capability) {
        if (!clientCapabilities().containsKey(capability)) {
            throw missingCapability(capability, request.method());
        }
    }

    /** Called by tools/call before the tool runs: whether its work may become a task. */
    void offerTasks(TaskSupport support) {
        this.taskSupport = support;
    }

    /** A 2026-07-28 tools/call whose client capabilities declare the tasks extension. */
    boolean acceptsTasks() {
        return scope != null && request.method().equals("tools/call") && Tasks.accepted(clientCapabilities());
    }

    @Override
    public java.util.Optional<String> requestHeader(String name) {
        return scope == null ? java.util.Optional.empty() : connection.header(name);
    }

    @Override
    public boolean inTask() {
        return task != null;
    }

    @Override
    public ToolResult asTask(java.util.concurrent.Callable<ToolResult> work) throws Exception {
        if (task != null || taskSupport == TaskSupport.FORBIDDEN || !acceptsTasks()) {
            return work.call();
        }
        Task started = connection.tasks().start(connection.owner(), "started", running -> runTask(running, work));
        throw new TaskStarted(started.handle());
    }

    /**
     * The task's work on its own thread: the tool's result completes the task (a tool error too: that is a result),
     * a JSON-RPC error fails it; input-required rounds are asked through the task's input requests.
     */
    private void runTask(Task running, java.util.concurrent.Callable<ToolResult> work) {
        task = running;
        running.runOn(Thread.currentThread());
        String tool = request.params().getString("name", "?");
        try {
            ToolResult result = rounds(work);
            running.completed(connection.completeResult(request.method(), result.toJson()),
                    result.isError() ? "the tool reported an error" : "completed");
        } catch (McpException e) {
            running.failed(e.toError().toJson());
        } catch (InterruptedException | java.util.concurrent.CancellationException e) {
            running.failed(new dev.graphiti.protocol.jsonrpc.JsonRpcError(ErrorCode.INTERNAL_ERROR.code(),
                    "Internal error: interrupted", null).toJson()); // ignored when a cancellation interrupted it
        } catch (Exception e) {
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            running.completed(connection.completeResult(request.method(), ToolResult.error("Tool " + tool + " failed: " + why).toJson()),
                    "the tool reported an error");
        } catch (LinkageError | AssertionError e) {
            running.failed(new dev.graphiti.protocol.jsonrpc.JsonRpcError(ErrorCode.INTERNAL_ERROR.code(),
                    "Internal error: " + e, null).toJson());
        } finally {
            running.runOn(null);
            Thread.interrupted();
        }
    }

    /** Runs the work, asking the client through the task for what an input-required round needs (a few rounds at most). */
    private ToolResult rounds(java.util.concurrent.Callable<ToolResult> work) throws Exception {
        for (int round = 1; ; round++) {
            try {
                return work.call();
            } catch (dev.graphiti.protocol.feature.InputRequired needed) {
                if (round >= Connection.MAX_INPUT_ROUNDS) {
                    throw new McpException(ErrorCode.INTERNAL_ERROR, "Internal error: still asking for input after "
                            + Connection.MAX_INPUT_ROUNDS + " rounds");
                }
                for (var asked : needed.requests().values()) {
                    requireClientCapability(asked.capability());
                }
                nextRound(connection.askClient(this, needed), needed.state().orElse(null));
            }
        }
    }

    /** 2026-07-28: MissingRequiredClientCapabilityError naming the capability; before: an invalid request. */
    McpException missingCapability(String capability, String purpose) {
        String message = "the client did not declare the \"" + capability + "\" capability needed for " + purpose;
        if (scope == null) {
            return new McpException(ErrorCode.INVALID_REQUEST, message);
        }
        return new McpException(ErrorCode.MISSING_REQUIRED_CLIENT_CAPABILITY.code(), "Missing required client capability: " + message,
                Jsonp.object().add("requiredCapabilities", Jsonp.object().add(capability, Jsonp.object())).build());
    }
}
