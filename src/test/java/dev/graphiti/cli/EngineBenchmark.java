package dev.graphiti.cli;

import dev.graphiti.graph.EntityExtractor;
import dev.graphiti.graph.ItemIds;
import dev.graphiti.graph.ItemRepository;
import dev.graphiti.graph.ItemService;
import dev.graphiti.graph.NewItem;
import dev.graphiti.graph.Scope;
import dev.graphiti.store.SqliteStore;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * `scripts/bench-engine`: add throughput through the CLI entry point, search p50/p95 (end to end, as the MCP
 * tools call it) at 10k and 100k generated items, and bytes per item. Sizes via arguments, e.g. 10000 100000.
 */
public final class EngineBenchmark {

    /** CPU time is reported beside wall time: on a shared machine the wall clock mostly measures the neighbours. */
    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

    private EngineBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        List<Integer> sizes = args.length == 0 ? List.of(10_000, 100_000) : Arrays.stream(args).map(Integer::parseInt).toList();
        Path home = Files.createTempDirectory("graphiti-bench");
        Path work = Files.createDirectories(home.resolve("work"));
        Cli cli = new Cli(CliEnvironment.embedded(Map.of("GRAPHITI_HOME", home.toString(), "HOME", home.toString())));
        RealisticItems generator = new RealisticItems(42, Instant.now());

        int adds = 1000;
        run(cli, work, "add", "warm up the JVM and the database");
        long start = System.nanoTime();
        long startCpu = THREADS.getCurrentThreadCpuTime();
        for (int i = 0; i < adds; i++) {
            NewItem item = generator.next(i);
            run(cli, work, "add", "-q", "-k", item.kind().name(), "--title", item.title().orElseThrow(), item.content());
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = (THREADS.getCurrentThreadCpuTime() - startCpu) / 1e9;
        System.out.printf(Locale.ROOT, "add via CLI entry point (one process, one connection and transaction per add): %d items"
                + " in %.1f s wall = %.0f adds/s; %.2f ms CPU per add%n", adds, seconds, adds / seconds, cpuSeconds * 1000 / adds);
        System.out.printf(Locale.ROOT, "load average while measuring: %.1f on %d cores%n",
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().availableProcessors());

        Path database = home.resolve("global.db");
        int count = adds + 1;
        for (int size : sizes) {
            count = fill(database, generator, count, size);
            System.out.printf(Locale.ROOT, "%,d items: %s; %s%n", count, searchLatency(cli, work, generator), bytesPerItem(database, count));
        }
    }

    /** Bulk-loads through ItemService.addAll in batches (each item redacted, deduplicated, indexed as by add). */
    private static int fill(Path database, RealisticItems generator, int count, int target) {
        long start = System.nanoTime();
        int before = count;
        try (ItemRepository repository = SqliteStore.withDefaults().open(database, Scope.global)) {
            ItemService items = new ItemService(repository, Scope.global, Redactions.standard(), new EntityExtractor(),
                    new ItemIds(), Clock.systemUTC(), 1 << 20);
            while (count < target) {
                List<NewItem> batch = new ArrayList<>();
                for (int i = 0; i < Math.min(1000, target - count); i++) {
                    batch.add(generator.next(count + i));
                }
                items.addAll(batch);
                count += batch.size();
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (count > before) {
            System.out.printf(Locale.ROOT, "bulk load of %,d items in batches of 1000: %.1f s = %.0f items/s%n",
                    count - before, seconds, (count - before) / seconds);
        }
        return count;
    }

    private static String searchLatency(Cli cli, Path work, RealisticItems generator) {
        for (int i = 0; i < 20; i++) {
            run(cli, work, "search", generator.query(), "--limit", "10", "--format", "json");
        }
        int queries = 200;
        long[] nanos = new long[queries];
        long[] cpu = new long[queries];
        for (int i = 0; i < queries; i++) {
            String query = generator.query();
            long start = System.nanoTime();
            long startCpu = THREADS.getCurrentThreadCpuTime();
            run(cli, work, "search", query, "--limit", "10", "--format", "json");
            nanos[i] = System.nanoTime() - start;
            cpu[i] = THREADS.getCurrentThreadCpuTime() - startCpu;
        }
        Arrays.sort(nanos);
        Arrays.sort(cpu);
        return String.format(Locale.ROOT, "search via CLI (%d queries, --limit 10 --format json) wall p50 %.1f ms, p95 %.1f ms;"
                        + " CPU p50 %.1f ms, p95 %.1f ms",
                queries, nanos[queries / 2] / 1e6, nanos[queries * 95 / 100] / 1e6, cpu[queries / 2] / 1e6, cpu[queries * 95 / 100] / 1e6);
    }

    private static String bytesPerItem(Path database, int count) throws RuntimeException {
        try (ItemRepository repository = SqliteStore.withDefaults().open(database, Scope.global)) {
            repository.reclaimSpace();
            long bytes = repository.sizeOnDisk();
            return String.format(Locale.ROOT, "database %.1f MiB = %,d bytes per item", bytes / 1048576.0, bytes / count);
        }
    }

    private static void run(Cli cli, Path work, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = cli.run(List.of(args), work, java.io.InputStream.nullInputStream(), new PrintWriter(out), new PrintWriter(err));
        if (code != 0) {
            throw new IllegalStateException(String.join(" ", args) + " failed (" + code + "): " + err);
        }
    }
}
