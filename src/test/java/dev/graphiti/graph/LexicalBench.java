package dev.graphiti.graph;

import dev.graphiti.store.ProjectGraph;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Lexical search against plain BM25 (issue 30): the design-decision set (src/test/resources/lexical-bench, six
 * domains in one graph, whole domains held out) and the paraphrase suite, each searched by graphiti's lexical
 * ranking and by a plain FTS5 table of the same text (title and content, default tokenizer, every word of the
 * question OR-ed, default bm25()). Prints R@1, R@5 and MRR, the held-out part first.
 *   scripts/bench-lexical [--show-misses]
 */
public final class LexicalBench {

    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}_]+");

    record Decision(String key, String domain, String title, String text) {
    }

    record Question(String key, boolean hard, String text) {
    }

    /** Ranks of the answers (0: not in the top 10), per question. */
    record Ranks(List<Integer> ranks) {

        double at(int k) {
            return ranks.isEmpty() ? 0 : ranks.stream().filter(r -> r >= 1 && r <= k).count() / (double) ranks.size();
        }

        double mrr() {
            return ranks.stream().mapToDouble(r -> r == 0 ? 0 : 1.0 / r).average().orElse(0);
        }

        String row() {
            return String.format(Locale.ROOT, "R@1 %.3f  R@5 %.3f  MRR %.3f  (%d)", at(1), at(5), mrr(), ranks.size());
        }
    }

    public static void main(String[] args) throws Exception {
        boolean showMisses = List.of(args).contains("--show-misses");
        List<String> lines = resource("/lexical-bench/decisions.txt");
        Set<String> heldOut = new LinkedHashSet<>();
        List<Decision> decisions = new ArrayList<>();
        List<Question> questions = new ArrayList<>();
        for (String line : lines) {
            String[] fields = line.split(" \\| ", 4);
            switch (fields[0]) {
                case "held-out" -> heldOut.addAll(List.of(fields[1].split(",\\s*")));
                case "R" -> decisions.add(new Decision(fields[1], fields[1].split("/")[0], fields[2], fields[3]));
                case "Q" -> questions.add(new Question(fields[1], fields[2].equals("hard"), fields[3]));
                default -> { }
            }
        }
        Path temp = Files.createTempDirectory("bench-lexical");
        try (ProjectGraph graph = ProjectGraph.open(temp); Connection plain = plainTable()) {
            Instant now = Instant.now();
            List<NewItem> requests = decisions.stream().map(d -> new NewItem(Kind.decision, Optional.of(d.title()),
                    d.text(), List.of(), "manual", Optional.empty(), Optional.of(now))).toList();
            List<AddResult> added = graph.items().addAll(requests);
            Map<String, String> keys = new LinkedHashMap<>();
            for (int i = 0; i < decisions.size(); i++) {
                keys.put(added.get(i).item().id(), decisions.get(i).key());
                insert(plain, decisions.get(i).key(), decisions.get(i).title() + "\n" + decisions.get(i).text());
            }
            LexicalRanking ranking = new LexicalRanking(graph.repository(), Clock.systemUTC(), Duration.ofDays(90));
            Function<String, List<String>> graphiti = text -> ranking.search(
                    new SearchQuery(text, ItemFilter.current(), 10, false)).stream().map(h -> keys.get(h.item().id())).toList();
            Function<String, List<String>> bm25 = text -> top(plain, text, 10);

            System.out.printf(Locale.ROOT, "decision set: %d records, %d questions, 6 domains in one graph; held out: %s%n",
                    decisions.size(), questions.size(), String.join(", ", heldOut));
            for (boolean held : new boolean[] {true, false}) {
                String part = held ? "held-out" : "tuning";
                List<Question> asked = questions.stream()
                        .filter(q -> heldOut.contains(q.key().split("/")[0]) == held).toList();
                List<Question> hard = asked.stream().filter(Question::hard).toList();
                System.out.printf(Locale.ROOT, "  %-9s graphiti lexical  %s | hard %s%n", part,
                        ranks(asked, graphiti).row(), ranks(hard, graphiti).row());
                System.out.printf(Locale.ROOT, "  %-9s plain FTS5 bm25() %s | hard %s%n", part,
                        ranks(asked, bm25).row(), ranks(hard, bm25).row());
                if (showMisses && !held) {
                    misses(asked, graphiti, bm25);
                }
            }
        } finally {
            try (var files = Files.walk(temp)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        paraphrase(showMisses);
    }

    /** The paraphrase suite (LexicalParaphraseTest's data) both ways. */
    private static void paraphrase(boolean showMisses) throws Exception {
        Path temp = Files.createTempDirectory("bench-lexical-paraphrase");
        try (ProjectGraph graph = ProjectGraph.open(temp); Connection plain = plainTable()) {
            ParaphraseSuite suite = new ParaphraseSuite();
            suite.load(graph.items(), Instant.now());
            ParaphraseSuite.Report report = suite.measure(
                    new LexicalRanking(graph.repository(), Clock.systemUTC(), Duration.ofDays(90)));
            for (ParaphraseSuite.Item item : ParaphraseSuite.ITEMS) {
                insert(plain, item.key(), item.title() + "\n" + item.content());
            }
            List<Integer> ranks = new ArrayList<>();
            for (ParaphraseSuite.Question question : ParaphraseSuite.QUESTIONS) {
                List<String> top = top(plain, question.text(), 10);
                int rank = 0;
                for (int i = 0; i < top.size() && rank == 0; i++) {
                    rank = question.expected().contains(top.get(i)) ? i + 1 : 0;
                }
                ranks.add(rank);
            }
            System.out.printf(Locale.ROOT, "paraphrase suite: %d questions%n", ParaphraseSuite.QUESTIONS.size());
            System.out.printf(Locale.ROOT, "  graphiti lexical  hit@5 %.3f  MRR %.3f%n", report.hitRateAt5(), report.mrr());
            System.out.printf(Locale.ROOT, "  plain FTS5 bm25() hit@5 %.3f  MRR %.3f%n", new Ranks(ranks).at(5),
                    new Ranks(ranks).mrr());
            if (showMisses) {
                report.misses().forEach(miss -> System.out.println("    graphiti missed: " + miss));
            }
        } finally {
            try (var files = Files.walk(temp)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static Ranks ranks(List<Question> questions, Function<String, List<String>> search) {
        List<Integer> ranks = new ArrayList<>();
        for (Question question : questions) {
            ranks.add(search.apply(question.text()).indexOf(question.key()) + 1);
        }
        return new Ranks(ranks);
    }

    private static void misses(List<Question> questions, Function<String, List<String>> graphiti,
                               Function<String, List<String>> bm25) {
        for (Question question : questions) {
            List<String> ours = graphiti.apply(question.text());
            int rank = ours.indexOf(question.key()) + 1;
            int theirs = bm25.apply(question.text()).indexOf(question.key()) + 1;
            if (rank != 1 && (rank == 0 || rank > theirs && theirs > 0 || rank > 5)) {
                System.out.printf(Locale.ROOT, "    %s [%s] graphiti %d, bm25 %d: %s%n", question.text(),
                        question.key(), rank, theirs, ours.subList(0, Math.min(3, ours.size())));
            }
        }
    }

    private static Connection plainTable() throws SQLException {
        Connection connection = DriverManager.getConnection("jdbc:sqlite::memory:");
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE VIRTUAL TABLE t USING fts5(key UNINDEXED, text)");
        }
        return connection;
    }

    private static void insert(Connection connection, String key, String text) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO t (key, text) VALUES (?, ?)")) {
            insert.setString(1, key);
            insert.setString(2, text);
            insert.executeUpdate();
        }
    }

    /** Plain BM25: every word of the question, quoted and OR-ed, ranked by FTS5's default bm25(). */
    private static List<String> top(Connection connection, String question, int limit) {
        Set<String> words = new LinkedHashSet<>();
        Matcher matcher = WORD.matcher(question.toLowerCase(Locale.ROOT));
        while (matcher.find()) {
            words.add('"' + matcher.group() + '"');
        }
        List<String> keys = new ArrayList<>();
        if (words.isEmpty()) {
            return keys;
        }
        try (PreparedStatement query = connection.prepareStatement(
                "SELECT key FROM t WHERE t MATCH ? ORDER BY bm25(t) LIMIT ?")) {
            query.setString(1, String.join(" OR ", words));
            query.setInt(2, limit);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    keys.add(rows.getString(1));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return keys;
    }

    private static List<String> resource(String name) throws IOException {
        try (InputStream in = LexicalBench.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(line -> !line.isBlank() && !line.startsWith("#")).toList();
        }
    }
}
