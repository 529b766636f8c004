package dev.graphiti.bench;

import dev.graphiti.http.HttpTransportConfig;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Team-server load: {@code bench.sessions} (50) concurrent sessions, each making {@code bench.callsPerSession}
 * (200) tool calls against embedded Jetty with a bearer token: graphiti_search over a generated graph of
 * {@code bench.items} (300) facts, and every tenth call a graphiti_add of a new fact (writers and readers
 * share one SQLite graph, as a team does). Prints p50/p99 per tool, the error count and the process CPU
 * time (client and server share this JVM); exits 1 on any error. Run by scripts/bench-load.
 */
public final class TeamLoadBenchmark {

    private static final int SESSIONS = Integer.getInteger("bench.sessions", 50);
    private static final int CALLS_PER_SESSION = Integer.getInteger("bench.callsPerSession", 200);
    private static final int ITEMS = Integer.getInteger("bench.items", 300);
    private static final String[] TOPICS = {"sqlite", "jetty", "token", "session", "graph", "search", "cache",
        "payara", "index", "budget", "schema", "retry"};
    private static final String[] VERBS = {"uses", "replaces", "limits", "caches", "validates", "indexes"};

    private TeamLoadBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        var config = HttpTransportConfig.forBinding("127.0.0.1")
                .withLimits(HttpTransportConfig.DEFAULT_MAX_BODY_BYTES, Math.max(256, SESSIONS * 2), Duration.ofMinutes(30))
                .withInitializeRate(Math.max(60, SESSIONS * 2));
        try (var server = TeamServer.start(config)) {
            System.out.printf("graphiti team-server load: %d sessions x %d tool calls (graphiti_search, every tenth "
                    + "graphiti_add), graph of %d items, GRAPHITI_HOME %s%n", SESSIONS, CALLS_PER_SESSION, ITEMS, server.home());
            long seeded = seed(server);
            System.out.printf("seeded %d items in %d ms%n", ITEMS, seeded);
            run(server);
        }
    }

    private static long seed(TeamServer server) throws Exception {
        long start = System.nanoTime();
        try (var peer = new HttpPeer(server.endpoint(), server.authorization())) {
            peer.handshake();
            for (int i = 0; i < ITEMS; i++) {
                String topic = TOPICS[i % TOPICS.length];
                String content = "Item " + i + ": the " + topic + " layer " + VERBS[i % VERBS.length] + " "
                        + TOPICS[(i * 7 + 3) % TOPICS.length] + " because of constraint " + (i * 31 % 97);
                McpPeer.requireSuccess(peer.request(McpPeer.toolCall(i + 1, "graphiti_add", Json.createObjectBuilder()
                        .add("content", content).add("kind", "decision").add("scope", "global").build())));
            }
        }
        return (System.nanoTime() - start) / 1_000_000;
    }

    private static void run(TeamServer server) throws Exception {
        var searches = new ConcurrentLinkedQueue<Long>();
        var adds = new ConcurrentLinkedQueue<Long>();
        var errors = new AtomicLong();
        var firstErrors = new ConcurrentLinkedQueue<String>();
        ExecutorService pool = Executors.newFixedThreadPool(SESSIONS);
        long start = System.nanoTime();
        long cpuStart = processCpuNanos();
        try {
            List<Future<?>> sessions = new ArrayList<>();
            for (int s = 0; s < SESSIONS; s++) {
                int session = s;
                sessions.add(pool.submit(() -> {
                    try (var peer = new HttpPeer(server.endpoint(), server.authorization())) {
                        peer.handshake();
                        for (int i = 1; i <= CALLS_PER_SESSION; i++) {
                            boolean add = i % 10 == 0;
                            JsonObject message = add
                                    ? McpPeer.toolCall(i, "graphiti_add", Json.createObjectBuilder()
                                            .add("content", "Session " + session + " learned fact " + i + ": the "
                                                    + TOPICS[(session + i) % TOPICS.length] + " layer "
                                                    + VERBS[i % VERBS.length] + " requests under load")
                                            .add("kind", "note").add("scope", "global").build())
                                    : McpPeer.toolCall(i, "graphiti_search", Json.createObjectBuilder()
                                            .add("query", TOPICS[(session + i) % TOPICS.length] + " "
                                                    + VERBS[i % VERBS.length])
                                            .add("scope", "global").add("limit", 5).build());
                            long t0 = System.nanoTime();
                            try {
                                McpPeer.requireSuccess(peer.request(message));
                                (add ? adds : searches).add(System.nanoTime() - t0);
                            } catch (Exception e) {
                                record(errors, firstErrors, e);
                            }
                        }
                    } catch (Exception e) {
                        record(errors, firstErrors, e);
                    }
                    return null;
                }));
            }
            for (Future<?> session : sessions) {
                session.get();
            }
        } finally {
            pool.shutdownNow();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = (processCpuNanos() - cpuStart) / 1e9;
        var search = latencies(searches);
        var add = latencies(adds);
        var all = latencies(join(searches, adds));
        System.out.printf(Locale.ROOT, "%-18s %8s %10s %10s%n", "calls", "count", "p50 ms", "p99 ms");
        row("graphiti_search", search);
        row("graphiti_add", add);
        row("all", all);
        System.out.printf(Locale.ROOT, "throughput %.0f tool calls/s over %.1f s wall, %.1f s process CPU "
                + "(%d cores); errors %d; sessions still open %d%n", all.nanos().length / seconds, seconds, cpuSeconds,
                Runtime.getRuntime().availableProcessors(), errors.get(), server.sessions());
        firstErrors.forEach(e -> System.out.println("error: " + e));
        if (errors.get() > 0 || all.nanos().length != (long) SESSIONS * CALLS_PER_SESSION) {
            System.out.println("FAILED: every call must succeed");
            System.exit(1);
        }
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static void record(AtomicLong errors, ConcurrentLinkedQueue<String> first, Exception e) {
        if (errors.incrementAndGet() <= 5) {
            first.add(e.toString());
        }
    }

    private static List<Long> join(ConcurrentLinkedQueue<Long> a, ConcurrentLinkedQueue<Long> b) {
        var all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static Latencies latencies(java.util.Collection<Long> samples) {
        return new Latencies(samples.stream().mapToLong(Long::longValue).toArray());
    }

    private static void row(String name, Latencies latencies) {
        System.out.printf(Locale.ROOT, "%-18s %8d %10.2f %10.2f%n", name, latencies.nanos().length, latencies.p50(),
                latencies.p99());
    }
}
