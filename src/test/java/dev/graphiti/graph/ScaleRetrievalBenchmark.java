package dev.graphiti.graph;

import dev.graphiti.store.sqlite.SqliteStore;
import dev.graphiti.store.postgres.PostgresServer;
import dev.graphiti.store.postgres.PostgresStore;
import dev.graphiti.store.postgres.RankingBaselines;
import java.io.IOException;
import java.io.StringReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;

/**
 * Retrieval at scale: labelled knowledge planted among a large graph of distractors, searched by words, for each
 * way of picking the full-text candidates. The distractors are windows of real project text (this repository's
 * commit messages, docs and comments, given as one file), so query words are common among them as they are in a
 * project's memory; the labelled items are LoCoMo's conversations (each session a run of turns at a random place in
 * the graph's history, a conversation's sessions in order) and the paraphrase suite's items, each at a random age.
 * Prints recall@10 and MRR (LoCoMo by the age quarter of the evidence, so a recency window's losses show), the top 10
 * shared with ranking every match, and search latency with JVM and PostgreSQL CPU.
 * Run by scripts/bench-search-scale.
 */
public final class ScaleRetrievalBenchmark {

    private static final Instant START = Instant.parse("2023-01-01T00:00:00Z");
    private static final Duration HISTORY = Duration.ofDays(3 * 365);
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** A row of the generated graph; {@code label} names what a question may ask for (empty for a distractor). */
    private record Row(String id, Kind kind, String title, String content, String thread, long position, String label) {
    }

    private record Question(String text, Set<String> relevant, int ageQuarter, boolean paraphrase) {
    }

    private record Outcome(String name, double[] recall, int[] asked, double mrr, double paraphraseHit, double paraphraseMrr,
                           double shared, double[] wallMs, double jvmCpuMs, double serverCpuMs) {
    }

    private ScaleRetrievalBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int size = Integer.parseInt(args[0]);
        List<String> text = List.of(Files.readString(Path.of(args[1])).split("\\s+"));
        LocomoConversations locomo = LocomoConversations.read(Path.of(args[2]));
        List<String> stores = List.of(args[3].split(","));
        List<String> modes = List.of(args[4].split(","));
        int sample = Integer.parseInt(args[5]);
        Map<String, Long> seqOfLabel = new HashMap<>();
        List<Row> rows = generate(size, text, locomo, seqOfLabel);
        Map<String, String> labelOfId = new HashMap<>();
        rows.stream().filter(r -> !r.label().isEmpty()).forEach(r -> labelOfId.put(r.id(), r.label()));
        List<Question> questions = questions(locomo, sample, seqOfLabel, size);
        System.out.printf(Locale.ROOT, "retrieval at scale: %,d items (%,d labelled), %d questions (%d LoCoMo, every %d%s of"
                        + " categories 1-4; %d paraphrase), 10 hits each, load %s%n", size, labelOfId.size(), questions.size(),
                questions.stream().filter(q -> !q.paraphrase()).count(), sample, sample == 1 ? "st" : "th",
                ParaphraseSuite.QUESTIONS.size(), load());
        Clock clock = Clock.fixed(START.plus(HISTORY).plus(Duration.ofDays(1)), ZoneOffset.UTC);
        List<Outcome> outcomes = new ArrayList<>();
        if (stores.contains("postgresql")) {
            postgres(size, rows, modes, questions, labelOfId, clock, outcomes);
        }
        if (stores.contains("sqlite")) {
            sqlite(size, rows, modes, questions, labelOfId, clock, outcomes);
        }
        System.out.println();
        System.out.println("| store, candidates | LoCoMo R@10 | MRR | R@10 by the evidence's age: oldest quarter ... newest"
                + " | paraphrase hit@10 / MRR | top 10 shared with every match | search wall p50 / p95 | CPU per search:"
                + " JVM + PostgreSQL |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        for (Outcome o : outcomes) {
            System.out.printf(Locale.ROOT, "| %s | %.3f | %.3f | %s | %.2f / %.3f | %s | %.1f / %.1f ms | %.1f + %.1f ms |%n",
                    o.name(), o.recall()[4], o.mrr(), Arrays.stream(new int[] {0, 1, 2, 3})
                            .mapToObj(i -> String.format(Locale.ROOT, "%.2f", o.recall()[i])).collect(Collectors.joining(" ")),
                    o.paraphraseHit(), o.paraphraseMrr(), Double.isNaN(o.shared()) ? "" : String.format(Locale.ROOT,
                            "%.1f / 10", o.shared()), o.wallMs()[0], o.wallMs()[1], o.jvmCpuMs(), o.serverCpuMs());
        }
    }

    /** The graph in storage order: distractors with the labelled runs between them. */
    private static List<Row> generate(int size, List<String> text, LocomoConversations locomo, Map<String, Long> seqOfLabel) {
        Random random = new Random(11);
        List<List<Row>> runs = new ArrayList<>();
        int planted = 0;
        int turn = 0;
        for (LocomoConversations.Conversation conversation : locomo.conversations()) {
            Map<Integer, List<Row>> sessions = new TreeMap<>();
            for (LocomoConversations.Turn t : conversation.turns()) {
                List<Row> session = sessions.computeIfAbsent(t.session(), k -> new ArrayList<>());
                String content = t.speaker() + ": " + t.text();
                session.add(new Row("t" + turn++, Kind.conversation, ItemService.titleOf(content), content,
                        t.sessionKey(), session.size(), t.turnKey()));
                planted++;
            }
            runs.addAll(sessions.values());
        }
        for (ParaphraseSuite.Item item : ParaphraseSuite.ITEMS) {
            runs.add(List.of(new Row("p" + item.key(), item.kind(), item.title(), item.content(), null, 0, "p:" + item.key())));
            planted++;
        }
        int distractors = size - planted;
        // where each run goes: after a random number of distractors; a conversation's sessions keep their order
        Map<Integer, List<List<Row>>> before = new TreeMap<>();
        int at = 0;
        for (LocomoConversations.Conversation conversation : locomo.conversations()) {
            int sessions = (int) conversation.turns().stream().map(LocomoConversations.Turn::session).distinct().count();
            int[] places = random.ints(sessions, 0, distractors).sorted().toArray();
            for (int place : places) {
                before.computeIfAbsent(place, k -> new ArrayList<>()).add(runs.get(at++));
            }
        }
        while (at < runs.size()) {
            before.computeIfAbsent(random.nextInt(distractors), k -> new ArrayList<>()).add(runs.get(at++));
        }
        Kind[] kinds = {Kind.decision, Kind.architecture, Kind.bugfix, Kind.preference, Kind.pattern, Kind.note, Kind.commit};
        List<Row> rows = new ArrayList<>(size);
        for (int d = 0; d < distractors; d++) {
            for (List<Row> run : before.getOrDefault(d, List.of())) {
                for (Row row : run) {
                    rows.add(row);
                    seqOfLabel.put(row.label(), (long) rows.size());
                }
            }
            int start = random.nextInt(text.size() - 40);
            String content = String.join(" ", text.subList(start, start + 20 + random.nextInt(21)));
            rows.add(new Row(String.format("d%07d", d), kinds[d % kinds.length], ItemService.titleOf(content), content,
                    null, 0, ""));
        }
        return rows;
    }

    private static List<Question> questions(LocomoConversations locomo, int sample, Map<String, Long> seqOfLabel, int size) {
        List<Question> questions = new ArrayList<>();
        int n = 0;
        for (LocomoConversations.Conversation conversation : locomo.conversations()) {
            for (LocomoConversations.Question q : conversation.questions()) {
                if (q.category() < 1 || q.category() > 4 || q.evidenceTurns().isEmpty() || n++ % sample != 0) {
                    continue;
                }
                long seq = q.evidenceTurns().stream().map(seqOfLabel::get).filter(s -> s != null).findFirst().orElse(0L);
                questions.add(new Question(q.text(), new HashSet<>(q.evidenceTurns()), (int) Math.min(3, seq * 4 / size), false));
            }
        }
        for (ParaphraseSuite.Question q : ParaphraseSuite.QUESTIONS) {
            questions.add(new Question(q.text(), q.expected().stream().map(k -> "p:" + k).collect(Collectors.toSet()), 0, true));
        }
        return questions;
    }

    private static void postgres(int size, List<Row> rows, List<String> modes, List<Question> questions,
                                 Map<String, String> labelOfId, Clock clock, List<Outcome> outcomes) throws Exception {
        PostgresServer server = PostgresServer.kept(PostgresServer.binaries().orElseThrow(
                () -> new IllegalStateException("no PostgreSQL: run scripts/install-postgresql")),
                Path.of("target/bench-search/postgresql").toAbsolutePath(), "-c shared_buffers=2GB -c maintenance_work_mem=512MB");
        try {
            String database = "retrieval_" + size;
            try (Connection admin = server.connect("postgres"); Statement statement = admin.createStatement()) {
                if (!statement.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + database + "'").next()) {
                    statement.execute("CREATE DATABASE " + database);
                }
            }
            try (PostgresStore store = PostgresStore.pooled(server.url(database), Optional.empty(), Optional.empty(), 4,
                    "english", Duration.ofSeconds(60));
                 Connection direct = server.connect(database)) {
                try (GraphDatabase graph = store.open("bench", Scope.project)) {
                    graph.items().list(ItemFilter.current(), 1); // makes the graph's schema
                }
                fill(direct, rows);
                Map<String, List<String>> every = new HashMap<>();
                for (String mode : modes.stream().filter(m -> List.of("every", "newest", "store").contains(m)).toList()) {
                    try (GraphDatabase graph = store.open("bench", Scope.project)) {
                        ItemRepository items = mode.equals("store") ? graph.items()
                                : RankingBaselines.of(mode, graph.items(), direct);
                        outcomes.add(measure("PostgreSQL, " + describe(mode), new LexicalRanking(items, clock,
                                Duration.ofDays(90)), questions, labelOfId, every, mode.equals("every"),
                                server::cpuNanos));
                    }
                }
            }
        } finally {
            server.close();
        }
    }

    private static String describe(String mode) {
        return switch (mode) {
            case "every" -> "every match ranked";
            case "newest" -> "newest 2,000 matches of the newest 75k (before)";
            case "store" -> "the store's own";
            default -> mode;
        };
    }

    /** COPY the rows in (kept between runs: a graph of the right size holding the labelled items is reused). */
    private static void fill(Connection connection, List<Row> rows) throws Exception {
        try (Statement statement = connection.createStatement()) {
            ResultSet schema = statement.executeQuery("SELECT 'graphiti_g' || number FROM graphiti.graphs WHERE name = 'bench'");
            schema.next();
            statement.execute("SET search_path TO " + schema.getString(1));
            ResultSet count = statement.executeQuery("SELECT count(*), count(*) FILTER (WHERE id = '" + rows.get(rows.size() / 2).id()
                    + "') FROM items");
            count.next();
            if (count.getLong(1) == rows.size() && count.getLong(2) == 1) {
                statement.execute("CREATE EXTENSION IF NOT EXISTS pg_prewarm SCHEMA public");
                statement.executeQuery("SELECT public.pg_prewarm(c.oid) FROM pg_class c JOIN pg_namespace n ON n.oid = "
                        + "c.relnamespace WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'i')").close();
                System.out.printf("PostgreSQL: the kept graph of %,d items%n", rows.size());
                return;
            }
            statement.execute("TRUNCATE items RESTART IDENTITY CASCADE");
            statement.execute("DROP INDEX IF EXISTS items_search");
        }
        long start = System.nanoTime();
        CopyManager copy = connection.unwrap(PGConnection.class).getCopyAPI();
        EntityExtractor extractor = new EntityExtractor();
        long step = HISTORY.toMillis() / rows.size();
        StringBuilder batch = new StringBuilder();
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            Fingerprint fingerprint = Fingerprint.of(row.title(), row.content());
            String entities = extractor.extract(row.title() + "\n" + row.content()).stream().map(Entity::name)
                    .collect(Collectors.joining(" "));
            batch.append(i + 1).append('\t').append(row.id()).append('\t').append(row.kind().name()).append('\t')
                    .append(copyText(row.title())).append('\t').append(copyText(fingerprint.titleKey())).append('\t')
                    .append(copyText(row.content())).append("\t\t").append(copyText(entities)).append("\tbench\t")
                    .append(START.toEpochMilli() + step * (i + 1)).append('\t').append(fingerprint.contentHash()).append('\t')
                    .append(row.thread() == null ? "\\N\t\\N" : copyText(row.thread()) + "\t" + row.position()).append('\n');
            if (batch.length() > 8 << 20 || i == rows.size() - 1) {
                copy.copyIn("COPY items (seq, id, kind, title, title_key, content, tags, entities, source, created_at,"
                        + " fingerprint, thread, position) FROM STDIN", new StringReader(batch.toString()));
                batch.setLength(0);
            }
        }
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE INDEX items_search ON items USING gin (search)");
            statement.execute("ALTER TABLE items ALTER COLUMN seq RESTART WITH " + (rows.size() + 1));
            statement.execute("VACUUM ANALYZE items");
        }
        System.out.printf("PostgreSQL: generated %,d items with COPY in %.1f s%n", rows.size(), (System.nanoTime() - start) / 1e9);
    }

    private static String copyText(String text) {
        return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r");
    }

    private static void sqlite(int size, List<Row> rows, List<String> modes, List<Question> questions,
                               Map<String, String> labelOfId, Clock clock, List<Outcome> outcomes) throws IOException {
        Path file = Path.of("target/bench-search/sqlite-" + size + ".db").toAbsolutePath();
        Files.createDirectories(file.getParent());
        try (GraphDatabase graph = SqliteStore.withDefaults().openGraph(file, Scope.project)) {
            if (graph.items().getAll(List.of(rows.get(rows.size() / 2).id())).isEmpty()) {
                long start = System.nanoTime();
                EntityExtractor extractor = new EntityExtractor();
                long step = HISTORY.toMillis() / rows.size();
                for (int done = 0; done < rows.size(); done += 2_000) {
                    int first = done;
                    graph.items().write(writer -> {
                        for (int i = first; i < Math.min(first + 2_000, rows.size()); i++) {
                            Row row = rows.get(i);
                            writer.insert(new KnowledgeItem(row.id(), Scope.project, row.kind(), row.title(), row.content(),
                                    List.of(), "bench", extractor.extract(row.title() + "\n" + row.content()),
                                    START.plusMillis(step * (i + 1)), Optional.empty(), Optional.empty(), Optional.empty()),
                                    Fingerprint.of(row.title(), row.content()), row.thread() == null ? Optional.empty()
                                            : Optional.of(new ThreadPosition(row.thread(), row.position())));
                        }
                        return null;
                    });
                }
                System.out.printf("SQLite: generated %,d items in %.1f s%n", rows.size(), (System.nanoTime() - start) / 1e9);
            }
            Map<String, List<String>> every = new HashMap<>();
            for (String mode : modes) {
                if (mode.equals("every") || mode.equals("store")) {
                    Ranking ranking = mode.equals("every")
                            ? new LexicalRanking(graph.items(), clock, Duration.ofDays(90), Long.MAX_VALUE, Integer.MAX_VALUE)
                            : new LexicalRanking(graph.items(), clock, Duration.ofDays(90));
                    outcomes.add(measure("SQLite, " + (mode.equals("every") ? "every match ranked"
                            : "the store's own (newest 75k + rare words)"), ranking, questions, labelOfId, every,
                            mode.equals("every"), () -> 0L));
                }
            }
        }
    }

    private static Outcome measure(String name, Ranking ranking, List<Question> questions, Map<String, String> labelOfId,
                                   Map<String, List<String>> every, boolean isEvery, java.util.function.LongSupplier serverCpu) {
        Consumer<Question> ask = q -> ranking.search(new SearchQuery(q.text(), ItemFilter.current(), 10, false));
        questions.stream().limit(20).forEach(ask); // warm-up
        double[] found = new double[5];
        int[] asked = new int[5];
        double reciprocal = 0;
        int paraphraseHits = 0;
        double paraphraseReciprocal = 0;
        double shared = 0;
        int compared = 0;
        long[] wall = new long[questions.size()];
        long jvm = 0;
        long server = serverCpu.getAsLong();
        for (int i = 0; i < questions.size(); i++) {
            Question q = questions.get(i);
            long cpu = THREADS.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            List<SearchHit> hits = ranking.search(new SearchQuery(q.text(), ItemFilter.current(), 10, false));
            wall[i] = System.nanoTime() - start;
            jvm += THREADS.getCurrentThreadCpuTime() - cpu;
            List<String> ids = hits.stream().map(h -> h.item().id()).toList();
            if (isEvery) {
                every.put(q.text(), ids);
            } else if (every.containsKey(q.text())) {
                Set<String> before = new HashSet<>(every.get(q.text()));
                shared += ids.stream().filter(before::contains).count();
                compared++;
            }
            int rank = 0;
            for (int h = 0; h < ids.size() && rank == 0; h++) {
                if (q.relevant().contains(labelOfId.getOrDefault(ids.get(h), ""))) {
                    rank = h + 1;
                }
            }
            if (q.paraphrase()) {
                paraphraseHits += rank > 0 ? 1 : 0;
                paraphraseReciprocal += rank > 0 ? 1.0 / rank : 0;
            } else {
                asked[q.ageQuarter()]++;
                asked[4]++;
                found[q.ageQuarter()] += rank > 0 ? 1 : 0;
                found[4] += rank > 0 ? 1 : 0;
                reciprocal += rank > 0 ? 1.0 / rank : 0;
            }
        }
        double serverMs = (serverCpu.getAsLong() - server) / 1e6 / questions.size();
        Arrays.sort(wall);
        double[] recall = new double[5];
        for (int i = 0; i < 5; i++) {
            recall[i] = asked[i] == 0 ? 0 : found[i] / asked[i];
        }
        long paraphrases = questions.stream().filter(Question::paraphrase).count();
        Outcome outcome = new Outcome(name, recall, asked, reciprocal / Math.max(1, asked[4]),
                (double) paraphraseHits / paraphrases, paraphraseReciprocal / paraphrases,
                compared == 0 ? Double.NaN : shared / compared,
                new double[] {wall[wall.length / 2] / 1e6, wall[(int) (wall.length * 0.95)] / 1e6},
                jvm / 1e6 / questions.size(), serverMs);
        System.out.printf(Locale.ROOT, "%s: R@10 %.3f, MRR %.3f, paraphrase hit@10 %.2f, wall p50/p95 %.1f/%.1f ms, load %s%n",
                name, recall[4], outcome.mrr(), outcome.paraphraseHit(), outcome.wallMs()[0], outcome.wallMs()[1], load());
        return outcome;
    }

    private static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException e) {
            return "?";
        }
    }
}
