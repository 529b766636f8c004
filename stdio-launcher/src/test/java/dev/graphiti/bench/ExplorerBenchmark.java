package dev.graphiti.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import dev.graphiti.store.postgres.PostgresServer;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * `scripts/bench-explorer`: `graphiti ui` from the jar on a generated corpus; page load (the page, its script and
 * style, and the first list of 50 items, one after another) and search as you type (every prefix of 2+ characters of
 * five queries, as the page asks after each key), the entity graph (whole, and centred on its three biggest entities)
 * and the first two pages of the review queue, wall p50/p95 at the client and the server process's CPU per request
 * (and PostgreSQL's, on that store). Words only (graphiti.semantic off: embedding 10k items first would take minutes). Arguments: the jar,
 * the graphiti home holding global.db, rounds of page loads, and the store: sqlite (default) or postgresql (a server
 * of the run's own, the graph copied there by `graphiti migrate`).
 */
public final class ExplorerBenchmark {

    private static final List<String> QUERIES = List.of("retry webhooks", "billing sqlite", "cache auth sessions",
            "throttle requests", "kafka events");

    private ExplorerBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path jar = Path.of(args[0]).toAbsolutePath();
        Path home = Path.of(args[1]).toAbsolutePath();
        int rounds = Integer.parseInt(args[2]);
        boolean postgresql = args.length > 3 && args[3].equals("postgresql");
        // On PostgreSQL: a server of the run's own, the corpus copied into it by `graphiti migrate`, its CPU counted too.
        Optional<PostgresServer> postgres = postgresql ? Optional.of(PostgresServer.start(PostgresServer.binaries().orElseThrow(
                () -> new IllegalStateException("no PostgreSQL: run scripts/install-postgresql")))) : Optional.empty();
        Optional<String> database = postgres.map(PostgresServer::newDatabase);
        if (database.isPresent()) {
            Process migrate = graphiti(jar, home, database, "migrate", "--to", "postgresql").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.INHERIT).start();
            if (migrate.waitFor() != 0) {
                throw new IllegalStateException("graphiti migrate failed");
            }
        }
        System.out.println("store: " + (postgresql ? "PostgreSQL" : "SQLite"));
        Process ui = graphiti(jar, home, database, "ui", "--port", "0").redirectErrorStream(true).start();
        LongSupplier cpu = () -> cpuNanos(ui.pid()) + postgres.map(PostgresServer::cpuNanos).orElse(0L);
        try {
            String base = url(ui);
            HttpClient http = HttpClient.newHttpClient();
            for (int i = 0; i < 3; i++) { // warm-up: class loading and the JIT, as a page open for a while is
                pageLoad(http, base);
                typing(http, base, new ArrayList<>());
            }
            long cpuBefore = cpu.getAsLong();
            List<Long> loads = new ArrayList<>();
            for (int i = 0; i < rounds; i++) {
                loads.add(pageLoad(http, base));
            }
            long loadCpu = cpu.getAsLong() - cpuBefore;
            cpuBefore = cpu.getAsLong();
            List<Long> keys = new ArrayList<>();
            for (int i = 0; i < rounds; i++) {
                typing(http, base, keys);
            }
            long keyCpu = cpu.getAsLong() - cpuBefore;
            List<String> focus = biggest(http, base);
            cpuBefore = cpu.getAsLong();
            List<Long> graphs = new ArrayList<>();
            List<Long> reviews = new ArrayList<>();
            for (int i = 0; i < rounds; i++) {
                graphs.add(timed(http, base + "api/graph"));
                for (String entity : focus) {
                    graphs.add(timed(http, base + "api/graph?entity=" + URLEncoder.encode(entity, StandardCharsets.UTF_8)));
                }
            }
            long graphCpu = cpu.getAsLong() - cpuBefore;
            cpuBefore = cpu.getAsLong();
            for (int i = 0; i < rounds; i++) {
                reviews.add(timed(http, base + "api/review?offset=0&limit=50"));
                reviews.add(timed(http, base + "api/review?offset=50&limit=50"));
            }
            long reviewCpu = cpu.getAsLong() - cpuBefore;
            Latencies pages = new Latencies(loads.stream().mapToLong(Long::longValue).toArray());
            Latencies searches = new Latencies(keys.stream().mapToLong(Long::longValue).toArray());
            System.out.printf(Locale.ROOT, "page load (4 requests), %d loads: wall p50 %.1f ms, p95 %.1f ms; server CPU %.1f ms per load%n",
                    rounds, pages.p50(), pages.percentileMillis(95), loadCpu / 1e6 / rounds);
            System.out.printf(Locale.ROOT, "search as you type, %d keystrokes: wall p50 %.1f ms, p95 %.1f ms; server CPU %.1f ms per search%n",
                    keys.size(), searches.p50(), searches.percentileMillis(95), keyCpu / 1e6 / keys.size());
            Latencies graphed = new Latencies(graphs.stream().mapToLong(Long::longValue).toArray());
            Latencies reviewed = new Latencies(reviews.stream().mapToLong(Long::longValue).toArray());
            System.out.printf(Locale.ROOT, "entity graph, %d requests (whole, and around %s): wall p50 %.1f ms, p95 %.1f ms; server CPU %.1f ms per request%n",
                    graphs.size(), focus, graphed.p50(), graphed.percentileMillis(95), graphCpu / 1e6 / graphs.size());
            System.out.printf(Locale.ROOT, "review queue pages, %d requests: wall p50 %.1f ms, p95 %.1f ms; server CPU %.1f ms per page%n",
                    reviews.size(), reviewed.p50(), reviewed.percentileMillis(95), reviewCpu / 1e6 / reviews.size());
            System.out.printf(Locale.ROOT, "load average %s%n", Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
        } finally {
            ui.destroy();
            ui.waitFor();
            postgres.ifPresent(PostgresServer::close);
        }
    }

    private static ProcessBuilder graphiti(Path jar, Path home, Optional<String> database, String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", jar.toString(), "-g"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("GRAPHITI_HOME", home.toString());
        builder.environment().put("GRAPHITI_SEMANTIC", "off");
        database.ifPresent(url -> builder.environment().put("GRAPHITI_STORE_URL", url));
        return builder;
    }

    private static String url(Process ui) throws Exception {
        BufferedReader lines = new BufferedReader(new InputStreamReader(ui.getInputStream(), StandardCharsets.UTF_8));
        Pattern url = Pattern.compile("is at (http://127\\.0\\.0\\.1:\\d+/)");
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            Matcher found = url.matcher(line);
            if (found.find()) {
                Thread drain = new Thread(() -> lines.lines().forEach(ignored -> { }));
                drain.setDaemon(true);
                drain.start();
                return found.group(1);
            }
        }
        throw new IllegalStateException("graphiti ui did not start");
    }

    private static long pageLoad(HttpClient http, String base) throws Exception {
        long start = System.nanoTime();
        for (String path : List.of("", "app.js", "style.css", "api/list?limit=50")) {
            get(http, base + path);
        }
        return System.nanoTime() - start;
    }

    private static void typing(HttpClient http, String base, List<Long> samples) throws Exception {
        for (String query : QUERIES) {
            for (int end = 2; end <= query.length(); end++) {
                long start = System.nanoTime();
                get(http, base + "api/search?limit=20&q=" + URLEncoder.encode(query.substring(0, end), StandardCharsets.UTF_8));
                samples.add(System.nanoTime() - start);
            }
        }
    }

    /** The three entities the whole graph shows biggest (its first nodes). */
    private static List<String> biggest(HttpClient http, String base) throws Exception {
        Matcher names = Pattern.compile("\\{\"name\":\"([^\"]+)\"").matcher(get(http, base + "api/graph"));
        List<String> found = new ArrayList<>();
        while (found.size() < 3 && names.find()) {
            found.add(names.group(1));
        }
        return found;
    }

    private static long timed(HttpClient http, String url) throws Exception {
        long start = System.nanoTime();
        get(http, url);
        return System.nanoTime() - start;
    }

    private static String get(HttpClient http, String url) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException(url + " answered " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }

    /** The process's user+system CPU time, from /proc (clock ticks of 10 ms). */
    private static long cpuNanos(long pid) {
        try {
            return processCpuNanos(pid);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static long processCpuNanos(long pid) throws Exception {
        String[] fields = Files.readString(Path.of("/proc", Long.toString(pid), "stat")).replaceFirst("^.*\\) ", "").split(" ");
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10_000_000L;
    }
}
