package dev.graphiti.http;

import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;

/**
 * Maps the container's async events to the owner's two reactions: {@code abort} when the exchange timed
 * out or its connection failed (the owner completes it), {@code done} once it completed either way.
 * A POST changes owner once: the body reader while the body arrives, then the exchange that answers it
 * (listeners can only be added while the request's first dispatch runs, so the listener stays and its
 * reactions change).
 */
final class AsyncEnd implements AsyncListener {

    private volatile Runnable abort;
    private volatile Runnable done;

    AsyncEnd(Runnable abort, Runnable done) {
        this.abort = abort;
        this.done = done;
    }

    /** Hands the events to a new owner. */
    void become(Runnable newAbort, Runnable newDone) {
        this.abort = newAbort;
        this.done = newDone;
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
