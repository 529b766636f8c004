package dev.graphiti.bench;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Memory of a stdio MCP server as an agent session uses it, graphiti against the reference memory server
 * (@modelcontextprotocol/server-memory) in one run, the targets taking turns run by run: resident memory idle
 * after initialize, after {@code bench.adds} adds and {@code bench.searches} searches (graphiti with its model
 * loaded and every item embedded), and the peak while {@code bench.bulk} more items are added and embedded. Run
 * by scripts/bench-memory.
 *
 * <p>Targets are named by {@code bench.targets} (comma-separated); each has {@code bench.<name>.command} (a
 * space-separated command line) and {@code bench.<name>.kind}: graphiti or memory (the reference's tools).
 */
public final class MemoryBenchmark {

    private static final int RUNS = Integer.getInteger("bench.runs", 2);
    private static final int ADDS = Integer.getInteger("bench.adds", 200);
    private static final int SEARCHES = Integer.getInteger("bench.searches", 200);
    private static final int BULK = Integer.getInteger("bench.bulk", 10_000);
    /** Agent sessions open at once, each with its server (one user, one graphiti home). */
    private static final int SESSIONS = Integer.getInteger("bench.sessions", 1);
    /** How long the background embedding may take to finish before the figure is taken anyway. */
    private static final long SETTLE_LIMIT_MILLIS = Long.getLong("bench.settleSeconds", 1200) * 1000;
    private static final long PAGE_TICKS_PER_SECOND = 100;

    private static final String[] SUBJECTS = {"the checkout service", "the billing job", "the search index",
        "the session store", "the importer", "the mobile client", "the build", "the payment gateway",
        "the audit log", "the scheduler", "the cache layer", "the admin console"};
    private static final String[] CHOICES = {"retries failed requests with exponential backoff",
        "keeps its state in PostgreSQL rather than Redis", "validates input at the boundary and rejects unknown fields",
        "writes through a single serialized writer", "reads configuration once at startup",
        "logs to stderr only, since stdout carries the protocol", "pins the JDK to 17 for the team's laptops",
        "batches writes every two seconds", "stores money as integer cents", "uses UTC timestamps everywhere"};
    private static final String[] REASONS = {"a timeout in production lost orders last March",
        "the team agreed after the outage review", "profiling showed the allocation cost dominated",
        "the old approach deadlocked under two writers", "customers in other time zones saw wrong dates",
        "the vendor's API rate-limits bursts", "it halves the cold start on a laptop"};
    private static final String[] QUERIES = {"retry backoff", "why PostgreSQL", "input validation", "timestamps UTC",
        "money cents", "stderr logging", "cold start", "rate limit", "deadlock writers", "outage review"};

    private final Path logDir;

    private MemoryBenchmark(Path logDir) {
        this.logDir = logDir;
    }

    /**
     * Totals over the sessions' servers and the shared model's host; {@code serverKib} the largest server after the
     * searches, {@code hostKib} the host then (0: none).
     */
    record Figures(long idleKib, long usedKib, long usedPeakKib, long bulkPeakKib, long endKib, double settleSeconds,
                   long serverKib, long hostKib) {
    }

    record Target(String name, List<String> command, boolean graphiti) {
    }

    public static void main(String[] args) throws Exception {
        List<Target> targets = new ArrayList<>();
        for (String name : System.getProperty("bench.targets", "graphiti,reference").split(",")) {
            String command = System.getProperty("bench." + name + ".command");
            if (command == null || command.isBlank()) {
                throw new IllegalArgumentException("missing system property bench." + name + ".command");
            }
            targets.add(new Target(name, Arrays.asList(command.trim().split("\\s+")),
                    "graphiti".equals(System.getProperty("bench." + name + ".kind", "graphiti"))));
        }
        var bench = new MemoryBenchmark(Files.createTempDirectory("graphiti-bench-memory"));
        System.out.printf("memory benchmark: %d runs, targets taking turns; %d session(s), %d adds + %d searches each,"
                + " then %,d adds (server stderr in %s)%n", RUNS, SESSIONS, ADDS, SEARCHES, BULK, bench.logDir);
        targets.forEach(t -> System.out.printf("  %s: %s%n", t.name(), String.join(" ", t.command())));
        Map<String, List<Figures>> all = new LinkedHashMap<>();
        for (int run = 1; run <= RUNS; run++) {
            for (Target target : targets) {
                String before = load();
                Figures figures = bench.measure(target);
                all.computeIfAbsent(target.name(), n -> new ArrayList<>()).add(figures);
                System.out.printf(Locale.ROOT, "run %d %-10s idle %4d MiB, after %d+%d %4d MiB (peak %4d; a server %4d,"
                                + " shared model %4d), %,d more: peak %4d MiB, end %4d MiB; embedding settled in %.0f s;"
                                + " load %s -> %s%n",
                        run, target.name(), mib(figures.idleKib()), ADDS, SEARCHES, mib(figures.usedKib()),
                        mib(figures.usedPeakKib()), mib(figures.serverKib()), mib(figures.hostKib()), BULK,
                        mib(figures.bulkPeakKib()), mib(figures.endKib()), figures.settleSeconds(), before, load());
            }
        }
        System.out.println();
        System.out.printf("RSS (MiB) of %d session%s' servers%s%n", SESSIONS, SESSIONS == 1 ? "" : "s",
                " and the shared model's host, if any");
        System.out.printf("%-10s %-22s %-28s %-26s %-14s %-14s%n", "", "idle after initialize",
                "after " + ADDS + " adds + " + SEARCHES + " searches", String.format(Locale.ROOT, "peak, %,d more items", BULK),
                "a server", "shared model");
        all.forEach((name, runs) -> System.out.printf("%-10s %-22s %-28s %-26s %-14s %-14s%n", name,
                joined(runs, Figures::idleKib), joined(runs, Figures::usedKib), joined(runs, Figures::bulkPeakKib),
                joined(runs, Figures::serverKib), joined(runs, Figures::hostKib)));
    }

    private static String joined(List<Figures> runs, java.util.function.ToLongFunction<Figures> figure) {
        return String.join(" / ", runs.stream().map(f -> Long.toString(mib(figure.applyAsLong(f)))).toList());
    }

    private Figures measure(Target target) throws Exception {
        Path scratch = Files.createTempDirectory(logDir, target.name());
        // One user's sessions: each in a project of its own, all under one graphiti home (the shared model's),
        // a short path, as ~/.graphiti is: a Unix socket's path must fit 103 bytes.
        Path home = Files.createTempDirectory("gh");
        List<StdioPeer> peers = new ArrayList<>();
        try {
            for (int s = 0; s < SESSIONS; s++) {
                Path project = Files.createDirectories(scratch.resolve("project-" + s));
                new ProcessBuilder("git", "init", "-q").directory(project.toFile()).start().waitFor();
                var builder = new ProcessBuilder(target.command()).directory(project.toFile());
                builder.environment().put("GRAPHITI_HOME", home.toString());
                builder.environment().remove("GRAPHITI_PROJECT_ROOT");
                builder.environment().put("MEMORY_FILE_PATH", project.resolve("memory.jsonl").toString());
                peers.add(new StdioPeer(builder, logDir.resolve(target.name() + "-" + s + ".log")));
            }
            for (StdioPeer peer : peers) {
                peer.handshake();
            }
            Thread.sleep(2000);
            long idle = total(peers, home, "VmRSS");
            long id = 1;
            for (StdioPeer peer : peers) {
                for (int i = 0; i < ADDS; i++) {
                    McpPeer.requireSuccess(peer.request(add(target, id++, i)));
                }
            }
            double settle = 0;
            if (target.graphiti()) {
                for (StdioPeer peer : peers) {
                    awaitFusedSearch(peer, id);
                    id += 1000;
                }
                settle = settle(pids(peers, home));
            }
            for (StdioPeer peer : peers) {
                for (int i = 0; i < SEARCHES; i++) {
                    McpPeer.requireSuccess(peer.request(search(target, id++, QUERIES[i % QUERIES.length])));
                }
            }
            long used = total(peers, home, "VmRSS");
            long usedPeak = total(peers, home, "VmHWM");
            long server = 0;
            for (StdioPeer peer : peers) {
                server = Math.max(server, status(peer.pid(), "VmRSS"));
            }
            long host = hostPid(home).isPresent() ? status(hostPid(home).getAsLong(), "VmRSS") : 0;
            diagnose(target, peers.get(0).pid(), scratch);
            for (int i = 0; i < BULK; i++) {
                McpPeer.requireSuccess(peers.get(0).request(add(target, id++, ADDS + i)));
            }
            settle += settle(pids(peers, home));
            return new Figures(idle, used, usedPeak, total(peers, home, "VmHWM"), total(peers, home, "VmRSS"), settle,
                    server, host);
        } finally {
            for (StdioPeer peer : peers) {
                peer.close();
            }
            // The shared model's host ends when its socket goes; the home is removed with the scratch directory.
            if (hostPid(home).isPresent()) {
                ProcessHandle.of(hostPid(home).getAsLong()).ifPresent(ProcessHandle::destroy);
            }
            try (var files = Files.walk(home)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
            }
        }
    }

    /** The shared model host's pid under {@code home}, when one runs (graphiti since issue 33). */
    private static java.util.OptionalLong hostPid(Path home) throws IOException {
        Path run = home.resolve("run");
        if (!Files.isDirectory(run)) {
            return java.util.OptionalLong.empty();
        }
        try (var files = Files.list(run)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".pid")).toList()) {
                long pid = Long.parseLong(Files.readString(file).trim());
                if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    return java.util.OptionalLong.of(pid);
                }
            }
        }
        return java.util.OptionalLong.empty();
    }

    private static List<Long> pids(List<StdioPeer> peers, Path home) throws IOException {
        List<Long> pids = new ArrayList<>(peers.stream().map(StdioPeer::pid).toList());
        hostPid(home).ifPresent(pids::add);
        return pids;
    }

    /** The machine's share: every server's figure and the shared model host's. */
    private static long total(List<StdioPeer> peers, Path home, String field) throws IOException {
        long sum = 0;
        for (long pid : pids(peers, home)) {
            sum += status(pid, field);
        }
        return sum;
    }

    /**
     * With {@code -Dbench.jcmd=GC.class_histogram,VM.native_memory summary} (the latter needs the server started with
     * -XX:NativeMemoryTracking=summary), what the JVM's jcmd says of a Java server at the after-searches point, saved
     * beside its stderr.
     */
    private static void diagnose(Target target, long pid, Path scratch) throws Exception {
        String commands = System.getProperty("bench.jcmd", "");
        if (commands.isBlank() || !target.command().get(0).endsWith("java")) {
            return;
        }
        Path jcmd = Path.of(target.command().get(0)).resolveSibling("jcmd");
        for (String command : commands.split(",")) {
            Path out = scratch.resolve(command.replace(' ', '-') + ".txt");
            List<String> argv = new ArrayList<>(List.of(jcmd.toString(), Long.toString(pid)));
            argv.addAll(Arrays.asList(command.trim().split("\\s+")));
            new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(out.toFile()).start().waitFor();
            System.out.printf("  %s %s: %s%n", target.name(), command, out);
        }
    }

    /** Searches until graphiti answers by meaning too (the model loaded, vectors stored): 2 minutes at most. */
    private static void awaitFusedSearch(McpPeer peer, long firstId) throws Exception {
        long deadline = System.nanoTime() + 120_000_000_000L;
        for (long id = firstId; System.nanoTime() < deadline; id++) {
            JsonObject result = McpPeer.requireSuccess(peer.request(
                    MemoryBenchmark.search(new Target("", List.of(), true), id, "retry backoff")));
            // A hit found by meaning says so (matched: semantic or both); words-only answers say why (semantic_why).
            String answer = result.toString();
            if (!answer.contains("semantic_why") && (answer.contains("semantic") || answer.contains("both"))) {
                return;
            }
            Thread.sleep(1000);
        }
        throw new IllegalStateException("graphiti never searched by meaning within 2 minutes");
    }

    /** Waits until the servers' and the host's CPU stays quiet for 5 s (embedding done); returns the seconds waited. */
    private static double settle(List<Long> pids) throws Exception {
        long start = System.nanoTime();
        long quietSince = System.nanoTime();
        long ticks = cpuTicks(pids);
        while (System.nanoTime() - start < SETTLE_LIMIT_MILLIS * 1_000_000) {
            Thread.sleep(1000);
            long now = cpuTicks(pids);
            // Under 5% of a core is idle: a sweep's look at the graph, the JIT, a collection.
            if (now - ticks > PAGE_TICKS_PER_SECOND / 20) {
                quietSince = System.nanoTime();
            }
            ticks = now;
            if (System.nanoTime() - quietSince >= 5_000_000_000L) {
                break;
            }
        }
        return (System.nanoTime() - start) / 1e9;
    }

    private static JsonObject add(Target target, long id, int n) {
        // The note's number leads: an item's title is its first words, and an add whose title a current item has
        // replaces that item, so 10,000 adds would otherwise store about 1,400 items.
        String text = String.format(Locale.ROOT, "Note %d: %s %s: %s, because %s.", n, SUBJECTS[n % SUBJECTS.length],
                CHOICES[(n / SUBJECTS.length) % CHOICES.length], CHOICES[(n * 7 + 3) % CHOICES.length],
                REASONS[(n * 3 + n / 5) % REASONS.length]);
        if (target.graphiti()) {
            return McpPeer.toolCall(id, "graphiti_add", McpPeer.JSON.createObjectBuilder().add("content", text).build());
        }
        return McpPeer.toolCall(id, "create_entities", McpPeer.JSON.createObjectBuilder().add("entities",
                McpPeer.JSON.createArrayBuilder().add(McpPeer.JSON.createObjectBuilder().add("name", "note " + n)
                        .add("entityType", "note").add("observations", McpPeer.JSON.createArrayBuilder().add(text))))
                .build());
    }

    private static JsonObject search(Target target, long id, String query) {
        return McpPeer.toolCall(id, target.graphiti() ? "graphiti_search" : "search_nodes",
                McpPeer.JSON.createObjectBuilder().add("query", query).build());
    }

    /** A /proc/PID/status figure in KiB (VmRSS: resident now; VmHWM: the most it has been). */
    static long status(long pid, String field) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith(field + ":")) {
                return Long.parseLong(line.substring(field.length() + 1).trim().split("\\s+")[0]);
            }
        }
        throw new IOException("no " + field + " in /proc/" + pid + "/status");
    }

    private static long cpuTicks(List<Long> pids) throws IOException {
        long sum = 0;
        for (long pid : pids) {
            sum += cpuTicks(pid);
        }
        return sum;
    }

    private static long cpuTicks(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        // utime and stime: fields 14 and 15 of stat, 12 and 13 after the command's closing parenthesis
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    private static long mib(long kib) {
        return Math.round(kib / 1024.0);
    }

    private static String load() throws IOException {
        return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
    }
}
