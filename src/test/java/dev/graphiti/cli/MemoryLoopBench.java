package dev.graphiti.cli;

import dev.graphiti.assembly.GraphitiProcess;
import dev.graphiti.assembly.ServerSetup;
import dev.graphiti.config.Settings;

import dev.graphiti.ingest.transcript.ClaudeCodeSessionWriter;
import dev.graphiti.ingest.transcript.MemoryLoopCorpus;
import dev.graphiti.ingest.transcript.MemoryLoopCorpus.Domain;
import dev.graphiti.ingest.transcript.MemoryLoopCorpus.Rule;
import dev.graphiti.ingest.transcript.MemoryLoopCorpus.Session;
import dev.graphiti.graph.SemanticSearch;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import dev.graphiti.config.BenchModel;
import dev.graphiti.embed.EmbeddingModel;
import java.io.ByteArrayInputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The memory loop, end to end through the real CLI: {@code scripts/bench-memory-loop [--show-misses]
 * [--show-evidence]}.
 *
 * <p>Per domain of {@link MemoryLoopCorpus} (a project): a fresh git repository and graph; every session written as
 * Claude Code writes it and captured in time order with {@code graphiti capture --transcript} (each rule's first
 * session, four distractor sessions after each signal session, then the sessions that extend or change rules); then
 * {@code graphiti recall} on each rule's task prompt and on each unrelated prompt, and {@code graphiti search
 * --ranking lexical} and a plain FTS5 bm25() table of the same items on the task prompts.
 *
 * <p>A rule is captured complete when one current item from its sessions holds every required detail, partial when
 * its current items hold some, missed otherwise; conflicting when a current item still states its earlier version.
 * Recall runs twice: the cold path (a one-shot CLI, no model) and a server's CLI with its model loaded and the items
 * embedded ({@code Cli.forServer}). A task prompt is a hit when recall's text holds every required detail. Figures
 * print per part, held-out first; {@code --show-misses} lists the tuning part's misses (never the held-out part's);
 * {@code --show-evidence} runs the tuning part only and prints each recall candidate's evidence
 * ({@link MemoryLoopEvidence}).
 */
public final class MemoryLoopBench {

    private static final int DISTRACTORS_PER_SIGNAL = 4;
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}_]+");

    /** What one part (held-out, tuning, all) measured. */
    private static final class Tally {
        int rules, complete, partial, missed, conflicting, changed;
        int distractorSessions, distractorItems, signalSessions, signalItems;
        int tasks, taskHits, taskReached, searchHits, bm25Hits;
        int unrelated, unrelatedAnything;
        long tokens;
        int prompts;
        final List<Long> nanos = new ArrayList<>();
        final List<String> misses = new ArrayList<>();
        /** The same prompts through a server's CLI: the model loaded, the items embedded. */
        final Recall hybrid = new Recall();

        void add(Tally other) {
            rules += other.rules; complete += other.complete; partial += other.partial; missed += other.missed;
            conflicting += other.conflicting; changed += other.changed;
            distractorSessions += other.distractorSessions; distractorItems += other.distractorItems;
            signalSessions += other.signalSessions; signalItems += other.signalItems;
            tasks += other.tasks; taskHits += other.taskHits; taskReached += other.taskReached;
            searchHits += other.searchHits; bm25Hits += other.bm25Hits;
            unrelated += other.unrelated; unrelatedAnything += other.unrelatedAnything;
            tokens += other.tokens; prompts += other.prompts; nanos.addAll(other.nanos); misses.addAll(other.misses);
            hybrid.add(other.hybrid);
        }
    }

    /** What recall did on one path. */
    private static final class Recall {
        int hits, reached, unrelatedAnything;
        long tokens;
        int prompts;
        final List<Long> nanos = new ArrayList<>();

        void add(Recall other) {
            hits += other.hits; reached += other.reached; unrelatedAnything += other.unrelatedAnything;
            tokens += other.tokens; prompts += other.prompts; nanos.addAll(other.nanos);
        }
    }

    /** A stored item: id, text (title and content) and the session it came from. */
    private record Item(String id, String text, String session) {
    }

    private MemoryLoopBench() {
    }

    public static void main(String[] args) throws Exception {
        boolean showMisses = List.of(args).contains("--show-misses");
        boolean showEvidence = List.of(args).contains("--show-evidence");
        List<Domain> domains = MemoryLoopCorpus.domains();
        List<Session> common = MemoryLoopCorpus.common();
        Path tmp = Files.createTempDirectory("bench-memory-loop");
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        // The CLI logs to stderr through java.util.logging; keep the table readable.
        java.util.logging.LogManager.getLogManager().reset();
        try {
            Tally heldOut = new Tally();
            Tally tuning = new Tally();
            MemoryLoopEvidence.Sweep sweep = new MemoryLoopEvidence.Sweep();
            out.println("embedding model: " + EmbeddingModel.CURRENT.id() + " (recall margin "
                    + EmbeddingModel.CURRENT.scale().recallMargin() + ")");
            for (Domain domain : domains) {
                if (showEvidence && domain.heldOut()) {
                    continue; // evidence is for tuning: the held-out part is neither shown nor run
                }
                Tally tally = run(tmp.resolve(domain.name()), domain, common, showEvidence, sweep);
                (domain.heldOut() ? heldOut : tuning).add(tally);
                System.err.printf("%s (%s): %d/%d rules complete, %d/%d task hits (hybrid %d)%n", domain.name(),
                        domain.split(), tally.complete, tally.rules, tally.taskHits, tally.tasks, tally.hybrid.hits);
            }
            Tally all = new Tally();
            all.add(heldOut);
            all.add(tuning);
            print(out, domains, List.of("held-out", "tuning", "all"), List.of(heldOut, tuning, all));
            if (showEvidence) {
                sweep.print(out);
            }
            if (showMisses) {
                out.println();
                out.println("tuning part's misses:");
                tuning.misses.forEach(m -> out.println("  " + m));
            }
        } finally {
            delete(tmp);
        }
    }

    private static Tally run(Path dir, Domain domain, List<Session> common, boolean evidence,
                             MemoryLoopEvidence.Sweep sweep) throws Exception {
        Path repo = GitFixture.repository(dir.resolve(domain.project())).toRealPath();
        CliHarness cli = new CliHarness(dir.resolve("home"));
        if (BenchModel.requested().isPresent()) {
            // the shared host is another JVM, started without the benchmark's model: this server loads its own
            cli.variable("GRAPHITI_SHARED_MODEL", "off");
        }
        Tally tally = new Tally();
        Map<String, String> kindOfSession = new HashMap<>(); // session id -> "signal" or "distractor"
        Instant clock = Instant.parse("2026-05-04T08:30:00Z");
        // the sessions ran where their tool calls' paths are, as Claude Code records it in every line's cwd
        String cwd = domain.root().isEmpty() ? repo.toString() : domain.root();
        int distractor = 0;
        List<Session> timeline = new ArrayList<>();
        for (Rule rule : domain.rules()) {
            timeline.add(rule.sessions().get(0));
        }
        for (Rule rule : domain.rules()) {
            timeline.addAll(rule.sessions().subList(1, rule.sessions().size()));
        }
        for (Session signal : timeline) {
            clock = capture(cli, repo, cwd, dir, signal.name(), signal.blocks(), clock);
            kindOfSession.put(ClaudeCodeSessionWriter.sessionId(signal.name()), "signal");
            for (int i = 0; i < DISTRACTORS_PER_SIGNAL; i++, distractor++) {
                String name = domain.name() + "/distractor/" + distractor;
                clock = capture(cli, repo, cwd, dir, name, distractorBlocks(domain.routine(), common, distractor), clock);
                kindOfSession.put(ClaudeCodeSessionWriter.sessionId(name), "distractor");
            }
        }
        Map<String, Item> items = items(cli, repo);
        for (Item item : items.values()) {
            String kind = kindOfSession.getOrDefault(item.session(), "");
            if (kind.equals("distractor")) {
                tally.distractorItems++;
            } else if (kind.equals("signal")) {
                tally.signalItems++;
            }
        }
        tally.distractorSessions = distractor;
        tally.signalSessions = timeline.size();
        try (Connection fts = bm25Table(items.values())) {
            for (Rule rule : domain.rules()) {
                measure(cli, repo, domain, rule, items, fts, tally);
            }
        }
        for (String prompt : domain.unrelated()) {
            JsonObject recalled = recall(cli, repo, prompt, tally);
            tally.unrelated++;
            if (!recalled.getString("text").isEmpty()) {
                tally.unrelatedAnything++;
                tally.misses.add(domain.name() + ": unrelated prompt got " + recalled.getInt("tokens") + " tokens: " + prompt);
            }
        }
        try (var process = GraphitiProcess.stdio(new ServerSetup(Settings.ofEnvironment(cli.variables()),
                CliEnvironment.embedded(cli.variables()), repo, notice -> { }))) {
            Cli server = process.cli().orElseThrow();
            embed(server, process.semantics().orElseThrow(), repo);
            for (Rule rule : domain.rules()) {
                JsonObject recalled = recall(server, repo, rule.task(), tally.hybrid);
                tally.hybrid.hits += rule.complete(recalled.getString("text")) ? 1 : 0;
                tally.hybrid.reached += reached(recalled, ownIds(rule, items)) ? 1 : 0;
            }
            for (String prompt : domain.unrelated()) {
                tally.hybrid.unrelatedAnything += recall(server, repo, prompt, tally.hybrid).getString("text").isEmpty() ? 0 : 1;
            }
            if (evidence && !domain.heldOut()) {
                MemoryLoopEvidence.print(domain, repo, process.semantics().orElseThrow(),
                        rule -> ownIds(rule, items), sweep);
            }
        }
        return tally;
    }

    /** The items captured from the rule's sessions. */
    private static Set<String> ownIds(Rule rule, Map<String, Item> items) {
        Set<String> sessions = rule.sessions().stream().map(s -> ClaudeCodeSessionWriter.sessionId(s.name()))
                .collect(Collectors.toSet());
        return items.values().stream().filter(i -> sessions.contains(i.session())).map(Item::id).collect(Collectors.toSet());
    }

    private static boolean reached(JsonObject recalled, Set<String> ownIds) {
        return recalled.getJsonArray("items").getValuesAs(JsonValue::toString).stream()
                .anyMatch(id -> ownIds.contains(id.replace("\"", "")));
    }

    /** Embeds every item with the server's model, as its background worker would, once the model is loaded. */
    private static void embed(Cli server, SemanticSearch semantics, Path repo) throws InterruptedException {
        while (semantics.encoder().isEmpty()) {
            if (semantics.status() == SemanticSearch.Status.unavailable) {
                throw new IllegalStateException("the model cannot load: " + semantics.problem());
            }
            Thread.sleep(50);
        }
        StringWriter out = new StringWriter();
        if (server.run(List.of("embed", "--format", "json"), repo, new ByteArrayInputStream(new byte[0]),
                new PrintWriter(out), new PrintWriter(new StringWriter())) != 0) {
            throw new IllegalStateException("embed failed: " + out);
        }
    }

    /** Recall through a server's CLI (its model and vectors). */
    private static JsonObject recall(Cli server, Path repo, String prompt, Recall tally) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        long start = System.nanoTime();
        int code = server.run(List.of("recall", "--format", "json", prompt), repo, new ByteArrayInputStream(new byte[0]),
                new PrintWriter(out), new PrintWriter(err));
        tally.nanos.add(System.nanoTime() - start);
        if (code != 0) {
            throw new IllegalStateException("recall failed: " + err);
        }
        JsonObject recalled = new CliHarness.Result(code, out.toString(), err.toString()).object();
        tally.tokens += recalled.getInt("tokens");
        tally.prompts++;
        return recalled;
    }

    private static void measure(CliHarness cli, Path repo, Domain domain, Rule rule, Map<String, Item> items,
            Connection fts, Tally tally) throws Exception {
        Set<String> sessions = rule.sessions().stream().map(s -> ClaudeCodeSessionWriter.sessionId(s.name()))
                .collect(Collectors.toSet());
        List<Item> own = items.values().stream().filter(i -> sessions.contains(i.session())).toList();
        tally.rules++;
        String where = domain.name() + "/" + rule.name();
        if (own.stream().anyMatch(i -> rule.complete(i.text()))) {
            tally.complete++;
        } else {
            int union = rule.details(own.stream().map(Item::text).collect(Collectors.joining("\n")));
            if (union > 0) {
                tally.partial++;
            } else {
                tally.missed++;
            }
            tally.misses.add(where + ": captured " + union + "/" + rule.required().size() + " details in " + own.size()
                    + " items: " + own.stream().map(i -> "[" + i.text().replace('\n', ' ') + "]").collect(Collectors.joining(" ")));
        }
        if (!rule.stale().isEmpty()) {
            tally.changed++;
            if (own.stream().anyMatch(i -> rule.staleIn(i.text()))) {
                tally.conflicting++;
                tally.misses.add(where + ": an earlier version is still current");
            }
        }
        Set<String> ownIds = own.stream().map(Item::id).collect(Collectors.toSet());
        JsonObject recalled = recall(cli, repo, rule.task(), tally);
        tally.tasks++;
        if (rule.complete(recalled.getString("text"))) {
            tally.taskHits++;
        } else {
            tally.misses.add(where + ": recall missed (" + recalled.getInt("tokens") + " tokens) for: " + rule.task());
        }
        if (reached(recalled, ownIds)) {
            tally.taskReached++;
        }
        CliHarness.Result search = cli.run(repo, "search", "--ranking", "lexical", "-l", "5", "--format", "json", rule.task());
        if (search.code() == 0 && search.array().getValuesAs(JsonObject.class).stream()
                .anyMatch(row -> ownIds.contains(row.getString("id")))) {
            tally.searchHits++;
        }
        if (bm25Top5(fts, rule.task()).stream().anyMatch(ownIds::contains)) {
            tally.bm25Hits++;
        }
    }

    private static JsonObject recall(CliHarness cli, Path repo, String prompt, Tally tally) {
        long start = System.nanoTime();
        CliHarness.Result result = cli.run(repo, "recall", "--format", "json", prompt);
        tally.nanos.add(System.nanoTime() - start);
        if (result.code() != 0) {
            throw new IllegalStateException("recall failed: " + result);
        }
        JsonObject recalled = result.object();
        tally.tokens += recalled.getInt("tokens");
        tally.prompts++;
        return recalled;
    }

    /** Two routine exchanges: one of the project's, then another of its own or one any project has. */
    private static List<MemoryLoopCorpus.Block> distractorBlocks(List<Session> routine, List<Session> common, int n) {
        Session first = routine.get(n % routine.size());
        Session second = n % 2 == 0 ? common.get((n / 2) % common.size())
                : routine.get((n + 1 + n / routine.size()) % routine.size());
        if (second == first) {
            second = common.get((n / 2 + 1) % common.size());
        }
        List<MemoryLoopCorpus.Block> blocks = new ArrayList<>(first.blocks());
        blocks.addAll(second.blocks());
        return blocks;
    }

    private static Instant capture(CliHarness cli, Path repo, String cwd, Path dir, String name,
            List<MemoryLoopCorpus.Block> blocks, Instant clock) throws Exception {
        String id = ClaudeCodeSessionWriter.sessionId(name);
        ClaudeCodeSessionWriter writer = new ClaudeCodeSessionWriter(id, cwd, clock).blocks(blocks);
        Path file = dir.resolve("claude").resolve("projects").resolve(repo.toString().replaceAll("[^A-Za-z0-9]", "-"))
                .resolve(id + ".jsonl");
        writer.write(file);
        CliHarness.Result result = cli.run(repo, "capture", "--transcript", file.toString(), "--session-id", id,
                "--format", "json");
        if (result.code() != 0) {
            throw new IllegalStateException("capture of " + name + " failed: " + result);
        }
        return writer.clock().plusSeconds(3 * 3600);
    }

    /** The graph's current items, whole. */
    private static Map<String, Item> items(CliHarness cli, Path repo) {
        CliHarness.Result list = cli.run(repo, "list", "--limit", "1000", "--format", "json");
        if (list.code() != 0) {
            throw new IllegalStateException("list failed: " + list);
        }
        Map<String, Item> items = new HashMap<>();
        for (JsonObject row : list.array().getValuesAs(JsonObject.class)) {
            JsonObject item = cli.run(repo, "show", row.getString("id"), "--format", "json").object();
            String source = item.getString("source", "");
            items.put(item.getString("id"), new Item(item.getString("id"),
                    item.getString("title") + "\n" + item.getString("content"),
                    source.startsWith("capture:") ? source.substring(8) : source));
        }
        return items;
    }

    /** The same items in a plain FTS5 table, as a baseline for lexical search. */
    private static Connection bm25Table(java.util.Collection<Item> items) throws Exception {
        Connection connection = DriverManager.getConnection("jdbc:sqlite::memory:");
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE VIRTUAL TABLE t USING fts5(id UNINDEXED, text)");
        }
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO t (id, text) VALUES (?, ?)")) {
            for (Item item : items) {
                insert.setString(1, item.id());
                insert.setString(2, item.text());
                insert.executeUpdate();
            }
        }
        return connection;
    }

    private static List<String> bm25Top5(Connection connection, String prompt) throws Exception {
        Set<String> words = new LinkedHashSet<>();
        Matcher matcher = WORD.matcher(prompt.toLowerCase(Locale.ROOT));
        while (matcher.find()) {
            words.add('"' + matcher.group() + '"');
        }
        List<String> ids = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement(
                "SELECT id FROM t WHERE t MATCH ? ORDER BY bm25(t) LIMIT 5")) {
            query.setString(1, String.join(" OR ", words));
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    ids.add(rows.getString(1));
                }
            }
        }
        return ids;
    }

    private static void print(PrintStream out, List<Domain> domains, List<String> names, List<Tally> parts) {
        out.println("memory loop: " + domains.size() + " domains (held-out: " + domains.stream().filter(Domain::heldOut)
                .map(Domain::name).collect(Collectors.joining(", ")) + "), load average " + loadAverage());
        out.printf("%-44s", "");
        names.forEach(n -> out.printf(" | %-16s", n));
        out.println();
        row(out, "rules captured complete", parts, t -> share(t.complete, t.rules));
        row(out, "rules captured partial", parts, t -> share(t.partial, t.rules));
        row(out, "rules missed", parts, t -> share(t.missed, t.rules));
        row(out, "changed rules with the old version current", parts, t -> share(t.conflicting, t.changed));
        row(out, "items per signal session", parts, t -> ratio(t.signalItems, t.signalSessions));
        row(out, "items per distractor session", parts, t -> ratio(t.distractorItems, t.distractorSessions)
                + " (" + t.distractorSessions + ")");
        row(out, "recall hit: every detail, task prompts", parts, t -> share(t.taskHits, t.tasks));
        row(out, "recall brought the rule's item", parts, t -> share(t.taskReached, t.tasks));
        row(out, "unrelated prompts that get anything", parts, t -> share(t.unrelatedAnything, t.unrelated));
        row(out, "tokens injected per prompt (mean)", parts, t -> ratio(t.tokens, t.prompts));
        row(out, "search --ranking lexical: item in top 5", parts, t -> share(t.searchHits, t.tasks));
        row(out, "plain FTS5 bm25(): item in top 5", parts, t -> share(t.bm25Hits, t.tasks));
        row(out, "recall in-process p50 / p95 ms", parts, t -> percentile(t.nanos, 50) + " / " + percentile(t.nanos, 95));
        out.println("recall in a server (model loaded, items embedded):");
        row(out, "recall hit: every detail, task prompts", parts, t -> share(t.hybrid.hits, t.tasks));
        row(out, "recall brought the rule's item", parts, t -> share(t.hybrid.reached, t.tasks));
        row(out, "unrelated prompts that get anything", parts, t -> share(t.hybrid.unrelatedAnything, t.unrelated));
        row(out, "tokens injected per prompt (mean)", parts, t -> ratio(t.hybrid.tokens, t.hybrid.prompts));
        row(out, "recall in the server p50 / p95 ms", parts,
                t -> percentile(t.hybrid.nanos, 50) + " / " + percentile(t.hybrid.nanos, 95));
    }

    private static void row(PrintStream out, String name, List<Tally> parts, java.util.function.Function<Tally, String> cell) {
        out.printf("%-44s", name);
        parts.forEach(t -> out.printf(" | %-16s", cell.apply(t)));
        out.println();
    }

    private static String share(int n, int of) {
        return of == 0 ? "-" : String.format(Locale.ROOT, "%d/%d %.0f%%", n, of, 100.0 * n / of);
    }

    private static String ratio(long n, int of) {
        return of == 0 ? "-" : String.format(Locale.ROOT, "%.2f", (double) n / of);
    }

    private static String percentile(List<Long> nanos, int p) {
        if (nanos.isEmpty()) {
            return "-";
        }
        List<Long> sorted = nanos.stream().sorted().toList();
        int at = Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1);
        return String.format(Locale.ROOT, "%.0f", sorted.get(Math.max(at, 0)) / 1e6);
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (Exception e) {
            return "?";
        }
    }

    private static void delete(Path dir) throws Exception {
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
