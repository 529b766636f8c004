package dev.graphiti.protocol.session;

import jakarta.json.JsonObject;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * A connection's answer to roots/list, kept until the client sends notifications/roots/list_changed, so a
 * session asks once instead of on every call. Only a whole answer is kept (a failed or timed-out ask is
 * asked again), and never one that was asked for before a change it arrived after.
 */
final class ClientRoots {

    private record Answer(long generation, JsonObject result) {
    }

    private final AtomicLong generation = new AtomicLong();
    private volatile Answer answer;

    /** The kept answer, or {@code ask}'s, kept when no change came in between. */
    CompletableFuture<JsonObject> get(Supplier<CompletableFuture<JsonObject>> ask) {
        long asked = generation.get();
        Answer kept = answer;
        if (kept != null && kept.generation() == asked) {
            return CompletableFuture.completedFuture(kept.result());
        }
        return ask.get().thenApply(result -> {
            if (generation.get() == asked) {
                answer = new Answer(asked, result);
            }
            return result;
        });
    }

    /** The client's roots changed: the next call asks again. */
    void changed() {
        generation.incrementAndGet();
        answer = null;
    }
}
