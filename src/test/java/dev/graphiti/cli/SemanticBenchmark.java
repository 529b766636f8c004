package dev.graphiti.cli;

import dev.graphiti.embed.EmbeddingModel;
import dev.graphiti.embed.BackgroundEmbedding;
import dev.graphiti.embed.E5Encoder;
import dev.graphiti.graph.EmbeddingJob;
import dev.graphiti.graph.QuantizedVector;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.SemanticSearch;
import dev.graphiti.graph.TextEncoder;
import dev.graphiti.graph.VectorIndex;
import dev.graphiti.graph.VectorStore;
import dev.graphiti.store.sqlite.SqliteStore;
import dev.graphiti.toon.TokenCounter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * `scripts/bench-semantic`: background embedding throughput (items per CPU second), then per corpus size warm
 * search latency through the CLI as the MCP server's tools call it (hybrid vs lexical, back to back), add latency
 * with the background embedding running vs without, and the vector index alone at 1M vectors.
 * Arguments: the corpus directory (shared with bench-engine), then the sizes.
 */
public final class SemanticBenchmark {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final int REAL = 1000;
    private static final int QUERIES = 300;

    private SemanticBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path corpora = Files.createDirectories(Path.of(args[0]).toAbsolutePath());
        // Parts to run (--only add,search,index); the corpora and their vectors are always made when missing.
        List<String> parts = Arrays.stream(args).skip(1).filter(a -> a.startsWith("--only="))
                .flatMap(a -> Arrays.stream(a.substring("--only=".length()).split(","))).toList();
        List<Integer> sizes = Arrays.stream(args).skip(1).filter(a -> !a.startsWith("--")).map(Integer::parseInt).toList();
        System.out.println(EngineBenchmark.load());
        long loadStart = THREADS.getCurrentThreadCpuTime();
        long loadWall = System.nanoTime();
        E5Encoder encoder = E5Encoder.load();
        System.out.printf(Locale.ROOT, "model load: %.0f ms wall, %.0f ms CPU on this thread%n",
                (System.nanoTime() - loadWall) / 1e6, (THREADS.getCurrentThreadCpuTime() - loadStart) / 1e6);
        for (int size : sizes) {
            Path home = EngineBenchmark.corpus(corpora, size);
            Path database = home.resolve("global.db");
            fillVectors(encoder, database, size);
            if (parts.isEmpty() || parts.contains("add")) {
                addLatency(encoder, size);
            }
            if (parts.isEmpty() || parts.contains("search")) {
                searchLatency(encoder, home, size);
            }
        }
        if (parts.isEmpty() || parts.contains("index")) {
            indexAtScale(encoder, corpora, 1_000_000);
        }
        System.out.println(EngineBenchmark.load());
    }

    /** The first items embedded for real (timed); the rest get copies of those vectors, which is all latency needs. */
    private static void fillVectors(E5Encoder encoder, Path database, int size) {
        try (VectorStore store = SqliteStore.withDefaults().openVectors(database, Scope.global)) {
            int waiting = store.unembeddedCount(encoder.model());
            if (waiting == 0) {
                System.out.printf(Locale.ROOT, "%,d items: vectors kept from an earlier run%n", size);
                return;
            }
            EmbeddingJob job = new EmbeddingJob(encoder.model());
            long cpu = THREADS.getCurrentThreadCpuTime();
            long wall = System.nanoTime();
            int[] done = {0};
            job.run(store, encoder, n -> done[0] += n, () -> done[0] >= REAL);
            double cpuSeconds = (THREADS.getCurrentThreadCpuTime() - cpu) / 1e9;
            System.out.printf(Locale.ROOT, "embedding realistic items (EmbeddingJob, one thread, bench-engine's items: 630 characters, identifiers and paths, about 200 tokens): %d items in"
                            + " %.1f s wall, %.1f s CPU = %.0f items per CPU second; %s%n", done[0], (System.nanoTime() - wall) / 1e9,
                    cpuSeconds, done[0] / cpuSeconds, EngineBenchmark.load());
            shortItems(encoder);
            List<VectorStore.StoredVector> real = store.after(0, REAL * 4);
            Random random = new Random(1);
            for (List<VectorStore.Unembedded> batch = store.unembedded(encoder.model(), 0, 2000); !batch.isEmpty();
                 batch = store.unembedded(encoder.model(), batch.get(batch.size() - 1).seq(), 2000)) {
                List<VectorStore.ItemVectors> copies = new ArrayList<>();
                for (VectorStore.Unembedded item : batch) {
                    float[] vector = real.get(random.nextInt(real.size())).vector().toFloats();
                    for (int d = 0; d < vector.length; d++) {
                        vector[d] += (float) (random.nextGaussian() * 0.01);
                    }
                    copies.add(new VectorStore.ItemVectors(item.seq(), List.of(QuantizedVector.of(normalized(vector)))));
                }
                store.put(encoder.model(), copies);
            }
        }
    }

    /** Items of one sentence, as most decisions and preferences are. */
    private static void shortItems(E5Encoder encoder) {
        String[] subjects = {"PostgreSQL", "the billing service", "retries", "the deploy script", "code review", "Kafka"};
        String[] verbs = {"is our choice for", "must not be used for", "was replaced for", "handles", "owns"};
        String[] objects = {"JSON documents", "nightly exports", "rate-limited calls", "production releases", "audit logs"};
        List<TextEncoder.ItemText> items = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            String subject = subjects[i % subjects.length];
            items.add(new TextEncoder.ItemText(subject + " decision " + i, subject + " " + verbs[i % verbs.length] + " "
                    + objects[i % objects.length] + " since release " + i + "."));
        }
        long cpu = THREADS.getCurrentThreadCpuTime();
        encoder.passages(items);
        double seconds = (THREADS.getCurrentThreadCpuTime() - cpu) / 1e9;
        System.out.printf(Locale.ROOT, "embedding short items (one sentence, about 20 tokens): %d in %.1f s CPU = %.0f items"
                + " per CPU second; %s%n", items.size(), seconds, items.size() / seconds, EngineBenchmark.load());
    }

    private static float[] normalized(float[] vector) {
        double norm = 0;
        for (float v : vector) {
            norm += v * v;
        }
        for (int d = 0; d < vector.length; d++) {
            vector[d] /= (float) Math.sqrt(norm);
        }
        return vector;
    }

    private static SemanticSearch loaded(E5Encoder encoder) {
        SqliteStore store = SqliteStore.withDefaults();
        // Shared by every run here: closing a run's semantic search must not close the model.
        TextEncoder kept = new TextEncoder() {
            @Override
            public String model() {
                return encoder.model();
            }

            @Override
            public float[] query(String text) {
                return encoder.query(text);
            }

            @Override
            public List<float[][]> passages(List<ItemText> items) {
                return encoder.passages(items);
            }
        };
        BackgroundEmbedding semantics = new BackgroundEmbedding(store::openVectors, () -> kept, encoder.model(), System.err);
        semantics.encoder();
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (semantics.status() != SemanticSearch.Status.ready && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        return semantics;
    }

    private static void searchLatency(E5Encoder encoder, Path home, int size) throws Exception {
        Path work = Files.createDirectories(home.resolve("work"));
        Map<String, String> environment = Map.of("GRAPHITI_HOME", home.toString(), "HOME", home.toString());
        Cli cli = new Cli(CliEnvironment.embedded(environment), new TokenCounter(1.2), Optional.of(loaded(encoder)));
        RealisticItems generator = new RealisticItems(7, Instant.now());
        for (String ranking : List.of("lexical", "hybrid", "semantic")) {
            for (int i = 0; i < 200; i++) {  // compiled before anything is measured
                search(cli, work, generator.query(), ranking);
            }
        }
        for (String ranking : List.of("lexical", "hybrid", "semantic", "lexical", "hybrid")) {
            long[] wall = new long[QUERIES];
            long[] cpu = new long[QUERIES];
            for (int i = 0; i < QUERIES; i++) {
                String query = generator.query();
                long start = System.nanoTime();
                long startCpu = THREADS.getCurrentThreadCpuTime();
                search(cli, work, query, ranking);
                wall[i] = System.nanoTime() - start;
                cpu[i] = THREADS.getCurrentThreadCpuTime() - startCpu;
            }
            Arrays.sort(wall);
            Arrays.sort(cpu);
            System.out.printf(Locale.ROOT, "%,d items: search --ranking %s via the server's in-process CLI (warm, %d queries):"
                            + " wall p50 %.1f ms, p95 %.1f ms; CPU p50 %.1f ms, p95 %.1f ms; %s%n", size, ranking, QUERIES,
                    EngineBenchmark.ms(wall, 50), EngineBenchmark.ms(wall, 95), EngineBenchmark.ms(cpu, 50),
                    EngineBenchmark.ms(cpu, 95), EngineBenchmark.load());
        }
        cli.close();
    }

    private static void search(Cli cli, Path work, String query, String ranking) {
        List<String> args = new ArrayList<>(List.of("-g", "search"));
        args.addAll(Arrays.asList(query.split(" ")));
        args.addAll(List.of("--limit", "10", "--format", "json", "--ranking", ranking));
        String out = EngineBenchmark.run(cli, work, args.toArray(String[]::new));
        if (out.contains("\"semantic\":\"")) {
            throw new IllegalStateException("search fell back to words: " + out.substring(0, Math.min(300, out.length())));
        }
    }

    /** add through the server's CLI with the background embedding at work, then without it, back to back. */
    private static void addLatency(E5Encoder encoder, int size) throws Exception {
        if (size != 10_000) {
            return;
        }
        for (boolean semantic : new boolean[] {false, true, false, true}) {
            Path home = Files.createTempDirectory("graphiti-bench-add");
            Path work = Files.createDirectories(home.resolve("work"));
            Map<String, String> environment = Map.of("GRAPHITI_HOME", home.toString(), "HOME", home.toString());
            Optional<SemanticSearch> semantics = semantic ? Optional.of(loaded(encoder)) : Optional.empty();
            Cli cli = new Cli(CliEnvironment.embedded(environment), new TokenCounter(1.2), semantics);
            RealisticItems generator = new RealisticItems(42, Instant.now());
            EngineBenchmark.run(cli, work, "add", "-g", "warm up");
            int adds = 300;
            long[] wall = new long[adds];
            long[] cpu = new long[adds];
            for (int i = 0; i < adds; i++) {
                var item = generator.next(i);
                long start = System.nanoTime();
                long startCpu = THREADS.getCurrentThreadCpuTime();
                EngineBenchmark.run(cli, work, "add", "-g", "-q", "-k", item.kind().name(), "--title", item.title().orElseThrow(),
                        item.content());
                wall[i] = System.nanoTime() - start;
                cpu[i] = THREADS.getCurrentThreadCpuTime() - startCpu;
                if (i % 10 == 0) {
                    Thread.sleep(20);
                }
            }
            Arrays.sort(wall);
            Arrays.sort(cpu);
            System.out.printf(Locale.ROOT, "add via the server's in-process CLI, background embedding %s: wall p50 %.1f ms,"
                            + " p95 %.1f ms; CPU p50 %.1f ms, p95 %.1f ms; %s%n", semantic ? "on " : "off",
                    EngineBenchmark.ms(wall, 50), EngineBenchmark.ms(wall, 95), EngineBenchmark.ms(cpu, 50),
                    EngineBenchmark.ms(cpu, 95), EngineBenchmark.load());
            cli.close();
            semantics.ifPresent(s -> ((BackgroundEmbedding) s).close());
        }
    }

    /**
     * The vector index alone at {@code count} passage vectors in a real graph file (items with vectors and nothing
     * else, made once under the corpora directory): with every int8 value held in memory, then as a server holds
     * that many (sign bits only, the exact pass reading its candidates' values from SQLite by row id).
     */
    private static void indexAtScale(TextEncoder encoder, Path corpora, int count) throws Exception {
        float[][] seeds = new float[200][];
        for (int i = 0; i < seeds.length; i++) {
            seeds[i] = encoder.query("topic number " + i + " about " + (i % 2 == 0 ? "deployments" : "databases"));
        }
        Path file = corpora.resolve("vectors-" + count + ".db");
        if (!Files.exists(file)) {
            long start = System.nanoTime();
            Path partial = corpora.resolve("vectors-" + count + ".partial.db");
            Files.deleteIfExists(partial);
            SqliteStore.withDefaults().openVectors(partial, Scope.global).close();
            writeVectors(partial, seeds, count, encoder.model());
            Files.move(partial, file);
            System.out.printf(Locale.ROOT, "%,d passage vectors written to %s in %.0f s%n", count, file, (System.nanoTime() - start) / 1e9);
        }
        Random random = new Random(4);
        try (VectorStore store = SqliteStore.withDefaults().openVectors(file, Scope.global)) {
            for (int held : new int[] {Integer.MAX_VALUE, VectorIndex.HELD}) {
                VectorIndex index = new VectorIndex(EmbeddingModel.CURRENT.dimensions(), held);
                long loadCpu = THREADS.getCurrentThreadCpuTime();
                index.refresh(store, encoder.model());
                loadCpu = THREADS.getCurrentThreadCpuTime() - loadCpu;
                long[] wall = new long[200];
                long[] cpu = new long[200];
                for (int i = -50; i < wall.length; i++) {
                    float[] query = seeds[random.nextInt(seeds.length)];
                    long start = System.nanoTime();
                    long startCpu = THREADS.getCurrentThreadCpuTime();
                    index.nearest(store, query, 30);
                    if (i >= 0) {
                        wall[i] = System.nanoTime() - start;
                        cpu[i] = THREADS.getCurrentThreadCpuTime() - startCpu;
                    }
                }
                Arrays.sort(wall);
                Arrays.sort(cpu);
                long perPassage = held >= count ? EmbeddingModel.CURRENT.dimensions() + 6 * Long.BYTES + Float.BYTES + Long.BYTES
                        : 6 * Long.BYTES + Float.BYTES + Long.BYTES;
                System.out.printf(Locale.ROOT, "vector index alone, %,d vectors, %s: nearest 30 CPU p50 %.1f ms, p95 %.1f ms;"
                                + " wall p50 %.1f ms, p95 %.1f ms; %d MiB held besides the item ids; loaded in %.1f s CPU; %s%n",
                        count, held >= count ? "int8 values in memory" : "sign bits in memory, int8 read by row id",
                        EngineBenchmark.ms(cpu, 50), EngineBenchmark.ms(cpu, 95), EngineBenchmark.ms(wall, 50),
                        EngineBenchmark.ms(wall, 95), count * perPassage >> 20, loadCpu / 1e9, EngineBenchmark.load());
            }
        }
    }

    /** Items with one passage vector each (copies of the seeds with noise) and nothing else, in one transaction. */
    private static void writeVectors(Path file, float[][] seeds, int count, String model) throws Exception {
        Random random = new Random(3);
        try (java.sql.Connection connection = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file)) {
            connection.setAutoCommit(false);
            try (var items = connection.prepareStatement("INSERT INTO items (seq, id, kind, title, title_key, content, source,"
                    + " created_at, fingerprint) VALUES (?, ?, 'note', ?, ?, '', 'bench', 0, ?)");
                 var vectors = connection.prepareStatement("INSERT INTO item_vectors (id, seq, chunk, scale, vector) VALUES (?, ?, 0, ?, ?)");
                 var named = connection.prepareStatement("UPDATE vector_model SET model = ?")) {
                for (int i = 1; i <= count; i++) {
                    float[] vector = seeds[random.nextInt(seeds.length)].clone();
                    for (int d = 0; d < vector.length; d++) {
                        vector[d] += (float) (random.nextGaussian() * 0.02);
                    }
                    QuantizedVector quantized = QuantizedVector.of(normalized(vector));
                    items.setLong(1, i);
                    items.setString(2, "item" + i);
                    items.setString(3, "item " + i);
                    items.setString(4, "item " + i);
                    items.setString(5, "f" + i);
                    items.addBatch();
                    vectors.setLong(1, i);
                    vectors.setLong(2, i);
                    vectors.setFloat(3, quantized.scale());
                    vectors.setBytes(4, quantized.values());
                    vectors.addBatch();
                    if (i % 10_000 == 0) {
                        items.executeBatch();
                        vectors.executeBatch();
                    }
                }
                items.executeBatch();
                vectors.executeBatch();
                named.setString(1, model);
                named.executeUpdate();
            }
            connection.commit();
        }
    }
}
