package dev.graphiti.graph;

import dev.graphiti.embed.EmbeddingModel;
import dev.graphiti.store.ProjectGraph;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * `scripts/bench-retrieval`: LoCoMo as peers report it. All ten conversations go into one memory, one item per
 * turn (added one at a time, as capture and add do); every question of categories 1-4 is searched, and the
 * evidence is looked for at turn level (the turns named) and session level (the sessions of the ranked turns, in
 * order of their best turn). R@k is the share of questions with evidence among the first k (as peers report it),
 * evidence@5 the share of all evidence found in the first 5, MRR the mean reciprocal rank of the first evidence;
 * overall and per category, plus add and search latency. Arguments: the LoCoMo data (locomo10.json, the repository's data/locomo10.zip, or a
 * directory of them) and the rankings to measure (lexical, dense, hybrid).
 */
public final class RetrievalBenchmark {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final com.sun.management.OperatingSystemMXBean PROCESS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private static final Duration HALF_LIFE = Duration.ofDays(90);
    /** Ranked turns per question: deep enough that the first ten distinct sessions are among them. */
    private static final int DEPTH = 50;
    private static final Map<Integer, String> CATEGORIES = Map.of(1, "multi-hop", 2, "temporal", 3, "open-domain", 4, "single-hop");

    private RetrievalBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path data = Path.of(args[0]);
        List<String> rankings = args.length > 1 ? Arrays.asList(args[1].split(",")) : List.of("lexical");
        LocomoConversations locomo = LocomoConversations.read(data);
        int turns = locomo.conversations().stream().mapToInt(c -> c.turns().size()).sum();
        List<LocomoConversations.Question> questions = locomo.conversations().stream()
                .flatMap(c -> c.questions().stream())
                .filter(q -> CATEGORIES.containsKey(q.category()) && !q.evidenceTurns().isEmpty()).toList();
        System.out.printf(Locale.ROOT, "LoCoMo: %d conversations, %d turns, %d questions of categories 1-4 with evidence; %s%n",
                locomo.conversations().size(), turns, questions.size(), load());
        Path directory = Files.createTempDirectory("graphiti-bench-retrieval");
        try (ProjectGraph graph = ProjectGraph.open(directory)) {
            Map<String, Set<String>> turnsOfItem = new HashMap<>();
            Map<String, String> sessionOfItem = new HashMap<>();
            long[] addWall = new long[turns];
            long[] addCpu = new long[turns];
            int n = 0;
            for (LocomoConversations.Conversation conversation : locomo.conversations()) {
                int position = 0;
                for (LocomoConversations.Turn turn : conversation.turns()) {
                    long start = System.nanoTime();
                    long startCpu = THREADS.getCurrentThreadCpuTime();
                    AddResult added = graph.items().add(new NewItem(Kind.conversation, Optional.empty(),
                            turn.speaker() + ": " + turn.text(), List.of(), "locomo:" + turn.conversation(),
                            Optional.empty(), Optional.of(turn.at()), Optional.of(new ThreadPosition(turn.sessionKey(), position++))));
                    addWall[n] = System.nanoTime() - start;
                    addCpu[n++] = THREADS.getCurrentThreadCpuTime() - startCpu;
                    turnsOfItem.computeIfAbsent(added.item().id(), k -> new LinkedHashSet<>()).add(turn.turnKey());
                    sessionOfItem.putIfAbsent(added.item().id(), turn.sessionKey());
                }
            }
            Arrays.sort(addWall);
            Arrays.sort(addCpu);
            System.out.printf(Locale.ROOT, "add (one transaction per turn, %d turns into one graph): wall p50 %.2f ms, p95 %.2f ms;"
                    + " CPU p50 %.2f ms, p95 %.2f ms%n", turns, ms(addWall, 50), ms(addWall, 95), ms(addCpu, 50), ms(addCpu, 95));
            System.out.println();
            System.out.println("| ranking | level | R@5 | R@10 | MRR | evidence@5 | " + String.join(" | ",
                    new TreeMap<>(CATEGORIES).values().stream().map(c -> c + " R@5").toList()) + " | search p50 / p95 (CPU) |");
            System.out.println("|---|---|---|---|---|---|---|---|---|---|---|");
            Embedded embedded = null;
            for (String name : rankings) {
                if (!name.equals("lexical") && embedded == null) {
                    embedded = Embedded.of(directory.resolve("graph.db"));
                }
                Ranking ranking = ranking(name, graph, embedded);
                Scores turnLevel = new Scores();
                Scores sessionLevel = new Scores();
                long[] cpu = new long[questions.size()];
                int i = 0;
                for (LocomoConversations.Question question : questions) {
                    long startCpu = THREADS.getCurrentThreadCpuTime();
                    List<SearchHit> hits = ranking.search(new SearchQuery(question.text(), ItemFilter.current(), DEPTH, false));
                    cpu[i++] = THREADS.getCurrentThreadCpuTime() - startCpu;
                    List<Set<String>> rankedTurns = hits.stream().map(h -> turnsOfItem.getOrDefault(h.item().id(), Set.of())).toList();
                    List<Set<String>> rankedSessions = new ArrayList<>();
                    Set<String> seen = new LinkedHashSet<>();
                    for (SearchHit hit : hits) {
                        String session = sessionOfItem.get(hit.item().id());
                        if (session != null && seen.add(session)) {
                            rankedSessions.add(Set.of(session));
                        }
                    }
                    turnLevel.add(question.category(), rankedTurns, question.evidenceTurns());
                    sessionLevel.add(question.category(), rankedSessions, question.evidenceSessions());
                }
                Arrays.sort(cpu);
                String latency = String.format(Locale.ROOT, "%.1f / %.1f ms (limit %d)", ms(cpu, 50), ms(cpu, 95), DEPTH);
                System.out.println(turnLevel.row(name, "turn", latency));
                System.out.println(sessionLevel.row(name, "session", latency));
            }
            System.out.println();
            System.out.println(load());
        } finally {
            try (var files = Files.walk(directory)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }

    /** The rankings measured here by name; each is built on the graph holding the conversations. */
    static Ranking ranking(String name, ProjectGraph graph, Embedded embedded) {
        Ranking lexical = new LexicalRanking(graph.repository(), Clock.systemUTC(), HALF_LIFE);
        return switch (name) {
            case "lexical" -> lexical;
            case "dense" -> embedded.ranking();
            case "hybrid" -> new HybridRanking(lexical, embedded.ranking());
            default -> throw new IllegalArgumentException("unknown ranking '" + name + "'; measured: lexical, dense, hybrid");
        };
    }

    /** The graph's turns embedded once (timed), for the dense and hybrid rankings. */
    record Embedded(dev.graphiti.embed.E5Encoder encoder, VectorStore vectors, VectorIndex index) {
        static Embedded of(Path database) {
            var encoder = dev.graphiti.embed.E5Encoder.load();
            VectorStore vectors = dev.graphiti.store.sqlite.SqliteStore.withDefaults().openVectors(database, Scope.project);
            // the process's CPU: the job runs the model on two threads
            long startCpu = PROCESS.getProcessCpuTime();
            long start = System.nanoTime();
            int done = new EmbeddingJob(encoder.model()).run(vectors, encoder, n -> { }, () -> false);
            double cpu = (PROCESS.getProcessCpuTime() - startCpu) / 1e9;
            System.out.printf(Locale.ROOT, "embedding (%s, the process's CPU): %d turns in %.1f s wall, %.1f s CPU = %.0f"
                    + " items per CPU second%n", encoder.model(), done, (System.nanoTime() - start) / 1e9, cpu, done / cpu);
            return new Embedded(encoder, vectors, new VectorIndex(dev.graphiti.embed.EmbeddingModel.CURRENT.dimensions()));
        }

        SemanticRanking ranking() {
            return new SemanticRanking(encoder, index, vectors);
        }
    }

    /** Recall at 5 and 10 and reciprocal rank, summed per category. */
    private static final class Scores {
        private final Map<Integer, double[]> sums = new TreeMap<>();

        /** @param ranked what each ranked position holds (a hit may hold several turns: deduplicated repeats) */
        void add(int category, List<Set<String>> ranked, List<String> evidence) {
            double[] sum = sums.computeIfAbsent(category, c -> new double[6]);
            sum[0] += found(ranked, evidence, 5) > 0 ? 1 : 0;
            sum[1] += found(ranked, evidence, 10) > 0 ? 1 : 0;
            for (int i = 0; i < ranked.size(); i++) {
                if (evidence.stream().anyMatch(ranked.get(i)::contains)) {
                    sum[2] += 1.0 / (i + 1);
                    break;
                }
            }
            sum[3]++;
            sum[4] += (double) found(ranked, evidence, 5) / evidence.size();
        }

        /** How many pieces of the evidence the first {@code k} ranked positions hold. */
        private static long found(List<Set<String>> ranked, List<String> evidence, int k) {
            Set<String> found = new java.util.HashSet<>();
            ranked.stream().limit(k).forEach(found::addAll);
            return evidence.stream().filter(found::contains).count();
        }

        String row(String ranking, String level, String latency) {
            double[] all = new double[6];
            sums.values().forEach(sum -> {
                for (int i = 0; i < 6; i++) {
                    all[i] += sum[i];
                }
            });
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "| %s | %s | %.3f | %.3f | %.3f | %.3f |",
                    ranking, level, all[0] / all[3], all[1] / all[3], all[2] / all[3], all[4] / all[3]));
            for (int category : new TreeMap<>(CATEGORIES).keySet()) {
                double[] sum = sums.get(category);
                row.append(String.format(Locale.ROOT, " %.3f |", sum == null ? 0 : sum[0] / sum[3]));
            }
            return row.append(' ').append(latency).append(" |").toString();
        }
    }

    private static double ms(long[] sorted, int percentile) {
        return sorted[Math.min(sorted.length - 1, sorted.length * percentile / 100)] / 1e6;
    }

    private static String load() {
        return String.format(Locale.ROOT, "load average %.1f on %d cores",
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), Runtime.getRuntime().availableProcessors());
    }
}
