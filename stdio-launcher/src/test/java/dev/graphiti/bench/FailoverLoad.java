package dev.graphiti.bench;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Several 2026-07-28 clients (stateless: no session, so any instance serves any request) calling through one
 * endpoint, each alternating graphiti_add of a fact of its own with graphiti_search, while {@link #run} kills one
 * instance once a third of the adds are acknowledged. A client that sees a failure (502 from the proxy, a cut
 * connection, an error answer) counts it and sends the same add again, as an agent would: the add may have been
 * stored before its answer was lost, and the graph's deduplication must then keep it once. What every client saw
 * succeed is in {@link Result#acknowledged()}; the caller compares it with the graph.
 */
public final class FailoverLoad {

    private static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{},\"io.modelcontextprotocol/clientInfo\":{\"name\":\"failover\",\"version\":\"1\"}}";
    private static final String[] TOPICS = {"ledger", "shard", "replica", "invoice", "refund", "cache", "schema", "queue"};
    private static final int ATTEMPTS = 40;

    private final URI endpoint;
    private final int clients;
    private final int addsPerClient;

    /** What the clients saw: adds acknowledged (their titles), calls that succeeded and failed, and when. */
    public record Result(Set<String> acknowledged, long succeeded, long errors, long retriedAdds, long succeededAfterKill,
                         double seconds, Latencies latencies, List<String> firstErrors) {
    }

    public FailoverLoad(URI endpoint, int clients, int addsPerClient) {
        this.endpoint = endpoint;
        this.clients = clients;
        this.addsPerClient = addsPerClient;
    }

    /** The title (and content) of client {@code client}'s {@code n}th fact: short, so a list shows it whole. */
    public static String fact(int client, int n) {
        return "Failover client " + client + " fact " + n + ": the " + TOPICS[(client + n) % TOPICS.length]
                + " keeps copy " + (n * 31 % 97);
    }

    /** Runs the load; once a third of all adds are acknowledged, {@code kill} runs (once) on this thread. */
    public Result run(KillAction kill) throws Exception {
        Set<String> acknowledged = ConcurrentHashMap.newKeySet();
        var succeeded = new AtomicLong();
        var errors = new AtomicLong();
        var retried = new AtomicLong();
        var afterKill = new AtomicLong();
        var killed = new AtomicBoolean();
        var latencies = new ConcurrentLinkedQueue<Long>();
        var firstErrors = new ConcurrentLinkedQueue<String>();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        long start = System.nanoTime();
        List<Future<?>> running = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            int client = c;
            running.add(pool.submit(() -> {
                HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                        .connectTimeout(Duration.ofSeconds(5)).build();
                int id = 0;
                for (int n = 0; n < addsPerClient; n++) {
                    String fact = fact(client, n);
                    for (int attempt = 1; ; attempt++) {
                        long t0 = System.nanoTime();
                        String failure = call(http, ++id, "graphiti_add", Json.createObjectBuilder().add("content", fact)
                                .add("kind", "note").add("scope", "global").build());
                        if (failure == null) {
                            latencies.add(System.nanoTime() - t0);
                            acknowledged.add(fact);
                            succeeded.incrementAndGet();
                            if (killed.get()) {
                                afterKill.incrementAndGet();
                            }
                            if (attempt > 1) {
                                retried.incrementAndGet();
                            }
                            break;
                        }
                        note(errors, firstErrors, failure);
                        if (attempt == ATTEMPTS) {
                            break; // never acknowledged: not counted as the graph's to keep
                        }
                        TimeUnit.MILLISECONDS.sleep(100L * Math.min(attempt, 10));
                    }
                    long t0 = System.nanoTime();
                    String failure = call(http, ++id, "graphiti_search", Json.createObjectBuilder()
                            .add("query", TOPICS[(client + n) % TOPICS.length] + " copy").add("scope", "global")
                            .add("limit", 5).build());
                    if (failure == null) {
                        latencies.add(System.nanoTime() - t0);
                        succeeded.incrementAndGet();
                        if (killed.get()) {
                            afterKill.incrementAndGet();
                        }
                    } else {
                        note(errors, firstErrors, failure);
                    }
                }
                return null;
            }));
        }
        pool.shutdown();
        try {
            int total = clients * addsPerClient;
            while (!pool.isTerminated() && acknowledged.size() < total / 3) {
                TimeUnit.MILLISECONDS.sleep(20);
            }
            if (!pool.isTerminated()) {
                kill.run();
                killed.set(true);
            }
            for (Future<?> client : running) {
                client.get();
            }
        } finally {
            pool.shutdownNow();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Result(Set.copyOf(acknowledged), succeeded.get(), errors.get(), retried.get(), afterKill.get(), seconds,
                new Latencies(latencies.stream().mapToLong(Long::longValue).toArray()), List.copyOf(firstErrors));
    }

    /** What happens to one instance mid-load. */
    public interface KillAction {
        void run() throws Exception;
    }

    /** One stateless tools/call through the endpoint: null when it succeeded, else what the client saw. */
    private String call(HttpClient http, int id, String tool, JsonObject arguments) {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + "," + META + "}}";
        var request = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(120))
                .header("Accept", "application/json, text/event-stream").header("Content-Type", "application/json")
                .header("MCP-Protocol-Version", "2026-07-28").header("Mcp-Method", "tools/call").header("Mcp-Name", tool)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        try {
            var response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                return tool + ": HTTP " + response.statusCode();
            }
            String json = response.body().strip();
            if (!json.startsWith("{")) { // an event stream: the answer is its last data line
                json = json.lines().filter(line -> line.startsWith("data:")).reduce((a, b) -> b).orElse("").substring(5).strip();
            }
            JsonObject message = Json.createReader(new StringReader(json)).readObject();
            if (!message.containsKey("result")) {
                return tool + ": " + message.getOrDefault("error", message);
            }
            if (message.getJsonObject("result").getBoolean("isError", false)) {
                return tool + ": tool error " + message.getJsonObject("result").get("content");
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return tool + ": " + e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return tool + ": interrupted";
        }
    }

    private static void note(AtomicLong errors, ConcurrentLinkedQueue<String> first, String failure) {
        if (errors.incrementAndGet() <= 5) {
            first.add(failure);
        }
    }
}
