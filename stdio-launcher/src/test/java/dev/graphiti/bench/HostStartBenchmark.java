package dev.graphiti.bench;

import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What the shared model host's start costs a session (issue 33), each server command as `mcp install` registers it,
 * the commands taking turns run by run: a server started when no host runs, on a graph whose items have vectors,
 * its initialize answer and its first search (wall ms, and whether ranked by meaning); then, the host ended as at its
 * idle end (its socket removed), the next search's wall ms and how long until search is by meaning again. Run by
 * scripts/bench-host-start: -Dbench.runs=3 -Dbench.targets=before,graphiti -Dbench.NAME.command=...
 */
public final class HostStartBenchmark {

    private static final String QUERY = "how do we retry failed requests";

    record Figures(double initializeMillis, double firstSearchMillis, boolean firstByMeaning, double afterEndMillis,
                   boolean afterEndByMeaning, double meaningBackMillis) {
    }

    public static void main(String[] args) throws Exception {
        int runs = Integer.getInteger("bench.runs", 3);
        Map<String, List<String>> targets = new LinkedHashMap<>();
        for (String name : System.getProperty("bench.targets", "graphiti").split(",")) {
            targets.put(name, Arrays.asList(System.getProperty("bench." + name + ".command").trim().split("\\s+")));
        }
        Path logs = Files.createTempDirectory("graphiti-bench-host-start");
        System.out.printf("host start benchmark: %d runs, logs in %s%n", runs, logs);
        Map<String, List<Figures>> all = new LinkedHashMap<>();
        for (int run = 1; run <= runs; run++) {
            for (var target : targets.entrySet()) {
                Figures f = measure(target.getValue(), logs.resolve(target.getKey() + "-" + run + ".log"));
                all.computeIfAbsent(target.getKey(), k -> new ArrayList<>()).add(f);
                System.out.printf(Locale.ROOT, "run %d %-9s initialize %5.0f ms; first search %5.0f ms (%s); after the"
                                + " host's end: search %5.0f ms (%s), meaning again after %5.0f ms; load %s%n", run,
                        target.getKey(), f.initializeMillis(), f.firstSearchMillis(), by(f.firstByMeaning()),
                        f.afterEndMillis(), by(f.afterEndByMeaning()), f.meaningBackMillis(), load());
            }
        }
        System.out.println();
        all.forEach((name, figures) -> System.out.printf(Locale.ROOT, "%-9s median: initialize %.0f ms, first search"
                        + " %.0f ms, search after the host's end %.0f ms, meaning again after %.0f ms%n", name,
                median(figures, Figures::initializeMillis), median(figures, Figures::firstSearchMillis),
                median(figures, Figures::afterEndMillis), median(figures, Figures::meaningBackMillis)));
    }

    private static Figures measure(List<String> command, Path log) throws Exception {
        // A short home, as ~/.graphiti is: the host's socket path must fit 103 bytes.
        Path home = Files.createTempDirectory("gh");
        Path project = Files.createTempDirectory("graphiti-bench-project");
        new ProcessBuilder("git", "init", "-q").directory(project.toFile()).start().waitFor();
        var builder = new ProcessBuilder(command).directory(project.toFile());
        builder.environment().put("GRAPHITI_HOME", home.toString());
        builder.environment().remove("GRAPHITI_PROJECT_ROOT");
        builder.environment().remove("GRAPHITI_SHARED_MODEL");
        long id = 1;
        try {
            // A session before: items stored and embedded by the host it started.
            try (StdioPeer first = new StdioPeer(builder, log)) {
                first.handshake();
                for (String note : List.of("Network calls retry three times with exponential backoff from 200 ms.",
                        "Money is stored as integer cents.", "Timestamps are UTC everywhere.")) {
                    McpPeer.requireSuccess(first.request(McpPeer.toolCall(id++, "graphiti_add",
                            McpPeer.JSON.createObjectBuilder().add("content", note).build())));
                }
                id = byMeaning(first, id);
            }
            endHost(home);

            long t0 = System.nanoTime();
            try (StdioPeer server = new StdioPeer(builder, log)) {
                server.handshake();
                long t1 = System.nanoTime();
                boolean firstByMeaning = meaning(search(server, id++));
                long t2 = System.nanoTime();
                id = byMeaning(server, id);
                endHost(home);
                long t3 = System.nanoTime();
                boolean afterEnd = meaning(search(server, id++));
                long t4 = System.nanoTime();
                byMeaning(server, id);
                long t5 = System.nanoTime();
                return new Figures(ms(t1 - t0), ms(t2 - t1), firstByMeaning, ms(t4 - t3), afterEnd, ms(t5 - t3));
            }
        } finally {
            hostPids(home).forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy));
            for (Path dir : List.of(home, project)) {
                try (var files = Files.walk(dir)) {
                    files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
                }
            }
        }
    }

    /** Ends the host as its idle end does (its socket removed; it notices within a second) and waits for it to go. */
    private static void endHost(Path home) throws Exception {
        List<Long> pids = hostPids(home);
        try (var files = Files.list(home.resolve("run"))) {
            for (Path socket : files.filter(f -> f.toString().endsWith(".sock")).toList()) {
                Files.deleteIfExists(socket);
            }
        }
        for (long pid : pids) {
            ProcessHandle.of(pid).ifPresent(host -> host.onExit().orTimeout(30, TimeUnit.SECONDS).join());
        }
    }

    private static List<Long> hostPids(Path home) throws Exception {
        Path run = home.resolve("run");
        if (!Files.isDirectory(run)) {
            return List.of();
        }
        try (var files = Files.list(run)) {
            List<Long> pids = new ArrayList<>();
            for (Path pid : files.filter(f -> f.toString().endsWith(".pid")).toList()) {
                pids.add(Long.parseLong(Files.readString(pid).trim()));
            }
            return pids;
        }
    }

    /** Searches every 100 ms until the answer is ranked by meaning (2 minutes at most); the next request id. */
    private static long byMeaning(StdioPeer server, long id) throws Exception {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (meaning(search(server, id++))) {
                return id;
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("not searched by meaning within 2 minutes");
    }

    private static JsonObject search(StdioPeer server, long id) throws Exception {
        return McpPeer.requireSuccess(server.request(McpPeer.toolCall(id, "graphiti_search",
                McpPeer.JSON.createObjectBuilder().add("query", QUERY).build())));
    }

    /** A hit found by meaning says so (matched: semantic or both); words-only answers say why (semantic_why). */
    private static boolean meaning(JsonObject answer) {
        String text = answer.toString();
        return !text.contains("semantic_why") && (text.contains("semantic") || text.contains("both"));
    }

    private static String by(boolean meaning) {
        return meaning ? "meaning" : "words";
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }

    private static double median(List<Figures> figures, java.util.function.ToDoubleFunction<Figures> figure) {
        double[] sorted = figures.stream().mapToDouble(figure).sorted().toArray();
        return sorted.length % 2 == 1 ? sorted[sorted.length / 2]
                : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    }

    private static String load() throws Exception {
        return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
    }
}
