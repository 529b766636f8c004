package dev.graphiti.bench;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Transport benchmark, graphiti against the TypeScript reference server, in one run with the same
 * client code for both: stdio cold start until initialize is answered, per-call latency over stdio
 * and HTTP, and HTTP throughput with many concurrent sessions. Run by scripts/bench-transport.
 *
 * <p>Cold starts alternate between the two servers run by run; {@code -Dbench.coldStartOnly=true} stops after them.
 * Each target is given by system properties {@code bench.<name>.coldStart}, {@code .stdio},
 * {@code .http} (space-separated command lines), {@code .tool} and {@code .args} (JSON).
 */
public final class TransportBenchmark {

    private static final int COLD_STARTS = Integer.getInteger("bench.coldStarts", 7);
    /**
     * Both servers run for a whole agent session, so calls are measured at steady state: the JVM's JIT
     * compiles the request path over the first few thousand calls (V8 sooner), and a short warm-up
     * measured graphiti's compiler rather than its server.
     */
    private static final int WARMUP_CALLS = Integer.getInteger("bench.warmup", 20_000);
    private static final int MEASURED_CALLS = Integer.getInteger("bench.calls", 5000);
    private static final int SESSIONS = Integer.getInteger("bench.sessions", 50);
    private static final int CALLS_PER_SESSION = Integer.getInteger("bench.callsPerSession", 200);

    private final Path logDir;

    private TransportBenchmark(Path logDir) {
        this.logDir = logDir;
    }

    public static void main(String[] args) throws Exception {
        Path logDir = Files.createTempDirectory("graphiti-bench");
        BenchTarget ours = target("graphiti");
        BenchTarget reference = target("reference");
        var bench = new TransportBenchmark(logDir);
        System.out.printf("graphiti transport benchmark (server stderr in %s)%n", logDir);
        System.out.printf("  %d cold starts, %d warm-up + %d measured calls, %d sessions x %d calls (twice: warm-up, measured)%n%n",
                COLD_STARTS, WARMUP_CALLS, MEASURED_CALLS, SESSIONS, CALLS_PER_SESSION);
        // Cold starts take turns, one of each at a time, so both meet the same machine (its load moves within a run).
        double[] cold = bench.coldStarts(ours, reference);
        if (Boolean.getBoolean("bench.coldStartOnly")) {
            row("stdio cold start to initialize (ms)", cold[0], cold[1], "<= 0.7x");
            return;
        }
        Results a = bench.measure(ours, cold[0]);
        Results b = bench.measure(reference, cold[1]);
        print(a, b);
    }

    private static BenchTarget target(String name) {
        String prefix = "bench." + name + ".";
        return new BenchTarget(name,
                command(prefix + "coldStart"), command(prefix + "stdio"), command(prefix + "http"),
                System.getProperty(prefix + "tool"),
                Json.createReader(new StringReader(System.getProperty(prefix + "args", "{}"))).readObject());
    }

    private static List<String> command(String property) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("missing system property " + property);
        }
        return Arrays.asList(value.trim().split("\\s+"));
    }

    record Results(String name, double coldStartMillis, Latencies stdio, Latencies http,
                   double throughput, long errors) {
    }

    private Results measure(BenchTarget target, double coldStart) throws Exception {
        System.out.printf("measuring %s ...%n", target.name());
        Path stderr = logDir.resolve(target.name() + ".log");
        Latencies stdio;
        try (var peer = new StdioPeer(target.stdioCommand(), stderr)) {
            peer.handshake();
            stdio = sequentialCalls(peer, target);
        }
        int port = freePort();
        var builder = new ProcessBuilder(target.httpCommand(port))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(stderr.toFile()));
        builder.environment().put("PORT", Integer.toString(port));
        Process server = builder.start();
        try {
            awaitListening(port, server);
            URI endpoint = URI.create("http://127.0.0.1:" + port + "/mcp");
            Latencies http;
            try (var peer = new HttpPeer(endpoint)) {
                peer.handshake();
                http = sequentialCalls(peer, target);
            }
            AtomicLong errors = new AtomicLong();
            // A first, unmeasured round warms each server under concurrency, as the sequential calls did alone.
            throughput(endpoint, target, errors);
            double throughput = throughput(endpoint, target, errors);
            return new Results(target.name(), coldStart, stdio, http, throughput, errors.get());
        } finally {
            server.destroy();
            server.waitFor();
        }
    }

    /** The median time to the initialize answer of each target, their runs alternating. */
    private double[] coldStarts(BenchTarget... targets) throws Exception {
        double[][] samples = new double[targets.length][COLD_STARTS];
        for (int i = 0; i < COLD_STARTS; i++) {
            for (int t = 0; t < targets.length; t++) {
                long start = System.nanoTime();
                try (var peer = new StdioPeer(targets[t].coldStartCommand(), logDir.resolve(targets[t].name() + ".log"))) {
                    peer.handshake();
                    samples[t][i] = (System.nanoTime() - start) / 1e6;
                }
            }
        }
        double[] medians = new double[targets.length];
        for (int t = 0; t < targets.length; t++) {
            Arrays.sort(samples[t]);
            medians[t] = samples[t][COLD_STARTS / 2];
            System.out.printf(Locale.ROOT, "cold start %s, sorted: %s ms%n", targets[t].name(), String.join(" ",
                    Arrays.stream(samples[t]).mapToObj(ms -> String.format(Locale.ROOT, "%.0f", ms)).toList()));
        }
        return medians;
    }

    private Latencies sequentialCalls(McpPeer peer, BenchTarget target) throws Exception {
        var call = ToolCallText.of(target.tool(), target.toolArguments());
        long id = 1;
        for (int i = 0; i < WARMUP_CALLS; i++, id++) {
            McpPeer.requireSuccess(peer.request(Long.toString(id), call.withId(id)));
        }
        long[] nanos = new long[MEASURED_CALLS];
        for (int i = 0; i < MEASURED_CALLS; i++, id++) {
            long start = System.nanoTime();
            McpPeer.requireSuccess(peer.request(Long.toString(id), call.withId(id)));
            nanos[i] = System.nanoTime() - start;
        }
        return new Latencies(nanos);
    }

    private double throughput(URI endpoint, BenchTarget target, AtomicLong errors)
            throws Exception {
        var call = ToolCallText.of(target.tool(), target.toolArguments());
        ExecutorService pool = Executors.newFixedThreadPool(SESSIONS);
        try {
            List<Future<?>> sessions = new ArrayList<>();
            long start = System.nanoTime();
            for (int s = 0; s < SESSIONS; s++) {
                sessions.add(pool.submit(() -> {
                    try (var peer = new HttpPeer(endpoint)) {
                        peer.handshake();
                        for (int i = 1; i <= CALLS_PER_SESSION; i++) {
                            try {
                                McpPeer.requireSuccess(peer.request(Integer.toString(i), call.withId(i)));
                            } catch (Exception e) {
                                errors.incrementAndGet();
                            }
                        }
                    } catch (Exception e) {
                        errors.addAndGet(CALLS_PER_SESSION);
                    }
                    return null;
                }));
            }
            for (Future<?> session : sessions) {
                session.get();
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            return (SESSIONS * (double) CALLS_PER_SESSION - errors.get()) / seconds;
        } finally {
            pool.shutdownNow();
        }
    }

    private static int freePort() throws IOException {
        try (var socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    static void awaitListening(int port, Process server) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            if (!server.isAlive()) {
                throw new IOException("HTTP server exited with " + server.exitValue() + " before listening");
            }
            try (var socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                Thread.sleep(50);
            }
        }
        throw new IOException("HTTP server did not listen on port " + port + " within 60 s");
    }

    private static void print(Results ours, Results reference) {
        System.out.println();
        System.out.printf(Locale.ROOT, "%-34s %12s %12s %8s %10s%n", "metric", ours.name(), reference.name(), "ratio", "target");
        row("stdio cold start to initialize (ms)", ours.coldStartMillis(), reference.coldStartMillis(), "<= 0.7x");
        row("stdio call p50 (ms)", ours.stdio().p50(), reference.stdio().p50(), "");
        row("stdio call p99 (ms)", ours.stdio().p99(), reference.stdio().p99(), "");
        row("http call p50 (ms)", ours.http().p50(), reference.http().p50(), "<= 0.2x");
        row("http call p99 (ms)", ours.http().p99(), reference.http().p99(), "<= 0.2x");
        row("http throughput, " + SESSIONS + " sessions (calls/s)", ours.throughput(), reference.throughput(), ">= 5x");
        System.out.printf(Locale.ROOT, "%-34s %12d %12d%n", "errors", ours.errors(), reference.errors());
    }

    private static void row(String metric, double ours, double reference, String target) {
        System.out.printf(Locale.ROOT, "%-34s %12.2f %12.2f %7.2fx %10s%n", metric, ours, reference, ours / reference, target);
    }
}
