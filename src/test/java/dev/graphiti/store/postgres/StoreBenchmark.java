package dev.graphiti.store.postgres;

import dev.graphiti.graph.EntityExtractor;
import dev.graphiti.graph.Fingerprint;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.ItemIds;
import dev.graphiti.graph.ItemService;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.LexicalRanking;
import dev.graphiti.graph.NewItem;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.SearchQuery;
import dev.graphiti.graph.SecretRedaction;
import dev.graphiti.graph.GraphDatabase;
import dev.graphiti.store.sqlite.SqliteStore;
import java.io.IOException;
import java.io.StringReader;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
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
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.function.Supplier;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;

/**
 * A store under a team's load, SQLite and PostgreSQL with the same code: a graph of N generated items (bulk-loaded),
 * then W writers each adding items through the item service (deduplication and all) while R readers search it by
 * words, a round to warm up and then the measured one. Prints add and search p50/p95/p99, the CPU time spent (and on
 * PostgreSQL where its statements spent theirs), checks that every item added is there (none lost), then times searches
 * alone. Run by scripts/bench-store [ITEMS] [WRITERS] [READERS] [sqlite,postgresql] [ADDS]; BENCH_PACE paces the writers,
 * BENCH_SEARCH_PACE the readers. On PostgreSQL each add and search borrows a connection for its own time from a pool of
 * BENCH_POOL (the team server's graphiti.store.pool-size, 10 by default), as the server's tool calls do.
 */
public final class StoreBenchmark {

    private static final String[] WORDS = vocabulary();
    /** BENCH_PACE: each writer's adds per second (0, the default: back to back, as fast as the store takes them). */
    private static final double PACE = Double.parseDouble(Optional.ofNullable(System.getenv("BENCH_PACE")).orElse("0"));
    /** BENCH_SEARCH_PACE: each reader's searches per second while the writers add (0: back to back). */
    private static final double SEARCH_PACE = Double.parseDouble(Optional.ofNullable(System.getenv("BENCH_SEARCH_PACE"))
            .orElse("0"));

    /** BENCH_POOL: PostgreSQL connections the workers borrow from per call (0: each worker holds its own). */
    private static final int POOL = Integer.parseInt(Optional.ofNullable(System.getenv("BENCH_POOL")).orElse("10"));

    private StoreBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int items = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int writers = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        int readers = args.length > 2 ? Integer.parseInt(args[2]) : 4;
        List<String> stores = List.of((args.length > 3 ? args[3] : "sqlite,postgresql").split(","));
        int addsPerWriter = args.length > 4 ? Integer.parseInt(args[4]) : 50;
        System.out.printf("store benchmark: %,d items, %d writers x %d adds (%s), %d readers searching meanwhile%s%n",
                items, writers, addsPerWriter, PACE > 0 ? String.format("each %.1f adds/s, %.0f adds/s in all", PACE,
                        PACE * writers) : "back to back", readers, SEARCH_PACE > 0 ? String.format(" (each %.1f searches/s)",
                        SEARCH_PACE) : "");
        if (stores.contains("sqlite")) {
            Path temp = Files.createTempDirectory("graphiti-store-bench");
            Supplier<GraphDatabase> open = () -> SqliteStore.withDefaults().openGraph(temp.resolve("graph.db"),
                    Scope.project);
            long loadStart = System.nanoTime();
            try (GraphDatabase graph = open.get()) {
                load(graph, items);
            }
            System.out.printf("%nSQLite: loaded %,d items in %.1f s%n", items, (System.nanoTime() - loadStart) / 1e9);
            run("SQLite", open, false, writers, addsPerWriter, readers, Optional.empty());
        }
        if (stores.contains("postgresql")) {
            // The generated graph is kept between runs (a 1M graph takes minutes to make): target/bench-store/postgresql.
            PostgresServer server = PostgresServer.kept(PostgresServer.binaries().orElseThrow(
                    () -> new IllegalStateException("no PostgreSQL: run scripts/install-postgresql")),
                    Path.of("target/bench-store/postgresql").toAbsolutePath(), "-c shared_preload_libraries=pg_stat_statements"
                    + " -c shared_buffers=2GB -c maintenance_work_mem=512MB" + durability());
            try {
                String database = "bench_" + items;
                try (Connection admin = server.connect("postgres"); Statement statement = admin.createStatement()) {
                    ResultSet exists = statement.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + database + "'");
                    if (!exists.next()) {
                        statement.execute("CREATE DATABASE " + database);
                    }
                }
                try (PostgresStore store = PostgresStore.pooled(server.url(database), Optional.empty(), Optional.empty(),
                        POOL > 0 ? POOL : writers + readers + 2, "english", Duration.ofSeconds(60));
                     Connection direct = server.connect(database)) {
                    Supplier<GraphDatabase> open = () -> store.open("bench", Scope.project);
                    try (GraphDatabase graph = open.get()) {
                        graph.items().list(ItemFilter.current(), 1); // makes the graph's schema
                    }
                    prepare(direct, items);
                    run("PostgreSQL", open, POOL > 0, writers, addsPerWriter, readers,
                            Optional.of(new ServerStatistics(direct, server)));
                }
            } finally {
                server.close();
            }
        }
    }

    /**
     * The tests' server runs with fsync off; BENCH_FSYNC=on runs it as PostgreSQL's defaults do (a commit waits for its
     * WAL to reach the disk), what a production server does.
     */
    private static String durability() {
        boolean on = "on".equals(System.getenv("BENCH_FSYNC"));
        System.out.printf("PostgreSQL with fsync %s; %s%n", on ? "on (synchronous_commit, full_page_writes on)" : "off",
                POOL > 0 ? "each call borrows one of " + POOL + " pooled connections" : "each worker holds a connection");
        return on ? " -c fsync=on -c synchronous_commit=on -c full_page_writes=on" : "";
    }

    /** Fills a new graph with {@code items} generated items, 2,000 a transaction, through the store's writer. */
    private static void load(GraphDatabase graph, int items) {
        Random random = new Random(7);
        for (int done = 0; done < items; ) {
            int batch = Math.min(2_000, items - done);
            int first = done;
            graph.items().write(writer -> {
                for (int i = first; i < first + batch; i++) {
                    String title = sentence(random, 5);
                    String content = sentence(random, 40);
                    writer.insert(new KnowledgeItem(String.format("b%07d", i), Scope.project, Kind.values()[i % 6],
                            title, content, List.of(WORDS[i % 50]), "bench", List.of(), created(i), Optional.empty(),
                            Optional.empty(), Optional.empty()), Fingerprint.of(title, content), Optional.empty());
                }
                return null;
            });
            done += batch;
        }
    }

    private static Instant created(int i) {
        return Instant.parse("2025-01-01T00:00:00Z").plusSeconds(i);
    }

    /**
     * The kept PostgreSQL graph as a run starts: the generated items (the same as {@link #load} writes, copied in with
     * COPY and the full-text index built after) with what earlier runs added removed; made when absent.
     */
    private static void prepare(Connection connection, int items) throws Exception {
        fill(connection, items);
        // A server's working set is in memory; one just started reads it from disk: read the graph into its cache.
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE EXTENSION IF NOT EXISTS pg_prewarm SCHEMA public");
            statement.executeQuery("SELECT public.pg_prewarm(c.oid) FROM pg_class c JOIN pg_namespace n ON n.oid = "
                    + "c.relnamespace WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'i')").close();
        }
    }

    private static void fill(Connection connection, int items) throws Exception {
        String schema;
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements SCHEMA public");
            ResultSet row = statement.executeQuery("SELECT 'graphiti_g' || number FROM graphiti.graphs WHERE name = 'bench'");
            row.next();
            schema = row.getString(1);
            statement.execute("SET search_path TO " + schema);
            // the generated items are seq 1..items (COPY into an empty table); what runs added comes after them
            ResultSet count = statement.executeQuery("SELECT count(*) FILTER (WHERE seq <= " + items + "), count(*) FROM items");
            count.next();
            if (count.getLong(1) == items) {
                if (count.getLong(2) > items) {
                    statement.execute("DELETE FROM items WHERE seq > " + items);
                }
                statement.execute("ALTER TABLE items ALTER COLUMN seq RESTART WITH " + (items + 1));
                statement.execute("VACUUM ANALYZE items");
                statement.execute("VACUUM ANALYZE item_tags");
                System.out.printf("%nPostgreSQL: the kept graph of %,d items (%s)%n", items, schema);
                return;
            }
        }
        long start = System.nanoTime();
        try (Statement statement = connection.createStatement()) {
            statement.execute("TRUNCATE items RESTART IDENTITY CASCADE");
            statement.execute("DROP INDEX IF EXISTS items_search");
        }
        CopyManager copy = connection.unwrap(PGConnection.class).getCopyAPI();
        Random random = new Random(7);
        for (int done = 0; done < items; ) {
            int batch = Math.min(50_000, items - done);
            StringBuilder rows = new StringBuilder();
            for (int i = done; i < done + batch; i++) {
                String title = sentence(random, 5);
                String content = sentence(random, 40);
                Fingerprint fingerprint = Fingerprint.of(title, content);
                rows.append(String.format("b%07d", i)).append('\t').append(Kind.values()[i % 6].name()).append('\t')
                        .append(title).append('\t').append(fingerprint.titleKey()).append('\t').append(content)
                        .append('\t').append(WORDS[i % 50]).append("\t\tbench\t").append(created(i).toEpochMilli())
                        .append('\t').append(fingerprint.contentHash()).append('\n');
            }
            copy.copyIn("COPY items (id, kind, title, title_key, content, tags, entities, source, created_at, fingerprint)"
                    + " FROM STDIN", new StringReader(rows.toString()));
            done += batch;
        }
        try (Statement statement = connection.createStatement()) {
            statement.execute("INSERT INTO item_tags (tag, seq) SELECT tags, seq FROM items");
            statement.execute("CREATE INDEX items_search ON items USING gin (search)");
            statement.execute("ALTER TABLE items ALTER COLUMN seq RESTART WITH " + (items + 1));
            statement.execute("VACUUM ANALYZE items");
            statement.execute("VACUUM ANALYZE item_tags");
        }
        System.out.printf("%nPostgreSQL: generated %,d items with COPY in %.1f s%n", items, (System.nanoTime() - start) / 1e9);
    }

    /** A round of the writers and readers to warm the JVM up (not reported), the measured round, searches alone. */
    private static void run(String name, Supplier<GraphDatabase> open, boolean perCall, int writers, int addsPerWriter,
                            int readers, Optional<ServerStatistics> server) throws Exception {
        round(name, open, perCall, writers, addsPerWriter, readers, server, 0);
        round(name, open, perCall, writers, addsPerWriter, readers, server, 1);
        searchAlone(name, open, 200, server);
    }

    private static void round(String name, Supplier<GraphDatabase> open, boolean perCall, int writers,
                              int addsPerWriter, int readers, Optional<ServerStatistics> server, int round)
            throws Exception {
        ConcurrentLinkedQueue<Long> adds = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<Long> searches = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<String> added = new ConcurrentLinkedQueue<>();
        AtomicBoolean writing = new AtomicBoolean(true);
        AtomicLong writerCpu = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(writers + readers);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<?>> work = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            int writer = w;
            work.add(pool.submit(() -> {
                try (Lease lease = new Lease(open, perCall)) {
                    EntityExtractor extractor = new EntityExtractor();
                    ItemIds ids = new ItemIds();
                    Random random = new Random(100 + writer + 1000L * round);
                    go.await();
                    long cpu0 = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
                    // paced: each writer's adds are due at a fixed rate from a random phase, and an add's time counts
                    // from when it was due, so a writer that falls behind sees its queueing (no coordinated omission)
                    long period = PACE > 0 ? (long) (1e9 / PACE) : 0;
                    long due = System.nanoTime() + (period > 0 ? random.nextLong(period) : 0);
                    for (int i = 0; i < addsPerWriter; i++) {
                        String content = "round " + round + " writer " + writer + " fact " + i + ": " + sentence(random, 30);
                        for (long wait; period > 0 && (wait = due - System.nanoTime()) > 0; ) {
                            LockSupport.parkNanos(wait);
                        }
                        long start = period > 0 ? due : System.nanoTime();
                        added.add(lease.call(graph -> new ItemService(graph.items(), Scope.project,
                                text -> new SecretRedaction.Redacted(text, 0), extractor, ids, Clock.systemUTC(), 1 << 20)
                                .add(new NewItem(Kind.decision, Optional.empty(), content, List.of(), "bench",
                                        Optional.empty(), Optional.empty())).item().id()));
                        adds.add(System.nanoTime() - start);
                        due += period;
                    }
                    writerCpu.addAndGet(ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpu0);
                }
                return null;
            }));
        }
        for (int r = 0; r < readers; r++) {
            int reader = r;
            work.add(pool.submit(() -> {
                try (Lease lease = new Lease(open, perCall)) {
                    Random random = new Random(200 + reader + 1000L * round);
                    go.await();
                    long period = SEARCH_PACE > 0 ? (long) (1e9 / SEARCH_PACE) : 0;
                    long due = System.nanoTime() + (period > 0 ? random.nextLong(period) : 0);
                    while (writing.get()) {
                        String query = sentence(random, 3);
                        for (long wait; period > 0 && (wait = due - System.nanoTime()) > 0 && writing.get(); ) {
                            LockSupport.parkNanos(Math.min(wait, 10_000_000));
                        }
                        if (!writing.get()) {
                            break;
                        }
                        long start = period > 0 ? due : System.nanoTime();
                        lease.call(graph -> new LexicalRanking(graph.items(), Clock.systemUTC(), Duration.ofDays(90))
                                .search(new SearchQuery(query, ItemFilter.current(), 10, false)));
                        searches.add(System.nanoTime() - start);
                        due += period;
                    }
                }
                return null;
            }));
        }
        for (ServerStatistics statistics : server.stream().toList()) {
            statistics.reset();
        }
        long serverCpu = server.map(ServerStatistics::cpuNanos).orElse(0L);
        long jvmCpu = jvmCpuNanos();
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
        double jvmSeconds = (jvmCpuNanos() - jvmCpu) / 1e9;
        double serverSeconds = (server.map(ServerStatistics::cpuNanos).orElse(0L) - serverCpu) / 1e9;
        int lost;
        try (GraphDatabase graph = open.get()) {
            List<String> ids = new ArrayList<>(added);
            lost = ids.size() - graph.items().getAll(ids).size();
        }
        if (round == 0) {
            System.out.printf("%s: warm-up round, %d adds in %.1f s; lost items: %d%n", name, adds.size(), seconds, lost);
            return;
        }
        System.out.printf("%s: %d adds by %d writers in %.1f s, %d searches meanwhile; lost items: %d%n", name,
                adds.size(), writers, seconds, searches.size(), lost);
        System.out.printf("%-12s %8s %8s %8s%n", "ms", "p50", "p95", "p99");
        print("add", adds);
        print("search", searches);
        System.out.printf("CPU over the run: JVM %.1f s (the writers' threads %.1f s)%s (%.1f s wall, load %s)%n", jvmSeconds, writerCpu.get() / 1e9,
                server.isPresent() ? String.format(", PostgreSQL %.1f s", serverSeconds) : "", seconds, load());
        for (ServerStatistics statistics : server.stream().toList()) {
            statistics.print();
        }
    }

    /** One reader alone, {@code count} searches after 20 to warm up: the search's own cost, no writer beside it. */
    private static void searchAlone(String name, Supplier<GraphDatabase> open, int count,
                                    Optional<ServerStatistics> server) throws SQLException {
        ConcurrentLinkedQueue<Long> searches = new ConcurrentLinkedQueue<>();
        long jvmCpu = jvmCpuNanos();
        long serverCpu = server.map(ServerStatistics::cpuNanos).orElse(0L);
        try (GraphDatabase graph = open.get()) {
            LexicalRanking ranking = new LexicalRanking(graph.items(), Clock.systemUTC(), Duration.ofDays(90));
            Random random = new Random(300);
            for (int i = 0; i < count + 20; i++) {
                if (i == 20 && server.isPresent()) {
                    server.get().reset();
                    serverCpu = server.get().cpuNanos();
                }
                String query = sentence(random, 3);
                long start = System.nanoTime();
                ranking.search(new SearchQuery(query, ItemFilter.current(), 10, false));
                if (i >= 20) {
                    searches.add(System.nanoTime() - start);
                }
            }
        }
        System.out.printf("%s: %d searches alone (JVM CPU %.1f s%s, load %s)%n", name, count,
                (jvmCpuNanos() - jvmCpu) / 1e9, server.isPresent() ? String.format(", PostgreSQL %.1f s",
                        (server.get().cpuNanos() - serverCpu) / 1e9) : "", load());
        print("search alone", searches);
        for (ServerStatistics statistics : server.stream().toList()) {
            statistics.print();
        }
    }

    /**
     * The graph a worker adds to or searches: its own, held for the round, or borrowed from the pool for each call
     * and given back, as the team server's tool calls borrow theirs (a wait for a free connection counts in the call).
     */
    private static final class Lease implements AutoCloseable {
        private final Supplier<GraphDatabase> open;
        private final Optional<GraphDatabase> held;

        Lease(Supplier<GraphDatabase> open, boolean perCall) {
            this.open = open;
            this.held = perCall ? Optional.empty() : Optional.of(open.get());
        }

        <T> T call(Function<GraphDatabase, T> work) {
            if (held.isPresent()) {
                return work.apply(held.get());
            }
            try (GraphDatabase graph = open.get()) {
                return work.apply(graph);
            }
        }

        @Override
        public void close() {
            held.ifPresent(GraphDatabase::close);
        }
    }

    private static long jvmCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException e) {
            return "?";
        }
    }

    /** PostgreSQL's side of a run: its processes' CPU time and where its statements spent their time. */
    private record ServerStatistics(Connection connection, PostgresServer server) {

        void reset() throws SQLException {
            try (Statement statement = connection.createStatement()) {
                statement.execute("SELECT public.pg_stat_statements_reset()");
            }
        }

        long cpuNanos() {
            return server.cpuNanos();
        }

        void print() throws SQLException {
            System.out.printf("%-10s %8s %9s %9s  %s%n", "statements", "calls", "mean ms", "total s", "query");
            try (Statement statement = connection.createStatement();
                 ResultSet row = statement.executeQuery("SELECT calls, mean_exec_time, total_exec_time / 1000, "
                         + "regexp_replace(query, '\\s+', ' ', 'g') FROM public.pg_stat_statements WHERE calls > 10 "
                         + "ORDER BY total_exec_time DESC LIMIT 12")) {
                while (row.next()) {
                    String query = row.getString(4);
                    System.out.printf("%-10s %8d %9.2f %9.1f  %s%n", "", row.getLong(1), row.getDouble(2), row.getDouble(3),
                            query.length() > 110 ? query.substring(0, 110) + "..." : query);
                }
            }
        }
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
