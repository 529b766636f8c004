package dev.graphiti.protocol.session;

import dev.graphiti.protocol.feature.McpException;
import dev.graphiti.protocol.jsonrpc.ErrorCode;
import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Base64;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;

/**
 * The tasks of one server process and the threads that run them (apart from the request workers, so a long
 * job does not hold a worker): tasks/get, tasks/update and tasks/cancel find a task by id among the caller's
 * own; anyone else's, or one forgotten, is -32602 like an unknown id. A task lives in the process that runs
 * it (behind a load balancer, tasks/* route by Mcp-Name, which carries the task id).
 */
final class Tasks implements AutoCloseable {

    /** How many tasks may be kept at once; beyond it the oldest finished ones go, then new tasks are refused. */
    static final int MAX_KEPT = 1000;
    static final long POLL_INTERVAL_MS = 1000;

    private final Map<String, Task> byId = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();
    private final Clock clock;
    private final ExecutorService runners;

    Tasks(Clock clock, int threads) {
        this.clock = clock;
        this.runners = McpServer.workerPool(threads, "mcp-task");
    }

    /**
     * Creates a task for {@code owner} and starts {@code work} on a task thread; the task can be found before this
     * returns (a client's first tasks/get never misses it). Queued work shows as working with a message saying so.
     */
    Task start(String owner, String message, Consumer<Task> work) {
        forgetExpired();
        if (byId.size() >= MAX_KEPT) {
            throw new McpException(ErrorCode.INTERNAL_ERROR, "Internal error: " + MAX_KEPT + " tasks are kept already; try again later");
        }
        byte[] bits = new byte[32];
        random.nextBytes(bits);
        var task = new Task(Base64.getUrlEncoder().withoutPadding().encodeToString(bits), owner, clock, POLL_INTERVAL_MS, message);
        byId.put(task.id(), task);
        runners.execute(() -> work.accept(task));
        return task;
    }

    /** The caller's task with this id. */
    Optional<Task> find(String id, String owner) {
        forgetExpired();
        return Optional.ofNullable(byId.get(id)).filter(t -> t.belongsTo(owner));
    }

    /** tasks/get: the DetailedTask. */
    JsonObject get(Params params, String owner) {
        return task(params, owner).detailed();
    }

    /** tasks/update: hands the answers to the task; an empty acknowledgement. */
    JsonObject update(Params params, String owner) {
        Task task = task(params, owner);
        task.answer(params.optionalObject("inputResponses"));
        return JsonObject.EMPTY_JSON_OBJECT;
    }

    /** tasks/cancel: an empty acknowledgement, also for a task that already ended. */
    JsonObject cancel(Params params, String owner) {
        task(params, owner).cancel();
        return JsonObject.EMPTY_JSON_OBJECT;
    }

    private Task task(Params params, String owner) {
        String id = params.requireString("taskId");
        return find(id, owner).orElseThrow(() -> Params.invalid("no task " + id + " (unknown, or forgotten "
                + Task.KEEP.toMinutes() + " minutes after it ended)"));
    }

    /** -32021 for a tasks/* request or a task subscription from a client that did not declare the extension. */
    static McpException extensionMissing(String purpose) {
        return new McpException(ErrorCode.MISSING_REQUIRED_CLIENT_CAPABILITY.code(),
                "Missing required client capability: " + purpose + " needs the " + Task.EXTENSION + " extension",
                Jsonp.object().add("requiredCapabilities", Jsonp.object().add("extensions",
                        Jsonp.object().add(Task.EXTENSION, Jsonp.object()))).build());
    }

    /** Whether a request's client capabilities declare the tasks extension. */
    static boolean accepted(JsonObject clientCapabilities) {
        return clientCapabilities.get("extensions") instanceof JsonObject extensions && extensions.containsKey(Task.EXTENSION);
    }

    private void forgetExpired() {
        var now = clock.instant();
        byId.values().removeIf(t -> t.expired(now));
        if (byId.size() >= MAX_KEPT) {
            byId.values().stream().filter(t -> t.endedAt() != null).min(Comparator.comparing(Task::endedAt))
                    .ifPresent(t -> byId.remove(t.id()));
        }
    }

    @Override
    public void close() {
        runners.shutdownNow();
    }
}
