package dev.graphiti.http;

import dev.graphiti.protocol.jsonrpc.JsonRpcCodec;
import dev.graphiti.protocol.jsonrpc.MessageSink;
import jakarta.json.JsonObject;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A session's server-initiated messages that belong to no request (list changes, resource updates):
 * they go on the session's GET stream when one is open. Without one they are dropped, as a client that
 * wants them keeps a GET stream open. At most one GET stream per session, so each message goes on
 * exactly one stream. Lock-free here because the stream's own completion calls back into detach.
 */
final class ServerEvents implements MessageSink {

    private final JsonRpcCodec codec = new JsonRpcCodec();
    private final AtomicReference<SseStream> stream = new AtomicReference<>();
    private volatile boolean closed;

    /** Attaches a GET stream; false when the session already has an open one (409) or has ended. */
    boolean attach(SseStream value) {
        SseStream current = stream.get();
        if (closed || (current != null && !current.isClosed()) || !stream.compareAndSet(current, value)) {
            return false;
        }
        if (closed) {
            detach(value);
            return false;
        }
        return true;
    }

    void detach(SseStream value) {
        stream.compareAndSet(value, null);
    }

    @Override
    public void send(JsonObject message) {
        SseStream current = stream.get();
        if (current != null && !current.send(codec.write(message))) {
            detach(current);
        }
    }

    /** The session ended: completes its GET stream and refuses new ones. */
    void close() {
        closed = true;
        SseStream current = stream.getAndSet(null);
        if (current != null) {
            current.close();
        }
    }
}
