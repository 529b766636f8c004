package dev.graphiti.http;

import jakarta.servlet.AsyncContext;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;

/**
 * An open SSE response on an async request: sends events, beats while idle, and completes once. A
 * write failure (the client went away) completes the stream; it never ends the session.
 */
final class SseStream {

    private final AsyncContext async;
    private final SseWriter writer;
    private final ScheduledFuture<?> heartbeat;
    private boolean closed;

    SseStream(AsyncContext async, SseWriter writer, Heartbeats heartbeats, Duration interval) {
        this.async = async;
        this.writer = writer;
        this.heartbeat = heartbeats.every(interval, this::beat);
    }

    /** Sends one message; false when the stream is closed or broke while writing. */
    synchronized boolean send(String json) {
        if (closed) {
            return false;
        }
        try {
            writer.event(json);
            return true;
        } catch (IOException | IllegalStateException e) {
            close();
            return false;
        }
    }

    synchronized boolean isClosed() {
        return closed;
    }

    /** Completes the response; safe to call more than once and from any thread. */
    synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        heartbeat.cancel(false);
        try {
            async.complete();
        } catch (IllegalStateException e) {
            // Already completed by the container after a timeout or error.
        }
    }

    private synchronized void beat() {
        if (closed) {
            return;
        }
        try {
            writer.comment("keep-alive");
        } catch (IOException | IllegalStateException e) {
            close();
        }
    }
}
