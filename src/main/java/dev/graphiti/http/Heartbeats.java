package dev.graphiti.http;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One daemon timer for the transport: heartbeat comments on open SSE streams, the periodic sweep of
 * idle sessions and body-read deadlines. Its tasks only write a few bytes or close sessions and
 * connections, never run tools.
 */
final class Heartbeats implements AutoCloseable {

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "mcp-http-timer");
        thread.setDaemon(true);
        return thread;
    });

    ScheduledFuture<?> every(Duration interval, Runnable task) {
        long millis = interval.toMillis();
        return timer.scheduleWithFixedDelay(task, millis, millis, TimeUnit.MILLISECONDS);
    }

    ScheduledFuture<?> after(Duration delay, Runnable task) {
        return timer.schedule(task, delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
