package dev.graphiti.bench;

import java.io.BufferedWriter;
import java.io.IOException;
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
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * scripts/bench-hostile-imports (issue 28): the packaged server (HTTP, tokenless, loopback, in a git project) answers a
 * normal client's graphiti_list calls alone, then while N other sessions each keep one import of a large, legal file
 * going (the memory server's format, 200,000 entities: the slowest thing a client may ask; a refused or finished one
 * asks again). Prints the normal client's p50/p99/max per phase and their ratio, and what became of the imports
 * (stopped at the timeout, refused while the long-command slots were taken, finished).
 *
 * <p>Settings (system properties): bench.hostile (20), bench.seconds (30), bench.entities (200000),
 * bench.timeoutSeconds (the server's graphiti.mcp.timeout-seconds, 60), bench.jar (stdio-launcher/target/graphiti.jar).
 */
final class HostileImportBenchmark {

    private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"bench\",\"version\":\"1\"}}}";

    private record Phase(String name, int requests, int errors, Latencies latencies) {
        Phase named(String value) {
            return new Phase(value, requests, errors, latencies);
        }
    }

    public static void main(String[] args) throws Exception {
        int hostile = Math.min(200, Integer.getInteger("bench.hostile", 20));
        int seconds = Math.min(600, Integer.getInteger("bench.seconds", 30));
        int entities = Math.min(2_000_000, Integer.getInteger("bench.entities", 200_000));
        int timeoutSeconds = Integer.getInteger("bench.timeoutSeconds", 60);
        Path jar = Path.of(System.getProperty("bench.jar", "stdio-launcher/target/graphiti.jar"));
        System.out.printf("hostile-import benchmark: %s, %d hostile sessions importing %,d entities each, %d s per phase,"
                + " tool timeout %d s; %s%n", jar, hostile, entities, seconds, timeoutSeconds, Measurement.load());
        Path project = Files.createTempDirectory("graphiti-bench-hostile").toRealPath();
        git(project, "init", "-q", "-b", "main");
        Path file = project.resolve("memory.jsonl");
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int i = 0; i < entities; i++) {
                out.write("{\"type\":\"entity\",\"name\":\"component-" + i + "\",\"entityType\":\"component\",\"observations\":"
                        + "[\"Component " + i + " retries its writes " + (i % 7 + 2) + " times before it gives up\"]}\n");
            }
        }
        try (var server = JarServer.start(jar, project, project.resolve("server.log"),
                Map.of("graphiti.mcp.timeout-seconds", Integer.toString(timeoutSeconds), "graphiti.semantic", "off"),
                Map.of("GRAPHITI_HOME", project.resolve("home").toString()))) {
            var http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
            URI url = server.endpoint();
            String normal = open(http, url);
            for (int i = 0; i < 50; i++) {
                call(http, url, normal, "graphiti_add", "{\"content\":\"Decision " + i + ": the importer commits every 500 rows\"}");
            }
            measure(http, url, normal, 5); // warm-up: the JIT
            List<Phase> phases = new ArrayList<>();
            phases.add(measure(http, url, normal, seconds).named("alone"));
            var running = new AtomicBoolean(true);
            var stopped = new AtomicInteger();
            var refused = new AtomicInteger();
            var finished = new AtomicInteger();
            var failed = new AtomicInteger();
            List<Thread> attackers = new ArrayList<>();
            String importArgs = "{\"path\":\"" + file + "\"}";
            for (int h = 0; h < hostile; h++) {
                Thread thread = new Thread(() -> {
                    try {
                        String session = open(http, url);
                        while (running.get()) {
                            String answer = call(http, url, session, "graphiti_import", importArgs);
                            if (answer.contains("did not finish in time")) {
                                stopped.incrementAndGet();
                            } else if (answer.contains("long-commands")) {
                                refused.incrementAndGet();
                                TimeUnit.SECONDS.sleep(1);
                            } else if (!answer.contains("\"isError\":true")) {
                                finished.incrementAndGet();
                            } else {
                                failed.incrementAndGet();
                            }
                        }
                    } catch (IOException e) {
                        failed.incrementAndGet();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }, "hostile-" + h);
                thread.setDaemon(true);
                thread.start();
                attackers.add(thread);
            }
            TimeUnit.SECONDS.sleep(3); // the imports under way
            phases.add(measure(http, url, normal, seconds).named("with " + hostile + " hostile imports"));
            running.set(false);
            System.out.println();
            System.out.println("| phase | graphiti_list calls | errors | p50 ms | p99 ms | max ms |");
            System.out.println("|---|---|---|---|---|---|");
            for (Phase phase : phases) {
                System.out.printf(Locale.ROOT, "| %s | %d | %d | %.1f | %.1f | %.1f |%n", phase.name(), phase.requests(),
                        phase.errors(), phase.latencies().p50(), phase.latencies().p99(), phase.latencies().percentileMillis(100));
            }
            System.out.printf(Locale.ROOT, "p99 with the imports / alone: %.2fx; imports stopped at the timeout %d, refused"
                            + " (long-command slots taken) %d, finished %d, other answers %d; server alive: %s; %s%n",
                    phases.get(1).latencies().p99() / phases.get(0).latencies().p99(), stopped.get(), refused.get(),
                    finished.get(), failed.get(), server.isAlive(), Measurement.load());
        }
    }

    /** The normal client: graphiti_list calls one after another for {@code seconds}; each answer's latency is kept. */
    private static Phase measure(HttpClient http, URI url, String session, int seconds) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<Long> nanos = new CopyOnWriteArrayList<>();
        int requests = 0;
        int errors = 0;
        while (System.nanoTime() < end) {
            long start = System.nanoTime();
            requests++;
            try {
                String answer = call(http, url, session, "graphiti_list", "{\"limit\":10}");
                if (answer.contains("\"isError\":true") || !answer.contains("\"result\"")) {
                    errors++;
                    continue;
                }
                nanos.add(System.nanoTime() - start);
            } catch (IOException e) {
                errors++;
            }
        }
        return new Phase("", requests, errors, new Latencies(nanos.stream().mapToLong(Long::longValue).toArray()));
    }

    private static String open(HttpClient http, URI url) throws IOException, InterruptedException {
        HttpResponse<String> init = http.send(post(url, null, INIT).build(), HttpResponse.BodyHandlers.ofString());
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow(() -> new IOException(init.body()));
        http.send(post(url, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}").build(),
                HttpResponse.BodyHandlers.discarding());
        return session;
    }

    private static String call(HttpClient http, URI url, String session, String tool, String arguments)
            throws IOException, InterruptedException {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + "}}";
        return http.send(post(url, session, body).timeout(Duration.ofMinutes(5)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    private static HttpRequest.Builder post(URI url, String session, String body) {
        var request = HttpRequest.newBuilder(url).header("Accept", "application/json, text/event-stream")
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        if (session != null) {
            request.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", "2025-11-25");
        }
        return request;
    }

    private static void git(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        process.getInputStream().readAllBytes();
        if (process.waitFor() != 0) {
            throw new IOException("git " + String.join(" ", args) + " failed");
        }
    }
}
