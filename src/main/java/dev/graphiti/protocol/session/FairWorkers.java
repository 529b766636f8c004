package dev.graphiti.protocol.session;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;

/**
 * The worker threads that run requests, shared fairly among clients: each client (a connection: a stdio process, an
 * HTTP session) runs at most {@code perClient} requests at once, and when threads are scarce the clients with waiting
 * work take turns, one request each. Before, one queue served all in arrival order, so one client's calls that
 * block could take every thread while another session's list waited behind them.
 */
final class FairWorkers implements AutoCloseable {

    private final int threads;
    private final int perClient;
    private final ExecutorService pool;
    private final Map<Object, ArrayDeque<Runnable>> waiting = new HashMap<>();
    /** Clients with waiting work, in turn order. */
    private final ArrayDeque<Object> turns = new ArrayDeque<>();
    private final Map<Object, Integer> running = new HashMap<>();
    private int runningTotal;
    private boolean closed;

    FairWorkers(int threads, int perClient, String name) {
        if (threads < 1 || perClient < 1) {
            throw new IllegalArgumentException("threads and perClient must be positive: " + threads + ", " + perClient);
        }
        this.threads = threads;
        this.perClient = Math.min(perClient, threads);
        this.pool = McpServer.workerPool(threads, name);
    }

    /** A quarter of the threads for one client (at least one): three quarters stay for the others. */
    static FairWorkers of(int threads, String name) {
        return new FairWorkers(threads, Math.max(1, threads / 4), name);
    }

    /** Runs {@code task} for {@code client} when a thread and the client's share allow; throws once closed. */
    void execute(Object client, Runnable task) {
        synchronized (this) {
            if (closed) {
                throw new RejectedExecutionException("the workers are stopped");
            }
            ArrayDeque<Runnable> queue = waiting.computeIfAbsent(client, c -> new ArrayDeque<>());
            if (queue.isEmpty()) {
                turns.addLast(client);
            }
            queue.addLast(task);
        }
        dispatch();
    }

    /** Starts waiting work while threads are free: the next client in turn that is under its share goes first. */
    private void dispatch() {
        while (true) {
            Runnable next;
            Object client;
            synchronized (this) {
                if (closed || runningTotal >= threads) {
                    return;
                }
                client = nextClient();
                if (client == null) {
                    return;
                }
                ArrayDeque<Runnable> queue = waiting.get(client);
                next = queue.removeFirst();
                if (queue.isEmpty()) {
                    waiting.remove(client);
                } else {
                    turns.addLast(client);
                }
                running.merge(client, 1, Integer::sum);
                runningTotal++;
            }
            Object owner = client;
            Runnable task = next;
            try {
                pool.execute(() -> {
                    try {
                        task.run();
                    } finally {
                        finished(owner);
                    }
                });
            } catch (RejectedExecutionException e) {
                finished(owner);
                return;
            }
        }
    }

    /** Takes the first client in turn that may run one more request, or null. */
    private Object nextClient() {
        for (int i = turns.size(); i > 0; i--) {
            Object client = turns.removeFirst();
            if (running.getOrDefault(client, 0) < perClient) {
                return client;
            }
            turns.addLast(client);
        }
        return null;
    }

    private void finished(Object client) {
        synchronized (this) {
            running.computeIfPresent(client, (c, n) -> n == 1 ? null : n - 1);
            runningTotal--;
        }
        dispatch();
    }

    /** Stops the threads (interrupting what runs); waiting work is dropped. */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            waiting.clear();
            turns.clear();
        }
        pool.shutdownNow();
    }
}
