package dev.graphiti.protocol.session;

import dev.graphiti.protocol.jsonrpc.JsonRpcCodec;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** A response stream that keeps what it was sent, as JSON text, and lets a test wait for close(). */
final class RecordingStream implements ResponseStream {

    private final List<String> sent = new ArrayList<>();
    private final CountDownLatch closed = new CountDownLatch(1);
    private int closes;
    private final JsonRpcCodec codec = new JsonRpcCodec();

    @Override
    public synchronized void send(JsonObject message) {
        if (closes > 0) {
            throw new AssertionError("send after close: " + message);
        }
        sent.add(codec.write(message));
    }

    @Override
    public synchronized void close() {
        closes++;
        if (closes > 1) {
            throw new AssertionError("closed twice");
        }
        closed.countDown();
    }

    /** Waits for close() and returns everything sent, in order. */
    List<String> awaitClosed() throws InterruptedException {
        if (!closed.await(10, TimeUnit.SECONDS)) {
            throw new AssertionError("stream not closed in time; sent so far: " + sent());
        }
        return sent();
    }

    synchronized List<String> sent() {
        return List.copyOf(sent);
    }

    boolean isClosed() {
        return closed.getCount() == 0;
    }
}
