package dev.graphiti.http;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.concurrent.ScheduledFuture;

/**
 * Reads a POST body without holding a container thread while the client is slow: the container calls
 * back when bytes arrive (servlet non-blocking I/O, so the WAR gets the same behaviour as embedded
 * Jetty). The body must be complete within a deadline and stay under the size limit; otherwise the
 * request is refused (408, 413) and its connection closed. Exactly one outcome reaches the receiver.
 */
final class BodyReader implements ReadListener {

    /** Where the outcome goes: the whole body, a refusal to send, or nothing when the client went away. */
    interface Receiver {
        void body(byte[] bytes);

        void refused(HttpRejection rejection);

        void gone();
    }

    private final ServletInputStream in;
    private final long limit;
    private final Receiver receiver;
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();
    private final byte[] buffer = new byte[16 * 1024];
    private ScheduledFuture<?> deadline;
    private boolean finished;

    BodyReader(ServletInputStream in, long limit, Receiver receiver) {
        this.in = in;
        this.limit = limit;
        this.receiver = receiver;
    }

    /** The timer task that calls {@link #expire}; cancelled once the body arrived. */
    synchronized void deadline(ScheduledFuture<?> task) {
        if (finished) {
            task.cancel(false);
        } else {
            deadline = task;
        }
    }

    @Override
    public void onDataAvailable() throws IOException {
        synchronized (this) {
            if (!readAvailable()) {
                return;
            }
        }
        receiver.refused(RequestValidation.tooLarge(limit));
    }

    /** Reads what arrived; false unless the body just went over the limit (and so the read ended). */
    private boolean readAvailable() throws IOException {
        while (!finished && in.isReady()) {
            int read = in.read(buffer);
            if (read < 0) {
                return false; // onAllDataRead follows
            }
            if (body.size() + (long) read > limit) {
                return finish();
            }
            body.write(buffer, 0, read);
        }
        return false;
    }

    /** A body that was read another way (blocking) goes to the receiver as if it had arrived here. */
    void deliver(byte[] bytes) {
        synchronized (this) {
            if (!finish()) {
                return;
            }
        }
        receiver.body(bytes);
    }

    @Override
    public void onAllDataRead() {
        byte[] bytes;
        synchronized (this) {
            if (!finish()) {
                return;
            }
            bytes = body.toByteArray();
        }
        receiver.body(bytes);
    }

    @Override
    public void onError(Throwable failure) {
        clientGone();
    }

    /** The connection failed or the container gave up: nothing to answer. */
    void clientGone() {
        synchronized (this) {
            if (!finish()) {
                return;
            }
        }
        receiver.gone();
    }

    /** The deadline passed with the body incomplete. */
    void expire(String limitText) {
        synchronized (this) {
            if (!finish()) {
                return;
            }
        }
        receiver.refused(HttpRejection.of(408, "Request Timeout: the request body did not arrive within " + limitText));
    }

    /** True for the one caller that ends the read. */
    private boolean finish() {
        if (finished) {
            return false;
        }
        finished = true;
        if (deadline != null) {
            deadline.cancel(false);
        }
        return true;
    }
}
