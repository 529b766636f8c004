package dev.graphiti.store.postgres;

import dev.graphiti.graph.EntityExtractor;
import dev.graphiti.graph.Fingerprint;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.ItemIds;
import dev.graphiti.graph.ItemRepository;
import dev.graphiti.graph.ItemService;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.LexicalRanking;
import dev.graphiti.graph.NewItem;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.SearchQuery;
import dev.graphiti.graph.SecretRedaction;
import dev.graphiti.store.GraphDatabase;
import dev.graphiti.store.SqliteStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * A store under a team's load, SQLite and PostgreSQL with the same code: a graph of N generated items (bulk-loaded),
 * then W writers each adding items through the item service (deduplication and all) while R readers search it by
 * words. Prints add and search p50/p95/p99 and checks that every item added is there (none lost). Run by
 * scripts/bench-store [ITEMS] [WRITERS].
 */
public final class StoreBenchmark {

    private static final String[] WORDS = vocabulary();

    private StoreBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int items = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int writers = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        int addsPerWriter = 50;
        int readers = args.length > 2 ? Integer.parseInt(args[2]) : 4;
        Path temp = Files.createTempDirectory("graphiti-store-bench");
        System.out.printf("store benchmark: %,d items, %d writers x %d adds, %d readers searching meanwhile%n",
                items, writers, addsPerWriter, readers);
        run("SQLite", () -> SqliteStore.withDefaults().openWithIngest(temp.resolve("graph.db"), Scope.project),
                items, writers, addsPerWriter, readers);
        PostgresServer server = PostgresServer.start(PostgresServer.binaries().orElseThrow(
                () -> new IllegalStateException("no PostgreSQL: run scripts/install-postgresql")));
        try (PostgresStore store = PostgresStore.pooled(server.newDatabase(), Optional.empty(), Optional.empty(),
                writers + readers + 2, "english", Duration.ofSeconds(60))) {
            run("PostgreSQL", () -> store.open("bench", Scope.project), items, writers, addsPerWriter, readers);
        } finally {
            server.close();
        }
    }

    private static void run(String name, Supplier<GraphDatabase> open, int items, int writers, int addsPerWriter,
                            int readers) throws Exception {
        long loadStart = System.nanoTime();
        try (GraphDatabase graph = open.get()) {
            Random random = new Random(7);
            for (int done = 0; done < items; ) {
                int batch = Math.min(2_000, items - done);
                int first = done;
                graph.items().write(writer -> {
                    for (int i = first; i < first + batch; i++) {
                        String title = sentence(random, 5);
                        String content = sentence(random, 40);
                        writer.insert(new KnowledgeItem(String.format("b%07d", i), Scope.project, Kind.values()[i % 6],
                                title, content, List.of(WORDS[i % 50]), "bench", List.of(),
                                Instant.parse("2025-01-01T00:00:00Z").plusSeconds(i), Optional.empty(), Optional.empty(),
                                Optional.empty()), Fingerprint.of(title, content), Optional.empty());
                    }
                    return null;
                });
                done += batch;
            }
        }
        System.out.printf("%n%s: loaded %,d items in %.1f s%n", name, items, (System.nanoTime() - loadStart) / 1e9);

        ConcurrentLinkedQueue<Long> adds = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<Long> searches = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<String> added = new ConcurrentLinkedQueue<>();
        AtomicBoolean writing = new AtomicBoolean(true);
        ExecutorService pool = Executors.newFixedThreadPool(writers + readers);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<?>> work = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            int writer = w;
            work.add(pool.submit(() -> {
                try (GraphDatabase graph = open.get()) {
                    ItemService service = new ItemService(graph.items(), Scope.project,
                            text -> new SecretRedaction.Redacted(text, 0), new EntityExtractor(), new ItemIds(),
                            Clock.systemUTC(), 1 << 20);
                    Random random = new Random(100 + writer);
                    go.await();
                    for (int i = 0; i < addsPerWriter; i++) {
                        String content = "writer " + writer + " fact " + i + ": " + sentence(random, 30);
                        long start = System.nanoTime();
                        added.add(service.add(new NewItem(Kind.decision, Optional.empty(), content, List.of(), "bench",
                                Optional.empty(), Optional.empty())).item().id());
                        adds.add(System.nanoTime() - start);
                    }
                }
                return null;
            }));
        }
        for (int r = 0; r < readers; r++) {
            int reader = r;
            work.add(pool.submit(() -> {
                try (GraphDatabase graph = open.get()) {
                    LexicalRanking ranking = new LexicalRanking(graph.items(), Clock.systemUTC(), Duration.ofDays(90));
                    Random random = new Random(200 + reader);
                    go.await();
                    while (writing.get()) {
                        String query = sentence(random, 3);
                        long start = System.nanoTime();
                        ranking.search(new SearchQuery(query, ItemFilter.current(), 10, false));
                        searches.add(System.nanoTime() - start);
                    }
                }
                return null;
            }));
        }
        long start = System.nanoTime();
        go.countDown();
        for (int w = 0; w < writers; w++) {
            work.get(w).get(30, TimeUnit.MINUTES);
        }
        writing.set(false);
        for (Future<?> reader : work.subList(writers, work.size())) {
            reader.get(5, TimeUnit.MINUTES);
        }
        pool.shutdown();
        double seconds = (System.nanoTime() - start) / 1e9;
        int lost;
        try (GraphDatabase graph = open.get()) {
            List<String> ids = new ArrayList<>(added);
            lost = ids.size() - graph.items().getAll(ids).size();
        }
        System.out.printf("%s: %d adds by %d writers in %.1f s, %d searches meanwhile; lost items: %d%n", name,
                adds.size(), writers, seconds, searches.size(), lost);
        System.out.printf("%-12s %8s %8s %8s%n", "ms", "p50", "p95", "p99");
        print("add", adds);
        print("search", searches);
    }

    private static void print(String what, ConcurrentLinkedQueue<Long> nanos) {
        List<Long> sorted = new ArrayList<>(nanos);
        Collections.sort(sorted);
        System.out.printf("%-12s %8.1f %8.1f %8.1f%n", what, at(sorted, 0.50), at(sorted, 0.95), at(sorted, 0.99));
    }

    private static double at(List<Long> sorted, double quantile) {
        return sorted.isEmpty() ? 0 : sorted.get(Math.min(sorted.size() - 1, (int) (quantile * sorted.size()))) / 1e6;
    }

    /** Words drawn with a Zipf-like skew: a few common ones, a long tail of rare ones. */
    private static String sentence(Random random, int words) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < words; i++) {
            int index = (int) Math.min(WORDS.length - 1, Math.floor(Math.pow(WORDS.length, random.nextDouble())) - 1);
            text.append(i == 0 ? "" : " ").append(WORDS[Math.max(0, index)]);
        }
        return text.toString();
    }

    private static String[] vocabulary() {
        String[] stems = {"cache", "queue", "retry", "schema", "token", "session", "ledger", "billing", "gateway",
            "index", "deploy", "cluster", "replica", "migration", "timeout", "parser", "worker", "socket", "budget",
            "payload", "tenant", "invoice", "webhook", "scheduler", "encoder", "cursor", "shard", "snapshot"};
        String[] tails = {"", "service", "client", "handler", "config", "store", "job", "event", "policy", "limit",
            "manager", "table", "stream", "check", "key", "path", "pool", "map", "state", "error", "test", "flow",
            "rule", "plan", "task", "view", "log", "spec", "unit", "hook"};
        List<String> words = new ArrayList<>();
        for (String tail : tails) {
            for (String stem : stems) {
                words.add(stem + tail);
            }
        }
        return words.toArray(String[]::new);
    }
}
