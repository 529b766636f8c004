package dev.graphiti.cli;

import dev.graphiti.graph.EntityExtractor;
import dev.graphiti.graph.ItemIds;
import dev.graphiti.graph.ItemRepository;
import dev.graphiti.graph.ItemService;
import dev.graphiti.graph.NewItem;
import dev.graphiti.graph.Scope;
import dev.graphiti.service.Redactions;
import dev.graphiti.store.sqlite.SqliteStore;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * `scripts/bench-engine`: add throughput through the CLI entry point; then, for each corpus size, search p50/p95
 * through the CLI as the MCP tools call it (in-process, warm, one connection per call), and bytes per item.
 * Arguments: the corpus directory, then the sizes (e.g. 10000 100000). A corpus is generated once per size and
 * schema version (bulk, through ItemService.addAll: redacted, deduplicated, indexed as by add) and kept there.
 */
public final class EngineBenchmark {

    /** Bump when RealisticItems changes, so kept corpora are generated again. */
    private static final int GENERATOR_VERSION = 1;
    private static final int ADDS = 500;
    private static final int QUERIES = 200;

    /** CPU time is reported beside wall time: on a shared machine the wall clock mostly measures the neighbours. */
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private EngineBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path corpora = Files.createDirectories(Path.of(args[0]).toAbsolutePath());
        if (args.length > 1 && args[1].equals("--warm-calls")) {
            warmCalls(corpora, Integer.parseInt(args[2]), Integer.parseInt(args[3]));
            return;
        }
        List<Integer> sizes = args.length == 1 ? List.of(10_000, 100_000)
                : Arrays.stream(args).skip(1).map(Integer::parseInt).toList();
        System.out.println(load());
        addThroughput();
        for (int size : sizes) {
            Path home = corpus(corpora, size);
            Path work = Files.createDirectories(home.resolve("work"));
            Cli cli = new Cli(CliEnvironment.embedded(Map.of("GRAPHITI_HOME", home.toString(), "HOME", home.toString())));
            System.out.printf(Locale.ROOT, "%,d items: %s%n", size, searchLatency(cli, work, new RealisticItems(7, Instant.now())));
            System.out.printf(Locale.ROOT, "%,d items: %s; %s%n", size, health(cli, work), load());
            System.out.printf(Locale.ROOT, "%,d items: %s; %s%n", size, bytesPerItem(home.resolve("global.db"), size), load());
        }
    }

    private static void addThroughput() throws Exception {
        Path home = Files.createTempDirectory("graphiti-bench-add");
        Path work = Files.createDirectories(home.resolve("work"));
        Cli cli = new Cli(CliEnvironment.embedded(Map.of("GRAPHITI_HOME", home.toString(), "HOME", home.toString())));
        RealisticItems generator = new RealisticItems(42, Instant.now());
        run(cli, work, "add", "-g", "warm up the JVM and the database");
        long start = System.nanoTime();
        long startCpu = THREADS.getCurrentThreadCpuTime();
        for (int i = 0; i < ADDS; i++) {
            NewItem item = generator.next(i);
            run(cli, work, "add", "-g", "-q", "-k", item.kind().name(), "--title", item.title().orElseThrow(), item.content());
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = (THREADS.getCurrentThreadCpuTime() - startCpu) / 1e9;
        System.out.printf(Locale.ROOT, "add via CLI entry point (one process; a connection and a transaction per add): %d items"
                        + " in %.1f s wall = %.0f adds/s; CPU %.2f ms per add = %.0f adds per CPU second; %s%n",
                ADDS, seconds, ADDS / seconds, cpuSeconds * 1000 / ADDS, ADDS / cpuSeconds, load());
        try (var files = Files.walk(home)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }

    /** The graphiti home holding a {@code size}-item global graph, generated on first use. */
    static Path corpus(Path corpora, int size) throws Exception {
        Path home = corpora.resolve("v" + SqliteStore.schemaVersion() + "." + GENERATOR_VERSION + "-" + size);
        Path database = home.resolve("global.db");
        if (Files.exists(database)) {
            System.out.printf(Locale.ROOT, "%,d items: kept corpus %s%n", size, database);
            return home;
        }
        Path partial = Files.createDirectories(corpora.resolve("partial-" + size));
        Path building = partial.resolve("global.db");
        Files.deleteIfExists(building);
        RealisticItems generator = new RealisticItems(42, Instant.now());
        long start = System.nanoTime();
        long startCpu = THREADS.getCurrentThreadCpuTime();
        try (ItemRepository repository = SqliteStore.withDefaults().open(building, Scope.global)) {
            ItemService items = new ItemService(repository, Scope.global, Redactions.standard(), new EntityExtractor(),
                    new ItemIds(), Clock.systemUTC(), 1 << 20);
            for (int count = 0; count < size; ) {
                List<NewItem> batch = new ArrayList<>();
                for (int i = 0; i < Math.min(1000, size - count); i++) {
                    batch.add(generator.next(count + i));
                }
                items.addAll(batch);
                count += batch.size();
            }
            repository.reclaimSpace();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = (THREADS.getCurrentThreadCpuTime() - startCpu) / 1e9;
        System.out.printf(Locale.ROOT, "%,d items generated (ItemService.addAll, batches of 1000): %.1f s wall = %.0f items/s;"
                + " %.0f items per CPU second; %s%n", size, seconds, size / seconds, size / cpuSeconds, load());
        Files.createDirectories(home);
        Files.move(building, database, StandardCopyOption.ATOMIC_MOVE);
        return home;
    }

    private static String searchLatency(Cli cli, Path work, RealisticItems generator) {
        for (int i = 0; i < 20; i++) {
            search(cli, work, generator.query());
        }
        long[] nanos = new long[QUERIES];
        long[] cpu = new long[QUERIES];
        List<Long> multiWordCpu = new ArrayList<>();
        for (int i = 0; i < QUERIES; i++) {
            String query = generator.query();
            long start = System.nanoTime();
            long startCpu = THREADS.getCurrentThreadCpuTime();
            search(cli, work, query);
            nanos[i] = System.nanoTime() - start;
            cpu[i] = THREADS.getCurrentThreadCpuTime() - startCpu;
            if (query.contains(" ")) {
                multiWordCpu.add(cpu[i]);
            }
        }
        Arrays.sort(nanos);
        Arrays.sort(cpu);
        long[] multi = multiWordCpu.stream().mapToLong(Long::longValue).sorted().toArray();
        return String.format(Locale.ROOT, "search via CLI in a warm process (%d queries of 1-3 words, --limit 10 --format json):"
                        + " wall p50 %.1f ms, p95 %.1f ms; CPU p50 %.1f ms, p95 %.1f ms; multi-word queries CPU p50 %.1f ms,"
                        + " p95 %.1f ms",
                QUERIES, ms(nanos, 50), ms(nanos, 95), ms(cpu, 50), ms(cpu, 95), ms(multi, 50), ms(multi, 95));
    }

    /**
     * `scripts/bench-engine --warm-calls SIZE CALLS`: the CPU of one warm search as a server's tool call costs it (the
     * server's CLI keeping its connection, the answer handed on as a value), in 5 rounds of CALLS after one round of
     * warm-up: what the CLI layer (picocli, the command) adds to a call, which the corpus size barely changes.
     */
    private static void warmCalls(Path corpora, int size, int calls) throws Exception {
        Path home = corpus(corpora, size);
        Path work = Files.createDirectories(home.resolve("work"));
        var environment = CliEnvironment.embedded(Map.of("GRAPHITI_HOME", home.toString(), "HOME", home.toString()));
        try (Cli cli = new Cli(environment, new SharedTokenCounter().get(), java.util.Optional.empty())) {
            RealisticItems generator = new RealisticItems(7, Instant.now());
            List<String> queries = java.util.stream.IntStream.range(0, calls).mapToObj(i -> generator.query()).toList();
            double[] rounds = new double[6];
            for (int round = 0; round < rounds.length; round++) {
                long start = THREADS.getCurrentThreadCpuTime();
                for (String query : queries) {
                    List<String> args = new ArrayList<>(List.of("-g", "search"));
                    args.addAll(Arrays.asList(query.split(" ")));
                    args.addAll(List.of("--limit", "10", "--format", "json"));
                    int code = cli.run(args, work, java.io.InputStream.nullInputStream(), new PrintWriter(new StringWriter()),
                            new PrintWriter(new StringWriter()), answer -> { });
                    if (code != 0) {
                        throw new IllegalStateException("search " + query + " failed (" + code + ")");
                    }
                }
                rounds[round] = (THREADS.getCurrentThreadCpuTime() - start) / 1e3 / calls;
            }
            double[] measured = Arrays.copyOfRange(rounds, 1, rounds.length);
            double[] sorted = measured.clone();
            Arrays.sort(sorted);
            System.out.printf(Locale.ROOT, "%,d items: warm search, the server's CLI (connection kept, answer as a value):"
                            + " CPU per call by round %s us; median %.0f us; %s%n", size,
                    Arrays.stream(measured).mapToObj(us -> String.format(Locale.ROOT, "%.0f", us)).toList(),
                    sorted[sorted.length / 2], load());
        }
    }

    /** `health` as the graphiti_health tool runs it (median of 5 after one warm-up), and `health --full` once. */
    private static String health(Cli cli, Path work) {
        long[] cpu = new long[5];
        for (int i = -1; i < cpu.length; i++) {
            long start = THREADS.getCurrentThreadCpuTime();
            run(cli, work, "-g", "health", "--format", "json");
            if (i >= 0) {
                cpu[i] = THREADS.getCurrentThreadCpuTime() - start;
            }
        }
        Arrays.sort(cpu);
        long start = THREADS.getCurrentThreadCpuTime();
        run(cli, work, "-g", "health", "--full", "--format", "json");
        long full = THREADS.getCurrentThreadCpuTime() - start;
        return String.format(Locale.ROOT, "health via CLI in a warm process: CPU median %.0f ms; health --full CPU %.0f ms",
                ms(cpu, 50), full / 1e6);
    }

    private static void search(Cli cli, Path work, String query) {
        List<String> args = new ArrayList<>(List.of("-g", "search"));
        args.addAll(Arrays.asList(query.split(" ")));
        args.addAll(List.of("--limit", "10", "--format", "json"));
        String out = run(cli, work, args.toArray(String[]::new));
        if (!out.startsWith("[{")) {
            throw new IllegalStateException("no results for '" + query + "': " + out);
        }
    }

    static double ms(long[] sorted, int percentile) {
        return sorted[Math.min(sorted.length - 1, sorted.length * percentile / 100)] / 1e6;
    }

    private static String bytesPerItem(Path database, int count) {
        try (ItemRepository repository = SqliteStore.withDefaults().open(database, Scope.global)) {
            long bytes = repository.sizeOnDisk();
            return String.format(Locale.ROOT, "database %.1f MiB = %,d bytes per item", bytes / 1048576.0, bytes / count);
        }
    }

    static String load() {
        return String.format(Locale.ROOT, "load average %.1f on %d cores",
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), Runtime.getRuntime().availableProcessors());
    }

    static String run(Cli cli, Path work, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = cli.run(List.of(args), work, java.io.InputStream.nullInputStream(), new PrintWriter(out), new PrintWriter(err));
        if (code != 0) {
            throw new IllegalStateException(String.join(" ", args) + " failed (" + code + "): " + err);
        }
        return out.toString();
    }
}
