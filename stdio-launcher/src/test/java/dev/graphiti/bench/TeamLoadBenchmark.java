package dev.graphiti.bench;

import dev.graphiti.http.HttpTransportConfig;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.http.HttpClient;
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
 * (200) calls, alternating graphiti_search over a generated graph of {@code bench.items} (300) facts and
 * ping, against embedded Jetty with a bearer token. Prints p50/p99 per kind and the error count; exits 1
 * on any error. Run by scripts/bench-load.
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
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(10)).build();
            System.out.printf("graphiti team-server load: %d sessions x %d calls (graphiti_search / ping), "
                    + "graph of %d items, GRAPHITI_HOME %s%n", SESSIONS, CALLS_PER_SESSION, ITEMS, server.home());
            long seeded = seed(client, server);
            System.out.printf("seeded %d items in %d ms%n", ITEMS, seeded);
            run(client, server);
        }
    }

    private static long seed(HttpClient client, TeamServer server) throws Exception {
        long start = System.nanoTime();
        try (var peer = new HttpPeer(client, server.endpoint(), server.authorization())) {
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

    private static void run(HttpClient client, TeamServer server) throws Exception {
        var searches = new ConcurrentLinkedQueue<Long>();
        var pings = new ConcurrentLinkedQueue<Long>();
        var errors = new AtomicLong();
        var firstErrors = new ConcurrentLinkedQueue<String>();
        ExecutorService pool = Executors.newFixedThreadPool(SESSIONS);
        long start = System.nanoTime();
        try {
            List<Future<?>> sessions = new ArrayList<>();
            for (int s = 0; s < SESSIONS; s++) {
                int session = s;
                sessions.add(pool.submit(() -> {
                    try (var peer = new HttpPeer(client, server.endpoint(), server.authorization())) {
                        peer.handshake();
                        for (int i = 1; i <= CALLS_PER_SESSION; i++) {
                            boolean search = i % 2 == 1;
                            JsonObject message = search
                                    ? McpPeer.toolCall(i, "graphiti_search", Json.createObjectBuilder()
                                            .add("query", TOPICS[(session + i) % TOPICS.length] + " "
                                                    + VERBS[i % VERBS.length])
                                            .add("scope", "global").add("limit", 5).build())
                                    : Json.createObjectBuilder().add("jsonrpc", "2.0").add("id", i).add("method", "ping").build();
                            long t0 = System.nanoTime();
                            try {
                                JsonObject response = peer.request(message);
                                if (search) {
                                    McpPeer.requireSuccess(response);
                                } else if (response.containsKey("error")) {
                                    throw new IllegalStateException("ping: " + response);
                                }
                                (search ? searches : pings).add(System.nanoTime() - t0);
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
        var search = latencies(searches);
        var ping = latencies(pings);
        var all = latencies(join(searches, pings));
        System.out.printf(Locale.ROOT, "%-18s %8s %10s %10s%n", "calls", "count", "p50 ms", "p99 ms");
        row("graphiti_search", search);
        row("ping", ping);
        row("all", all);
        System.out.printf(Locale.ROOT, "throughput %.0f calls/s over %.1f s; errors %d; sessions still open %d%n",
                all.nanos().length / seconds, seconds, errors.get(), server.sessions());
        firstErrors.forEach(e -> System.out.println("error: " + e));
        if (errors.get() > 0 || all.nanos().length != (long) SESSIONS * CALLS_PER_SESSION) {
            System.out.println("FAILED: every call must succeed");
            System.exit(1);
        }
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
