package dev.graphiti.bench;

import dev.graphiti.http.HttpTransportConfig;
import jakarta.json.Json;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Soak: for {@code soak.seconds} (300) {@code soak.clients} (4) clients keep opening sessions (initialize,
 * one graphiti_search), each pausing {@code soak.pauseMillis} (400) between them, and abandoning them
 * without DELETE, as crashed or careless agents do: about 10 new sessions a second. The server (embedded
 * Jetty, idle expiry {@code soak.idleSeconds} (10), at most {@code soak.maxSessions} (100) sessions) must keep both its
 * session count and its heap bounded. Prints a line every {@code soak.sampleSeconds} (10): sessions opened,
 * refused because full (503), live sessions, heap used after a GC. Exits 1 when the session count passed
 * the maximum, a request failed otherwise, or the heap at the end is over twice the first sample's.
 * Run by scripts/soak.
 */
public final class SessionSoak {

    private static final long SECONDS = Long.getLong("soak.seconds", 300);
    private static final int IDLE_SECONDS = Integer.getInteger("soak.idleSeconds", 10);
    private static final int MAX_SESSIONS = Integer.getInteger("soak.maxSessions", 100);
    private static final int CLIENTS = Integer.getInteger("soak.clients", 4);
    private static final long PAUSE_MILLIS = Long.getLong("soak.pauseMillis", 400);
    private static final long SAMPLE_SECONDS = Long.getLong("soak.sampleSeconds", 10);

    private SessionSoak() {
    }

    public static void main(String[] args) throws Exception {
        var config = HttpTransportConfig.forBinding("127.0.0.1")
                .withLimits(HttpTransportConfig.DEFAULT_MAX_BODY_BYTES, MAX_SESSIONS, Duration.ofSeconds(IDLE_SECONDS))
                .withInitializeRate(1_000_000);
        var opened = new AtomicLong();
        var full = new AtomicLong();
        var failed = new AtomicLong();
        try (var server = TeamServer.start(config)) {
            System.out.printf("graphiti session soak: %d s, %d clients opening and abandoning sessions; idle expiry %d s, "
                    + "at most %d sessions%n", SECONDS, CLIENTS, IDLE_SECONDS, MAX_SESSIONS);
            System.out.printf(Locale.ROOT, "%8s %10s %10s %8s %10s %12s%n", "time s", "opened", "refused503", "failed",
                    "sessions", "heap MB");
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(SECONDS);
            ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
            for (int c = 0; c < CLIENTS; c++) {
                pool.submit(() -> {
                    while (System.nanoTime() < end && !Thread.currentThread().isInterrupted()) {
                        abandonOne(server, opened, full, failed);
                        TimeUnit.MILLISECONDS.sleep(PAUSE_MILLIS);
                    }
                    return null;
                });
            }
            List<double[]> samples = new ArrayList<>();
            int maxSeen = 0;
            long start = System.nanoTime();
            while (System.nanoTime() < end) {
                TimeUnit.SECONDS.sleep(Math.min(SAMPLE_SECONDS, Math.max(1, TimeUnit.NANOSECONDS.toSeconds(end - System.nanoTime()))));
                int sessions = server.sessions();
                maxSeen = Math.max(maxSeen, sessions);
                double heap = heapAfterGcMb();
                samples.add(new double[] {heap});
                System.out.printf(Locale.ROOT, "%8d %10d %10d %8d %10d %12.1f%n",
                        TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start), opened.get(), full.get(), failed.get(),
                        sessions, heap);
            }
            pool.shutdownNow();
            pool.awaitTermination(30, TimeUnit.SECONDS);
            double first = samples.get(0)[0];
            double last = samples.get(samples.size() - 1)[0];
            double peak = samples.stream().mapToDouble(s -> s[0]).max().orElse(0);
            System.out.printf(Locale.ROOT, "sessions: max %d of %d allowed; heap after GC: first %.1f MB, peak %.1f MB, "
                    + "last %.1f MB; %d opened, %d refused while full, %d failed%n",
                    maxSeen, MAX_SESSIONS, first, peak, last, opened.get(), full.get(), failed.get());
            boolean ok = maxSeen <= MAX_SESSIONS && failed.get() == 0 && last <= Math.max(2 * first, first + 64);
            System.out.println(ok ? "OK: session count and heap stayed bounded" : "FAILED");
            if (!ok) {
                System.exit(1);
            }
        }
    }

    /** Opens a session, makes one call and walks away without DELETE. */
    private static void abandonOne(TeamServer server, AtomicLong opened, AtomicLong full, AtomicLong failed)
            throws InterruptedException {
        try (var peer = new HttpPeer(server.endpoint(), server.authorization())) {
            peer.abandonSession();
            peer.handshake();
            opened.incrementAndGet();
            McpPeer.requireSuccess(peer.request(McpPeer.toolCall(1, "graphiti_search", Json.createObjectBuilder()
                    .add("query", "session soak").add("scope", "global").build())));
        } catch (IOException e) {
            if (e.getMessage() != null && e.getMessage().startsWith("HTTP 503")) {
                full.incrementAndGet();
                TimeUnit.MILLISECONDS.sleep(200);
            } else {
                failed.incrementAndGet();
            }
        } catch (RuntimeException e) {
            failed.incrementAndGet();
        }
    }

    private static double heapAfterGcMb() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / (1024.0 * 1024.0);
    }
}
