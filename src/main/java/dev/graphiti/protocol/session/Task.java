package dev.graphiti.protocol.session;

import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * One task of the io.modelcontextprotocol/tasks extension: a tool call's long part running on its own, the
 * handle its client polls. Status moves working -> (input_required -> working)* -> completed, failed or
 * cancelled, and never leaves a terminal status. It belongs to the caller that started it (a token hash over
 * HTTP); its id is 256 random bits, so it cannot be guessed. A terminal task is kept {@link #KEEP} after it
 * ended, then forgotten.
 */
final class Task {

    static final String EXTENSION = "io.modelcontextprotocol/tasks";
    /**
     * The {@code _meta} key of a task's counts, {@code {"progress": 120, "total": 400}} as notifications/progress
     * would carry them: the extension sends no progress notifications for tasks and its Task has no such field,
     * so the numbers ride in the result's and notification's {@code _meta} beside the statusMessage that says them.
     */
    static final String PROGRESS_META = "dev.graphiti/progress";
    static final Duration KEEP = Duration.ofHours(1);

    enum Status {
        WORKING("working"), INPUT_REQUIRED("input_required"), COMPLETED("completed"), FAILED("failed"), CANCELLED("cancelled");

        final String wire;

        Status(String wire) {
            this.wire = wire;
        }

        boolean terminal() {
            return this == COMPLETED || this == FAILED || this == CANCELLED;
        }
    }

    /** An input request the task waits for: what the client is asked, and who waits for the answer. */
    private record Asked(String method, JsonObject params, CompletableFuture<JsonObject> answer) {
    }

    private final String id;
    private final String owner;
    private final Clock clock;
    private final Instant created;
    private final long pollIntervalMs;
    private final Map<String, Asked> outstanding = new LinkedHashMap<>();
    private final List<Consumer<JsonObject>> watchers = new CopyOnWriteArrayList<>();
    private Instant updated;
    private Instant ended;
    private Status status = Status.WORKING;
    private String message;
    private JsonObject counts;
    private JsonObject result;
    private JsonObject error;
    private int asked;
    private Thread runner;

    Task(String id, String owner, Clock clock, long pollIntervalMs, String message) {
        this.id = id;
        this.owner = owner;
        this.clock = clock;
        this.created = clock.instant();
        this.updated = created;
        this.pollIntervalMs = pollIntervalMs;
        this.message = message;
    }

    String id() {
        return id;
    }

    boolean belongsTo(String caller) {
        return owner.equals(caller);
    }

    synchronized Status status() {
        return status;
    }

    synchronized boolean cancelled() {
        return status == Status.CANCELLED;
    }

    /** When it reached a terminal status; null while it runs. */
    synchronized Instant endedAt() {
        return ended;
    }

    /** Forgettable: ended more than {@link #KEEP} ago. */
    synchronized boolean expired(Instant now) {
        return ended != null && now.isAfter(ended.plus(KEEP));
    }

    /** The CreateTaskResult's task fields (no result, error or input requests: those are for tasks/get). */
    synchronized JsonObject handle() {
        return fields().build();
    }

    /** The DetailedTask of tasks/get and notifications/tasks: the fields and what the status carries. */
    synchronized JsonObject detailed() {
        var json = fields();
        switch (status) {
            case INPUT_REQUIRED -> {
                var requests = Jsonp.object();
                outstanding.forEach((key, asked) -> requests.add(key, Jsonp.object().add("method", asked.method())
                        .add("params", asked.params())));
                json.add("inputRequests", requests);
            }
            case COMPLETED -> json.add("result", result);
            case FAILED -> json.add("error", error);
            default -> { }
        }
        return json.build();
    }

    private jakarta.json.JsonObjectBuilder fields() {
        var json = Jsonp.object().add("taskId", id).add("status", status.wire);
        if (message != null) {
            json.add("statusMessage", message);
        }
        json.add("createdAt", created.toString()).add("lastUpdatedAt", updated.toString());
        if (counts != null) {
            json.add("_meta", Jsonp.object().add(PROGRESS_META, counts));
        }
        // Kept while it runs, then KEEP after it ended: unknown (null) until then.
        if (ended == null) {
            json.add("ttlMs", JsonValue.NULL);
        } else {
            json.add("ttlMs", Duration.between(created, ended).plus(KEEP).toMillis());
        }
        return json.add("pollIntervalMs", pollIntervalMs);
    }

    /**
     * The thread running the work, interrupted by a cancellation; null when it ends. A task cancelled before its
     * thread got to it starts interrupted, so its work stops at its first wait instead of running to the end.
     */
    synchronized void runOn(Thread thread) {
        this.runner = thread;
        if (thread != null && status.terminal()) {
            thread.interrupt();
        }
    }

    /**
     * A progress report: the status message says how far the work is; a known {@code total} (with a {@code progress}
     * that does not go back) also goes into the task's {@code _meta} ({@link #PROGRESS_META}).
     */
    void progress(double progress, Double total, String text) {
        synchronized (this) {
            if (status.terminal() || text == null) {
                return;
            }
            boolean counted = total != null && !Double.isNaN(progress)
                    && (counts == null || progress >= counts.getJsonNumber("progress").doubleValue());
            if (text.equals(message) && !counted) {
                return;
            }
            message = text;
            if (counted) {
                counts = Jsonp.object().add("progress", Jsonp.number(progress)).add("total", Jsonp.number(total)).build();
            }
            updated = clock.instant();
        }
        changed();
    }

    /**
     * Asks the client through the task's input requests: the task is input_required until every request asked
     * is answered by tasks/update. Each request gets a key never used before in this task.
     */
    CompletableFuture<JsonObject> ask(String method, JsonObject params) {
        var answer = new CompletableFuture<JsonObject>();
        synchronized (this) {
            if (status.terminal()) {
                return CompletableFuture.failedFuture(new CancellationException("the task ended"));
            }
            outstanding.put("input-" + (++asked), new Asked(method, params, answer));
            status = Status.INPUT_REQUIRED;
            updated = clock.instant();
        }
        changed();
        return answer;
    }

    /** tasks/update: answers the outstanding requests named; keys not outstanding (answered, never asked) are ignored. */
    void answer(JsonObject responses) {
        var answered = new LinkedHashMap<CompletableFuture<JsonObject>, JsonObject>();
        synchronized (this) {
            for (var entry : responses.entrySet()) {
                Asked asked = entry.getValue() instanceof JsonObject response ? outstanding.remove(entry.getKey()) : null;
                if (asked != null) {
                    answered.put(asked.answer(), entry.getValue().asJsonObject());
                }
            }
            if (answered.isEmpty()) {
                return;
            }
            if (outstanding.isEmpty() && status == Status.INPUT_REQUIRED) {
                status = Status.WORKING;
            }
            updated = clock.instant();
        }
        answered.forEach(CompletableFuture::complete);
        changed();
    }

    /** tasks/cancel: cancelled at once (the work is interrupted and its outcome dropped); a terminal task stays as it is. */
    void cancel() {
        List<Asked> waiting;
        synchronized (this) {
            if (status.terminal()) {
                return;
            }
            waiting = List.copyOf(outstanding.values());
            outstanding.clear();
            end(Status.CANCELLED, "cancelled by the client");
            if (runner != null) {
                runner.interrupt();
            }
        }
        waiting.forEach(a -> a.answer().cancel(false));
        changed();
    }

    /** The work returned: its result, unless the task was cancelled meanwhile. */
    void completed(JsonObject value, String summary) {
        synchronized (this) {
            if (status.terminal()) {
                return;
            }
            result = value;
            end(Status.COMPLETED, summary);
        }
        changed();
    }

    /** The work ended in a JSON-RPC error (a protocol fault, not a tool error: that is a completed result with isError). */
    void failed(JsonObject rpcError) {
        synchronized (this) {
            if (status.terminal()) {
                return;
            }
            error = rpcError;
            end(Status.FAILED, rpcError.getString("message", "failed"));
        }
        changed();
    }

    private void end(Status terminal, String text) {
        status = terminal;
        message = text;
        updated = clock.instant();
        ended = updated;
        outstanding.values().forEach(a -> a.answer().cancel(false));
        outstanding.clear();
    }

    /** Tells {@code watcher} the detailed task now and after every change (notifications/tasks); returns the way to stop. */
    AutoCloseable watch(Consumer<JsonObject> watcher) {
        watchers.add(watcher);
        watcher.accept(detailed());
        return () -> watchers.remove(watcher);
    }

    private void changed() {
        if (!watchers.isEmpty()) {
            JsonObject now = detailed();
            watchers.forEach(w -> w.accept(now));
        }
    }
}
