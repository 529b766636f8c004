package dev.graphiti.protocol.session;

import dev.graphiti.protocol.feature.McpException;
import dev.graphiti.protocol.jsonrpc.JsonRpcErrorResponse;
import dev.graphiti.protocol.jsonrpc.JsonRpcResponse;
import dev.graphiti.protocol.jsonrpc.JsonRpcResult;
import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/** Server-to-client requests awaiting the client's response, by the id we gave them. */
final class PendingRequests {

    private final AtomicLong nextId = new AtomicLong(1);
    private final Map<JsonValue, CompletableFuture<JsonObject>> pending = new ConcurrentHashMap<>();


    /**
     * Registers a request and returns its id and future; {@code onTimeout} runs with the id when the
     * client did not answer in time (to send notifications/cancelled).
     */
    Registered register(Duration timeout, Consumer<JsonValue> onTimeout) {
        JsonValue id = Jsonp.PROVIDER.createValue(nextId.getAndIncrement());
        var future = new CompletableFuture<JsonObject>();
        pending.put(id, future);
        // Tell the client first, then fail the future, so the caller's answer cannot overtake the cancellation.
        CompletableFuture.delayedExecutor(timeout.toMillis(), TimeUnit.MILLISECONDS).execute(() -> {
            if (pending.remove(id, future)) {
                onTimeout.accept(id);
                future.completeExceptionally(new TimeoutException("the client did not answer within " + timeout));
            }
        });
        return new Registered(id, future);
    }

    /** Routes a client response; false when no request with that id is pending (late or unknown). */
    boolean complete(JsonRpcResponse response) {
        var future = pending.remove(response.id());
        if (future == null) {
            return false;
        }
        if (response instanceof JsonRpcResult result) {
            future.complete(result.result());
        } else if (response instanceof JsonRpcErrorResponse error) {
            future.completeExceptionally(new McpException(error.error().code(), error.error().message(), error.error().data()));
        }
        return true;
    }

    /** Withdraws one request (its caller went away); true when it was still pending. */
    boolean cancel(JsonValue id, String reason) {
        var future = pending.remove(id);
        if (future == null) {
            return false;
        }
        future.completeExceptionally(new CancellationException(reason));
        return true;
    }

    void failAll(String reason) {
        for (var id : pending.keySet()) {
            var future = pending.remove(id);
            if (future != null) {
                future.completeExceptionally(new CancellationException(reason));
            }
        }
    }

    record Registered(JsonValue id, CompletableFuture<JsonObject> future) {
    }
}
