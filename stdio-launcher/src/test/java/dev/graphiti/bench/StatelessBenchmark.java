package dev.graphiti.bench;

import jakarta.json.JsonObject;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The two eras over HTTP in one run against one server process (the fixture server, tool test_simple_text):
 * a 2025-11-25 session (initialize once, then calls with Mcp-Session-Id) and 2026-07-28 stateless calls (no
 * session; version, capabilities and standard headers on every request). Measured in alternating blocks so
 * load on the machine hits both alike: per-call latency on one kept-alive connection, the server's CPU time
 * per call, throughput with concurrent clients, and a new client's first answer (2025: initialize,
 * initialized, call, DELETE; 2026: the call). Run by scripts/bench-stateless.
 */
public final class StatelessBenchmark {

    private static final int WARMUP = Integer.getInteger("bench.warmup", 20_000);
    private static final int BLOCKS = Integer.getInteger("bench.blocks", 10);
    private static final int BLOCK_CALLS = Integer.getInteger("bench.blockCalls", 500);
    private static final int CLIENTS = Integer.getInteger("bench.clients", 16);
    private static final int CLIENT_CALLS = Integer.getInteger("bench.clientCalls", 500);
    private static final int FIRST_CALLS = Integer.getInteger("bench.firstCalls", 500);
    private static final String TOOL = "test_simple_text";
    private static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{},\"io.modelcontextprotocol/clientInfo\":{\"name\":\"bench\",\"version\":\"1\"}}";

    private StatelessBenchmark() {
    }

    /** One era's way of calling the tool on a connection. */
    private interface Era {
        String name();

        HttpPeer open(URI endpoint) throws Exception;

        void call(HttpPeer peer, long id) throws Exception;
    }

    private static final Era SESSION = new Era() {
        public String name() {
            return "2025-11-25 session";
        }

        public HttpPeer open(URI endpoint) throws Exception {
            var peer = new HttpPeer(endpoint);
            peer.handshake();
            return peer;
        }

        public void call(HttpPeer peer, long id) throws Exception {
            McpPeer.requireSuccess(peer.request(McpPeer.toolCall(id, TOOL, JsonObject.EMPTY_JSON_OBJECT)));
        }
    };

    private static final Era STATELESS = new Era() {
        public String name() {
            return "2026-07-28 stateless";
        }

        public HttpPeer open(URI endpoint) throws Exception {
            return new HttpPeer(endpoint);
        }

        public void call(HttpPeer peer, long id) throws Exception {
            String message = "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + TOOL
                    + "\",\"arguments\":{}," + META + "}}";
            McpPeer.requireSuccess(peer.statelessRequest(Long.toString(id), "tools/call", TOOL, message));
        }
    };

    public static void main(String[] args) throws Exception {
        String command = System.getProperty("bench.server");
        if (command == null) {
            throw new IllegalArgumentException("set -Dbench.server to the server command, {port} for its port");
        }
        int port;
        try (var socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        Path log = Files.createTempFile("graphiti-bench-stateless", ".log");
        Process server = new ProcessBuilder(command.replace("{port}", Integer.toString(port)).trim().split("\\s+"))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            TransportBenchmark.awaitListening(port, server);
            URI endpoint = URI.create("http://127.0.0.1:" + port + "/mcp");
            System.out.printf("stateless vs session over HTTP, one server process (log %s)%n", log);
            System.out.printf("  %d warm-up calls per era; %d alternating blocks of %d calls; %d clients x %d calls; %d first calls%n%n",
                    WARMUP, BLOCKS, BLOCK_CALLS, CLIENTS, CLIENT_CALLS, FIRST_CALLS);
            List<Era> eras = List.of(SESSION, STATELESS);
            try (HttpPeer a = SESSION.open(endpoint); HttpPeer b = STATELESS.open(endpoint)) {
                List<HttpPeer> peers = List.of(a, b);
                for (int i = 0; i < 2; i++) {
                    for (int n = 0; n < WARMUP; n++) {
                        eras.get(i).call(peers.get(i), n + 1);
                    }
                }
                long[][] nanos = new long[2][BLOCKS * BLOCK_CALLS];
                long[] cpu = new long[2];
                for (int block = 0; block < BLOCKS; block++) {
                    for (int i = 0; i < 2; i++) {
                        int era = (block % 2 == 0) ? i : 1 - i;
                        long cpuBefore = cpuNanos(server);
                        for (int n = 0; n < BLOCK_CALLS; n++) {
                            long start = System.nanoTime();
                            eras.get(era).call(peers.get(era), n + 1);
                            nanos[era][block * BLOCK_CALLS + n] = System.nanoTime() - start;
                        }
                        cpu[era] += cpuNanos(server) - cpuBefore;
                    }
                }
                System.out.printf("%-22s %9s %9s %9s %14s%n", "sequential calls", "p50 ms", "p95 ms", "p99 ms", "server CPU/call");
                for (int i = 0; i < 2; i++) {
                    var latencies = new Latencies(nanos[i]);
                    System.out.printf("%-22s %9.3f %9.3f %9.3f %11.1f us%n", eras.get(i).name(), latencies.p50(),
                            latencies.percentileMillis(95), latencies.p99(), cpu[i] / 1e3 / (BLOCKS * BLOCK_CALLS));
                }
            }
            System.out.printf("%n%-22s %14s %14s%n", "throughput", "calls/s", "server CPU/call");
            double[] rates = new double[2];
            long[] cpu = new long[2];
            for (int round = 0; round < 3; round++) { // round 0 warms up under concurrency
                for (int i = 0; i < 2; i++) {
                    int era = (round % 2 == 0) ? i : 1 - i;
                    long cpuBefore = cpuNanos(server);
                    double rate = throughput(endpoint, eras.get(era));
                    if (round > 0) {
                        rates[era] += rate / 2;
                        cpu[era] += cpuNanos(server) - cpuBefore;
                    }
                }
            }
            for (int i = 0; i < 2; i++) {
                System.out.printf("%-22s %14.0f %11.1f us%n", eras.get(i).name(), rates[i], cpu[i] / 1e3 / (2.0 * CLIENTS * CLIENT_CALLS));
            }
            System.out.printf("%n%-22s %9s %9s%n", "a new client's answer", "p50 ms", "p95 ms");
            long[][] first = new long[2][FIRST_CALLS];
            for (int n = 0; n < FIRST_CALLS; n++) {
                for (int i = 0; i < 2; i++) {
                    long start = System.nanoTime();
                    try (HttpPeer peer = eras.get(i).open(endpoint)) {
                        eras.get(i).call(peer, 1);
                    }
                    first[i][n] = System.nanoTime() - start;
                }
            }
            for (int i = 0; i < 2; i++) {
                var latencies = new Latencies(first[i]);
                System.out.printf("%-22s %9.3f %9.3f%n", eras.get(i).name(), latencies.p50(), latencies.percentileMillis(95));
            }
        } finally {
            server.destroy();
            server.waitFor();
        }
    }

    private static double throughput(URI endpoint, Era era) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        try {
            List<Future<?>> clients = new ArrayList<>();
            long start = System.nanoTime();
            for (int c = 0; c < CLIENTS; c++) {
                clients.add(pool.submit(() -> {
                    try (HttpPeer peer = era.open(endpoint)) {
                        for (int n = 0; n < CLIENT_CALLS; n++) {
                            era.call(peer, n + 1);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> client : clients) {
                client.get();
            }
            return CLIENTS * (double) CLIENT_CALLS / ((System.nanoTime() - start) / 1e9);
        } finally {
            pool.shutdownNow();
        }
    }

    private static long cpuNanos(Process server) {
        return server.info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
    }
}
