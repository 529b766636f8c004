package dev.graphiti.protocol.feature;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** What a tool, resource, prompt or completion may do while it handles one client request. */
public interface RequestContext {

    /**
     * Reports progress when the request carried {@code _meta.progressToken} (no-op otherwise). Values must
     * increase: a value not above the last one sent is dropped. {@code total} null when unknown,
     * {@code message} null to omit.
     */
    void progress(double progress, Double total, String message);

    /** Sends notifications/message when {@code level} passes the client's logging/setLevel threshold. */
    void log(LogLevel level, String logger, JsonValue data);

    /** True once the client cancelled this request or the connection closed; long work should stop. */
    boolean isCancelled();

    /** The capabilities the client declared in initialize (empty object when none). */
    JsonObject clientCapabilities();

    /** The negotiated protocol revision. */
    ProtocolVersion protocolVersion();

    /**
     * Sends a request to the client (sampling/createMessage, elicitation/create, roots/list) on this
     * request's stream and completes with the client's result. Fails with {@link McpException} when the
     * client answers an error or did not declare the capability the method needs, with
     * {@link java.util.concurrent.TimeoutException} after {@code timeout}, and with
     * {@link java.util.concurrent.CancellationException} when the connection closes first.
     */
    CompletableFuture<JsonObject> requestFromClient(String method, JsonObject params, Duration timeout);

    /**
     * The client's roots/list result, asked once per connection and again after the client sent
     * notifications/roots/list_changed; fails as {@link #requestFromClient} does (then the next call asks again).
     */
    CompletableFuture<JsonObject> clientRoots(Duration timeout);

    /**
     * Throws unless the client declared {@code capability}: on 2026-07-28 a MissingRequiredClientCapabilityError
     * (-32021) naming it, before that an invalid request. Call it before work that cannot go on without it.
     */
    void requireClientCapability(String capability);

    /**
     * The client's answer to the input request {@code key} of an earlier {@link InputRequired}: on 2026-07-28
     * from the retry's {@code inputResponses}, in a 2025 session from the client's response. Empty on a first attempt.
     */
    Optional<JsonObject> inputResponse(String key);

    /** The state an earlier {@link InputRequired} carried, as the client handed it back (untrusted: see {@link #openState}). */
    Optional<String> requestState();

    /** {@code payload} with an integrity tag only this server can make, for {@link InputRequired}'s state. */
    String sealState(String payload);

    /**
     * The payload of a state made by {@link #sealState}, empty when the request carries none; an altered or
     * foreign state is an invalid-params error (-32602).
     */
    Optional<String> openState();

    /**
     * Runs {@code work}, the long part of a tool call, as a task when the tool supports tasks and this request
     * accepts them (2026-07-28 with io.modelcontextprotocol/tasks in its client capabilities): the client is
     * answered at once with the task's handle and {@code work} goes on on a task thread, where this context's
     * {@link #progress} becomes the task's status message, {@link #isCancelled} follows tasks/cancel and
     * {@link #requestFromClient} asks through the task's input requests. What {@code work} returns or throws
     * becomes the task's outcome. Otherwise {@code work} runs here and its result is returned. Ask for
     * confirmation (input-required) before this call, so that it is settled in the request itself. In a task,
     * this method throws to end the request's own handling: let it propagate.
     */
    ToolResult asTask(java.util.concurrent.Callable<ToolResult> work) throws Exception;

    /**
     * A header of the HTTP request a 2026-07-28 request came in (its own POST), by name, case-insensitive; empty
     * over stdio, in a 2025 session (its POSTs share one connection) and for credentials (Authorization, Cookie).
     */
    default Optional<String> requestHeader(String name) {
        return Optional.empty();
    }

    /** Whether the client renders MCP Apps ({@link McpApps}): a tool may then add what its app needs to its result. */
    default boolean rendersApps() {
        return McpApps.rendered(clientCapabilities());
    }

    /** True while this context runs the work of a task (after {@link #asTask} made one). */
    default boolean inTask() {
        return false;
    }
}
