package dev.graphiti.server;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpParser;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.server.internal.HttpConnection;

/**
 * Closes a connection whose request head (request line and headers) has not arrived within the deadline. Jetty's
 * idle timeout restarts with every byte, and ours is long for SSE, so a client sending its headers a byte a second
 * held a connection as long as it liked (60 such held 92 s and more); a body already has its own deadline. A fresh
 * connection that sends nothing counts too; one kept alive between requests is left to the idle timeout.
 */
final class HeaderDeadline implements Connection.Listener, AutoCloseable {

    /** Since when a connection has been waiting for the head of its request number {@code request}. */
    private record Waiting(long request, long since) {
    }

    private final long deadlineNanos;
    private final Map<HttpConnection, Waiting> open = new ConcurrentHashMap<>();
    private final ScheduledExecutorService sweeper = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "mcp-http-header-deadline");
        thread.setDaemon(true);
        return thread;
    });

    HeaderDeadline(Duration deadline) {
        this.deadlineNanos = deadline.toNanos();
        long period = Math.max(100, Math.min(1_000, deadline.toMillis() / 4));
        sweeper.scheduleWithFixedDelay(this::sweep, period, period, TimeUnit.MILLISECONDS);
    }

    @Override
    public void onOpened(Connection connection) {
        if (connection instanceof HttpConnection http) {
            open.put(http, new Waiting(0, System.nanoTime()));
        }
    }

    @Override
    public void onClosed(Connection connection) {
        open.remove(connection);
    }

    private void sweep() {
        long now = System.nanoTime();
        open.replaceAll((connection, waiting) -> {
            long request = connection.getMessagesIn();
            if (!awaitingHead(connection.getParser(), request)) {
                return new Waiting(request, now);
            }
            if (waiting.request() != request) {
                return new Waiting(request, now);
            }
            if (now - waiting.since() > deadlineNanos) {
                connection.getEndPoint().close();
            }
            return waiting;
        });
    }

    /** Part of a head has arrived, or nothing at all on a fresh connection. */
    private static boolean awaitingHead(HttpParser parser, long requests) {
        return parser.isStart() ? requests == 0 : parser.inHeaderState();
    }

    @Override
    public void close() {
        sweeper.shutdownNow();
    }
}
