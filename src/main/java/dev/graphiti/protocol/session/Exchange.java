package dev.graphiti.protocol.session;

import jakarta.json.JsonObject;

/**
 * The response stream of one piece of input, shared by the requests it contained: sends are serialized,
 * and the stream closes once every request has finished (or at once when there were none). Nothing is
 * sent after close, so late progress or logs of a cancelled request are dropped, not misrouted.
 */
final class Exchange {

    private final ResponseStream stream;
    private int outstanding;
    private boolean closed;

    Exchange(ResponseStream stream, int requests) {
        this.stream = stream;
        this.outstanding = requests;
    }

    /** Sends unless closed; false when the message could not go on this stream. */
    synchronized boolean send(JsonObject message) {
        if (closed) {
            return false;
        }
        stream.send(message);
        return true;
    }

    /** One request of this input finished (answered, failed or cancelled). */
    synchronized void finished() {
        outstanding--;
        if (outstanding <= 0) {
            close();
        }
    }

    synchronized void close() {
        if (!closed) {
            closed = true;
            stream.close();
        }
    }

    synchronized boolean isClosed() {
        return closed;
    }
}
