package dev.graphiti.service;

import dev.graphiti.embed.E5Encoder;
import dev.graphiti.graph.EmbeddingJob;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.ItemService;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.NewItem;
import dev.graphiti.graph.ScopeResolver;
import dev.graphiti.ingest.git.IndexProgress;
import dev.graphiti.ingest.git.IndexRequest;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;

/**
 * `scripts/bench-embed`: background embedding's items per CPU second of the process (EmbeddingJob, the real model, a
 * real SQLite graph) on one-line items, paragraph-length items and a real repository's indexed commits.
 * Arguments: a scratch directory, a git repository to index (its commits are the third corpus).
 */
public final class EmbedBenchmark {

    /** The process's CPU, every thread's: the job may run the model on more than its own thread. */
    private static final com.sun.management.OperatingSystemMXBean PROCESS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private static final int MAX_CONTENT_BYTES = 1 << 16;

    private EmbedBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path scratch = Path.of(args[0]);
        Path repository = Path.of(args[1]);
        Graphs graphs = new Graphs(dev.graphiti.store.Stores.files(Duration.ofSeconds(10)), Optional.empty(), warning -> { });
        ScopeResolver resolver = new ScopeResolver(scratch.resolve("home"));
        try (E5Encoder encoder = E5Encoder.load()) {
            encoder.passages(List.of(new dev.graphiti.graph.TextEncoder.ItemText("warm", "up the model once")));
            GraphLocation lines = resolver.resolve(Files.createDirectories(scratch.resolve("lines")), Optional.empty());
            add(graphs, lines, oneLine(400));
            measure("one-line items (one sentence, about 20 tokens)", graphs, lines, encoder);

            GraphLocation paragraphs = resolver.resolve(Files.createDirectories(scratch.resolve("paragraphs")), Optional.empty());
            add(graphs, paragraphs, paragraphs(120));
            measure("paragraph-length items (six or seven sentences of prose, about 170 tokens)", graphs, paragraphs, encoder);

            GraphLocation commits = resolver.resolve(repository, Optional.empty());
            new IndexService(graphs, Clock.systemUTC(), MAX_CONTENT_BYTES).index(commits, new IndexRequest(false, null), IndexProgress.NONE);
            measure("commit items (" + repository.getFileName() + ", as `graphiti index` keeps them)", graphs, commits, encoder);
        }
    }

    private static void measure(String what, Graphs graphs, GraphLocation location, E5Encoder encoder) {
        try (OpenGraph graph = graphs.open(location)) {
            int[] done = {0};
            long chars = graph.repository().list(dev.graphiti.graph.ItemFilter.current(), 100_000).stream()
                    .mapToLong(item -> item.content().length()).sum();
            long cpu = PROCESS.getProcessCpuTime();
            long wall = System.nanoTime();
            new EmbeddingJob(encoder.model()).run(graph.vectors(), encoder, n -> done[0] += n, () -> false);
            double seconds = (PROCESS.getProcessCpuTime() - cpu) / 1e9;
            System.out.printf(Locale.ROOT, "%s: %d items (content %d characters on average), %.1f s CPU, %.1f s wall"
                            + " = %.1f items per CPU second; %s%n", what, done[0], chars / Math.max(1, done[0]), seconds,
                    (System.nanoTime() - wall) / 1e9, done[0] / seconds, load());
        }
    }

    private static void add(Graphs graphs, GraphLocation location, List<String[]> items) {
        try (OpenGraph graph = graphs.open(location)) {
            ItemService service = graph.items(Clock.systemUTC(), MAX_CONTENT_BYTES);
            for (String[] item : items) {
                service.add(new NewItem(Kind.note, Optional.of(item[0]), item[1], List.of(), "manual", Optional.empty(), Optional.empty()));
            }
        }
    }

    private static List<String[]> oneLine(int count) {
        String[] subjects = {"PostgreSQL", "the billing service", "retries", "the deploy script", "code review", "Kafka"};
        String[] verbs = {"is our choice for", "must not be used for", "was replaced for", "handles", "owns"};
        String[] objects = {"JSON documents", "nightly exports", "rate-limited calls", "production releases", "audit logs"};
        return java.util.stream.IntStream.range(0, count).mapToObj(i -> new String[] {subjects[i % subjects.length] + " decision " + i,
                subjects[i % subjects.length] + " " + verbs[i % verbs.length] + " " + objects[i % objects.length] + " since release " + i + "."})
                .toList();
    }

    /** Prose of six or seven sentences drawn from a fixed set, as a design note or a long decision reads. */
    private static List<String[]> paragraphs(int count) {
        String[] sentences = {
            "The export job runs every night at two and writes one compressed file per tenant to the archive bucket.",
            "We moved the session store from Redis to PostgreSQL because the cluster kept losing keys under memory pressure.",
            "Requests to the payment provider retry three times with exponential backoff, starting at two hundred milliseconds.",
            "The search service keeps its index in memory and rebuilds it from the database when a node starts.",
            "Feature flags live in the configuration repository and are read once a minute by every service.",
            "Migrations must be backwards compatible for one release, so old and new code can run side by side.",
            "The mobile client caches the catalogue for a day and asks for changes with the last modification time.",
            "Alerts page the on-call engineer only when an error budget burns faster than twice its monthly rate.",
            "Large uploads go straight to object storage with a signed address; the API never holds the bytes.",
            "Every public endpoint checks the caller's scope before it reads anything, including for administrators."};
        Random random = new Random(7);
        return java.util.stream.IntStream.range(0, count).mapToObj(i -> {
            StringBuilder text = new StringBuilder();
            for (int s = 0; s < 6 + i % 2; s++) {
                text.append(sentences[random.nextInt(sentences.length)]).append(' ');
            }
            return new String[] {"Design note " + i, text.toString().strip()};
        }).toList();
    }

    private static String load() {
        return String.format(Locale.ROOT, "load %.1f on %d cores", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().availableProcessors());
    }
}
