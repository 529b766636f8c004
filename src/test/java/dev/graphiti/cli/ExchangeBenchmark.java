package dev.graphiti.cli;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * `scripts/bench-exchange`: export and import throughput through the CLI entry point (in-process, as a warm
 * `graphiti export` / `graphiti import` runs) on the engine benchmark's generated corpus: for each format, export
 * the corpus, import the file into an empty graph, and import it again (every item already there). Items per
 * second of wall and of CPU time (this thread: SQLite runs in it). Arguments: the corpus directory, the size.
 */
public final class ExchangeBenchmark {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private ExchangeBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path corpora = Files.createDirectories(Path.of(args[0]).toAbsolutePath());
        int size = Integer.parseInt(args[1]);
        Path source = EngineBenchmark.corpus(corpora, size);
        Path work = Files.createTempDirectory("graphiti-bench-exchange");
        Cli from = cli(source);
        // Warm-up: the same paths once on a small graph, so the figures are of the work, not of class loading.
        Path small = Files.createDirectories(work.resolve("warm"));
        for (String format : List.of("json", "markdown", "memory")) {
            EngineBenchmark.run(cli(small), work, "-g", "add", "-k", "decision", "warm-up item for " + format);
            EngineBenchmark.run(cli(small), work, "-g", "export", work.resolve("warm-" + format).toString(), "--as", format);
            EngineBenchmark.run(cli(Files.createDirectories(work.resolve("warm-in-" + format))), work, "-g", "import",
                    work.resolve("warm-" + format).toString(), "--as", format);
        }
        System.out.println(EngineBenchmark.load());
        System.out.println("| format | export | import into an empty graph | import again (nothing new) |");
        System.out.println("|---|---|---|---|");
        for (String format : List.of("json", "markdown", "memory")) {
            Path file = work.resolve("export-" + format);
            Measured exported = measure(() -> EngineBenchmark.run(from, work, "-g", "export", file.toString(), "--as", format,
                    "--format", "json"));
            Cli into = cli(Files.createDirectories(work.resolve("into-" + format)));
            Measured imported = measure(() -> EngineBenchmark.run(into, work, "-g", "import", file.toString(), "--as", format,
                    "--format", "json"));
            Measured again = measure(() -> EngineBenchmark.run(into, work, "-g", "import", file.toString(), "--as", format,
                    "--format", "json"));
            int stored = object(imported.output).getInt("stored");
            int read = object(imported.output).getInt("read");
            System.out.printf(Locale.ROOT, "| %s | %s | %s (%,d of %,d records new) | %s |%n", format,
                    exported.rate(object(exported.output).getInt("items")), imported.rate(read), stored, read,
                    again.rate(read));
        }
        System.out.println(EngineBenchmark.load());
    }

    private static Cli cli(Path home) {
        return new Cli(CliEnvironment.embedded(Map.of("GRAPHITI_HOME", home.toString(), "HOME", home.toString())));
    }

    private static JsonObject object(String json) {
        try (var reader = Json.createReader(new StringReader(json))) {
            return reader.readObject();
        }
    }

    private record Measured(String output, long wallNanos, long cpuNanos) {
        String rate(int items) {
            return String.format(Locale.ROOT, "%,.0f items/s wall, %,.0f items/CPU s", items / (wallNanos / 1e9),
                    items / (cpuNanos / 1e9));
        }
    }

    private static Measured measure(java.util.function.Supplier<String> run) {
        long start = System.nanoTime();
        long startCpu = THREADS.getCurrentThreadCpuTime();
        String output = run.get();
        return new Measured(output, System.nanoTime() - start, THREADS.getCurrentThreadCpuTime() - startCpu);
    }
}
