package dev.graphiti.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * scripts/bench-slow-clients: starts the packaged server fresh ({@code java -jar graphiti.jar mcp serve
 * --transport http} on a free loopback port, tokenless, its own GRAPHITI_HOME), measures a few normal
 * clients (initialize, then pings) alone, then again while N slow clients each hold a POST open by
 * sending its body one byte a second. Prints one table row per phase: requests, errors (non-200 or no
 * answer within the client timeout), p50/p99/max latency, and how many slow connections the server cut.
 * Bounded: at most 5,000 slow connections and 120 s per phase.
 *
 * <p>Settings (system properties): bench.slow (500), bench.seconds (20), bench.clients (4),
 * bench.timeoutSeconds (5), bench.jar (stdio-launcher/target/graphiti.jar), to compare two builds.
 */
final class SlowClientBenchmark {

    private static final Pattern URL = Pattern.compile("(http://127\\.0\\.0\\.1:(\\d+)/mcp)");
    private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"bench\",\"version\":\"1\"}}}";

    private record Phase(String name, int slow, int requests, int errors, Latencies latencies, int cut) {
    }

    public static void main(String[] args) throws Exception {
        int slow = Math.min(5_000, Integer.getInteger("bench.slow", 500));
        int seconds = Math.min(120, Integer.getInteger("bench.seconds", 20));
        int clients = Math.min(64, Integer.getInteger("bench.clients", 4));
        Duration timeout = Duration.ofSeconds(Integer.getInteger("bench.timeoutSeconds", 5));
        Path jar = Path.of(System.getProperty("bench.jar", "stdio-launcher/target/graphiti.jar"));
        System.out.printf("slow-client benchmark: %s, %d slow clients at 1 byte/s, %d normal clients, %d s per phase,"
                + " client timeout %d s; %s%n", jar, slow, clients, seconds, timeout.toSeconds(), Measurement.load());
        Path home = Files.createTempDirectory("graphiti-bench-slow");
        var server = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", jar.toAbsolutePath().toString(), "mcp", "serve", "--transport", "http", "--port", "0")
                .directory(home.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        server.environment().put("GRAPHITI_HOME", home.toString());
        server.environment().remove("GRAPHITI_HTTP_TOKEN");
        Process process = server.start();
        var stackLines = new AtomicInteger();
        String url = awaitUrl(process, stackLines);
        try {
            measure("warm-up", URI.create(url), 0, clients, 3, timeout); // JIT: the first phase would pay for it
            List<Phase> phases = new ArrayList<>();
            phases.add(measure("alone", URI.create(url), 0, clients, seconds, timeout));
            var attack = new SlowConnections(URI.create(url), slow);
            try {
                attack.open();
                phases.add(measure("with slow clients", URI.create(url), slow, clients, seconds, timeout, attack));
            } finally {
                attack.close();
            }
            System.out.println();
            System.out.println("| phase | slow connections | requests | errors | p50 ms | p99 ms | max ms | slow connections cut by the server |");
            System.out.println("|---|---|---|---|---|---|---|---|");
            for (Phase phase : phases) {
                System.out.printf(Locale.ROOT, "| %s | %d | %d | %d | %.2f | %.2f | %.2f | %d |%n", phase.name(), phase.slow(),
                        phase.requests(), phase.errors(), phase.latencies().p50(), phase.latencies().p99(),
                        phase.latencies().percentileMillis(100), phase.cut());
            }
            System.out.printf("server alive: %s; stack-trace lines in its log: %d; %s%n", process.isAlive(), stackLines.get(),
                    Measurement.load());
        } finally {
            process.destroy();
            process.waitFor(10, TimeUnit.SECONDS);
            process.destroyForcibly();
        }
    }

    private static Phase measure(String name, URI url, int slow, int clients, int seconds, Duration timeout) throws Exception {
        return measure(name, url, slow, clients, seconds, timeout, null);
    }

    /** {@code clients} threads, each with its own session, ping for {@code seconds}; every answer's latency is kept. */
    private static Phase measure(String name, URI url, int slow, int clients, int seconds, Duration timeout,
                                 SlowConnections attack) throws Exception {
        var http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout).build();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<Long> nanos = new CopyOnWriteArrayList<>();
        var requests = new AtomicInteger();
        var errors = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            Thread thread = new Thread(() -> {
                String session = null;
                int id = 1;
                while (System.nanoTime() < end) {
                    String body = session == null ? INIT : "{\"jsonrpc\":\"2.0\",\"id\":" + id++ + ",\"method\":\"ping\"}";
                    var request = HttpRequest.newBuilder(url).timeout(timeout)
                            .header("Accept", "application/json, text/event-stream").header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(body));
                    if (session != null) {
                        request.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", "2025-11-25");
                    }
                    long start = System.nanoTime();
                    requests.incrementAndGet();
                    try {
                        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
                        if (response.statusCode() != 200) {
                            errors.incrementAndGet();
                            pause();
                            continue;
                        }
                        nanos.add(System.nanoTime() - start);
                        if (session == null) {
                            session = response.headers().firstValue("Mcp-Session-Id").orElse(null);
                        }
                    } catch (IOException e) {
                        errors.incrementAndGet();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "normal-client-" + c);
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.join();
        }
        long[] samples = nanos.stream().mapToLong(Long::longValue).toArray();
        return new Phase(name, slow, requests.get(), errors.get(), new Latencies(samples), attack == null ? 0 : attack.cut());
    }

    private static void pause() {
        try {
            TimeUnit.MILLISECONDS.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Reads the server's stderr for its URL, then keeps draining it, counting stack-trace lines. */
    private static String awaitUrl(Process process, AtomicInteger stackLines) throws Exception {
        var reader = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = reader.readLine()) != null) {
            Matcher matcher = URL.matcher(line);
            if (matcher.find()) {
                Thread drain = new Thread(() -> {
                    try {
                        for (String next = reader.readLine(); next != null; next = reader.readLine()) {
                            if (next.startsWith("\tat ")) {
                                stackLines.incrementAndGet();
                            }
                        }
                    } catch (IOException e) {
                        // the server ended
                    }
                });
                drain.setDaemon(true);
                drain.start();
                return matcher.group(1);
            }
        }
        throw new IllegalStateException("the server did not start (exit " + process.waitFor() + ")");
    }

    /**
     * N sockets, each with a POST's headers announcing a 100,000-byte body, then one body byte per second
     * from one thread. A write that fails means the server cut the connection.
     */
    private static final class SlowConnections implements AutoCloseable {

        private final URI url;
        private final int count;
        private final List<Socket> open = new CopyOnWriteArrayList<>();
        private final AtomicInteger cut = new AtomicInteger();
        private volatile boolean running = true;
        private Thread trickle;

        SlowConnections(URI url, int count) {
            this.url = url;
            this.count = count;
        }

        void open() throws IOException {
            String head = "POST " + url.getPath() + " HTTP/1.1\r\nHost: " + url.getHost() + ":" + url.getPort()
                    + "\r\nAccept: application/json, text/event-stream\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 100000\r\n\r\n{";
            for (int i = 0; i < count; i++) {
                var socket = new Socket(url.getHost(), url.getPort());
                socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
                socket.getOutputStream().flush();
                open.add(socket);
            }
            trickle = new Thread(() -> {
                while (running) {
                    for (Socket socket : open) {
                        try {
                            OutputStream out = socket.getOutputStream();
                            out.write(' ');
                            out.flush();
                        } catch (IOException e) {
                            cut.incrementAndGet();
                            open.remove(socket);
                        }
                    }
                    pause(1000);
                }
            }, "slow-clients");
            trickle.setDaemon(true);
            trickle.start();
        }

        int cut() {
            return cut.get();
        }

        private static void pause(long millis) {
            try {
                TimeUnit.MILLISECONDS.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void close() throws Exception {
            running = false;
            if (trickle != null) {
                trickle.join(5_000);
            }
            for (Socket socket : open) {
                socket.close();
            }
        }
    }
}
