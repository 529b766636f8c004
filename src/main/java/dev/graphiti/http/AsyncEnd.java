package dev.graphiti.http;

import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;

/**
 * Maps the container's async events to the owner's two reactions: {@code abort} when the exchange timed
 * out or its connection failed (the owner completes it), {@code done} once it completed either way.
 */
final class AsyncEnd implements AsyncListener {

    private final Runnable abort;
    private final Runnable done;

    AsyncEnd(Runnable abort, Runnable done) {
        this.abort = abort;
        this.done = done;
    }

    @Override
    public void onTimeout(AsyncEvent event) {
        abort.run();
    }

    @Override
    public void onError(AsyncEvent event) {
        abort.run();
    }

    @Override
    public void onComplete(AsyncEvent event) {
        done.run();
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
        // Re-dispatch is not used.
    }
}
