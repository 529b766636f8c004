package dev.graphiti.cli;

import dev.graphiti.redact.Redactor;
import dev.graphiti.redact.corpus.OrdinaryCorpus;
import dev.graphiti.redact.corpus.SecretCorpus;
import dev.graphiti.redact.corpus.SourceCorpus;
import jakarta.json.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Redaction recall and false positives on the four write paths, measured on what reaches the SQLite file:
 * {@code scripts/bench-redact-recall [--corpus sources] [--redactor] [--show-misses] [--seed N]}.
 *
 * <p>Every secret of {@link SecretCorpus} and every text of {@link OrdinaryCorpus} goes through
 * <ul>
 * <li>add of code/config: {@code graphiti add} with the secret in a code or config snippet;</li>
 * <li>add of prose: {@code graphiti add} with the secret in a sentence;</li>
 * <li>git index: a real repository (written with {@code git fast-import}) whose commits carry the secrets
 * in the subject, the body or a file name, then {@code graphiti index --full};</li>
 * <li>capture: a Claude Code-shaped transcript whose turns state decisions holding the secrets, then
 * {@code graphiti capture}.</li>
 * </ul>
 * A secret leaks when a stretch of it (half its length, at least 10 characters, any case) is in the database
 * files or in any text column of any table ({@link StoredText}). An ordinary text is a false positive when one of its words is
 * missing from the database. A sample that never reached the database (the indexer or the extractor passed
 * it by) counts in neither. {@code --redactor} runs the redactor alone, in milliseconds, for tuning;
 * {@code --show-misses} lists the leaks and false positives of the tuning part (never the held-out part);
 * {@code --seed N} draws other secrets into the same contexts. {@code --corpus sources} measures
 * {@link SourceCorpus} instead (samples in the form of sixteen kinds of document, whole sources held out):
 * one add run, reported for the code/config sources and the prose sources apart, and figures per source.
 */
public final class RedactRecallBench {

    private record Tally(int[] counts) {
        Tally() {
            this(new int[2]);
        }

        void add(boolean bad) {
            counts[0]++;
            counts[1] += bad ? 1 : 0;
        }
    }

    /** Per write path: recall per secret class, false positives per text class, misses for tuning. */
    private static final class PathResult {
        final String name;
        final Map<String, Tally> recall = new TreeMap<>();
        final Map<String, Tally> falsePositives = new TreeMap<>();
        final Map<String, Tally> heldOutRecallByKind = new TreeMap<>();
        final Map<String, Tally> recallBySource = new TreeMap<>();
        final Map<String, Tally> falsePositivesBySource = new TreeMap<>();
        final Tally heldOutRecall = new Tally();
        final Tally heldOutFalsePositives = new Tally();
        final Tally tuneRecall = new Tally();
        final Tally tuneFalsePositives = new Tally();
        final List<String> misses = new ArrayList<>();
        int notReached;

        PathResult(String name) {
            this.name = name;
        }
    }

    private RedactRecallBench() {
    }

    public static void main(String[] args) throws Exception {
        List<String> options = List.of(args);
        boolean redactorOnly = options.contains("--redactor");
        boolean showMisses = options.contains("--show-misses");
        int seedAt = options.indexOf("--seed");
        int corpusAt = options.indexOf("--corpus");
        boolean sources = corpusAt >= 0 && corpusAt + 1 < options.size() && options.get(corpusAt + 1).equals("sources");
        List<SecretCorpus.Secret> secrets = sources ? SourceCorpus.secrets()
                : seedAt >= 0 && seedAt + 1 < options.size()
                ? SecretCorpus.all(Long.parseLong(options.get(seedAt + 1))) : SecretCorpus.all();
        List<OrdinaryCorpus.Text> texts = sources ? SourceCorpus.ordinary() : OrdinaryCorpus.all();
        PrintStream out = System.out;
        List<PathResult> results = new ArrayList<>();
        results.add(redactorAlone(secrets, texts));
        if (!redactorOnly) {
            Path tmp = Files.createTempDirectory("bench-redact-recall");
            try {
                if (sources) {
                    // each sample is added as its document has it; code/config and prose sources reported apart
                    Path repo = add(tmp.resolve("add"), secrets, texts, true);
                    results.add(measure("add code/config", repo,
                            secrets.stream().filter(s -> !SourceCorpus.isProse(s.source())).toList(),
                            texts.stream().filter(t -> !SourceCorpus.isProse(t.source())).toList()));
                    results.add(measure("add prose", repo,
                            secrets.stream().filter(s -> SourceCorpus.isProse(s.source())).toList(),
                            texts.stream().filter(t -> SourceCorpus.isProse(t.source())).toList()));
                } else {
                    results.add(measure("add code/config", add(tmp.resolve("code"), secrets, texts, true),
                            secrets, texts));
                    results.add(measure("add prose", add(tmp.resolve("prose"), secrets, texts, false), secrets,
                            texts));
                }
                results.add(index(tmp.resolve("git"), secrets, texts));
                results.add(capture(tmp.resolve("capture"), secrets, texts));
            } finally {
                deleteTree(tmp);
            }
        }
        print(out, results, secrets.size(), texts.size(), showMisses);
    }

    private static PathResult redactorAlone(List<SecretCorpus.Secret> secrets, List<OrdinaryCorpus.Text> texts) {
        Redactor redactor = new Redactor();
        PathResult result = new PathResult("redactor alone");
        for (SecretCorpus.Secret s : secrets) {
            for (String text : List.of(s.code(), s.prose())) {
                String redacted = redactor.redact(text).text().toLowerCase(Locale.ROOT);
                recordSecret(result, s, StoredText.leaks(s.secret(), redacted), text);
            }
        }
        for (OrdinaryCorpus.Text t : texts) {
            String redacted = redactor.redact(t.text()).text();
            recordText(result, t, !redacted.equals(t.text()), redacted);
        }
        return result;
    }

    private static String marker(int id) {
        return "ref" + id + "z";
    }

    private static Path add(Path dir, List<SecretCorpus.Secret> secrets, List<OrdinaryCorpus.Text> texts,
            boolean code) throws Exception {
        Path repo = GitFixture.repository(dir.resolve("repo"));
        CliHarness cli = new CliHarness(dir.resolve("home"));
        for (SecretCorpus.Secret s : secrets) {
            String content = code ? s.code() + "\n# " + marker(s.id()) : s.prose() + " (" + marker(s.id()) + ")";
            run(cli, repo, "add", "-k", "note", "--", content);
        }
        for (OrdinaryCorpus.Text t : texts) {
            run(cli, repo, "add", "-k", "note", "--", t.text() + "\n" + marker(100_000 + t.id()));
        }
        return repo;
    }

    private static PathResult index(Path dir, List<SecretCorpus.Secret> secrets, List<OrdinaryCorpus.Text> texts)
            throws Exception {
        Path repo = GitFixture.repository(dir.resolve("repo"));
        StringBuilder stream = new StringBuilder();
        int mark = 0;
        long time = 1_760_000_000L;
        for (SecretCorpus.Secret s : secrets) {
            String subject;
            String body;
            String path = "notes/" + marker(s.id()) + ".md";
            switch (s.id() % 3) {
                case 0 -> {
                    subject = "Rotate credentials (" + marker(s.id()) + "): " + s.prose();
                    body = "Details are in the runbook.";
                }
                case 1 -> {
                    subject = "Configure the staging service (" + marker(s.id()) + ")";
                    body = "Set this in the environment:\n\n" + s.code();
                }
                default -> {
                    subject = "Add the key file for the partner (" + marker(s.id()) + ")";
                    if (s.pathSafe()) {
                        path = "keys/" + s.secret() + ".txt";
                        body = "The file name is what the partner gave us.";
                    } else {
                        body = s.code() + "\n\n" + s.prose();
                    }
                }
            }
            mark = commit(stream, mark, time++, subject + "\n\n" + body, path);
        }
        for (OrdinaryCorpus.Text t : texts) {
            String subject = "Document the " + t.kind().replace('_', ' ') + " (" + marker(100_000 + t.id()) + ")";
            mark = commit(stream, mark, time++, subject + "\n\n" + t.text(), "docs/" + marker(100_000 + t.id()) + ".md");
        }
        fastImport(repo, stream.toString());
        CliHarness cli = new CliHarness(dir.resolve("home"));
        run(cli, repo, "index", "--full");
        return measure("git index", repo, secrets, texts);
    }

    private static int commit(StringBuilder stream, int mark, long time, String message, String path) {
        byte[] bytes = message.getBytes(StandardCharsets.UTF_8);
        String content = "# " + path + "\n" + "line\n".repeat(12);
        stream.append("commit refs/heads/main\n")
                .append("committer Ada <ada@acme.io> ").append(time).append(" +0000\n")
                .append("data ").append(bytes.length).append('\n').append(message).append('\n');
        if (mark == 0) {
            stream.append("from refs/heads/main^0\n");
        }
        stream.append("M 100644 inline ").append(quotePath(path)).append('\n')
                .append("data ").append(content.getBytes(StandardCharsets.UTF_8).length).append('\n').append(content)
                .append('\n');
        return mark + 1;
    }

    private static String quotePath(String path) {
        return path.contains(" ") || path.contains("\"") ? "\"" + path.replace("\"", "\\\"") + "\"" : path;
    }

    private static void fastImport(Path repo, String stream) throws IOException, InterruptedException {
        Process git = new ProcessBuilder("git", "fast-import", "--quiet").directory(repo.toFile())
                .redirectErrorStream(true).start();
        try (OutputStream in = git.getOutputStream()) {
            in.write(stream.getBytes(StandardCharsets.UTF_8));
        }
        String output = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!git.waitFor(120, TimeUnit.SECONDS) || git.exitValue() != 0) {
            throw new IllegalStateException("git fast-import failed: " + output);
        }
        GitFixture.git(repo, "reset", "-q", "--hard", "main");
    }

    private static PathResult capture(Path dir, List<SecretCorpus.Secret> secrets, List<OrdinaryCorpus.Text> texts)
            throws Exception {
        Path repo = GitFixture.repository(dir.resolve("repo")).toRealPath();
        Path claude = dir.resolve("claude");
        String session = "5b0c1a2e-7d3f-4e21-9c0a-1d2e3f4a5b6c";
        Path transcript = claude.resolve("projects").resolve(repo.toString().replace('/', '-'))
                .resolve(session + ".jsonl");
        Files.createDirectories(transcript.getParent());
        StringBuilder lines = new StringBuilder();
        int turn = 0;
        for (SecretCorpus.Secret s : secrets) {
            boolean codeForm = s.id() % 2 == 1 && !s.code().contains("\n");
            String sentence = codeForm
                    ? "We decided to set " + s.code() + " for the demo (" + marker(s.id()) + ")."
                    : "We decided to keep this for the demo (" + marker(s.id()) + "): " + s.prose();
            lines.append(turn(session, repo, turn++, s.id() % 2 == 0 ? "user" : "assistant", sentence)).append('\n');
        }
        for (OrdinaryCorpus.Text t : texts) {
            if (!t.text().contains("\n")) {
                String sentence = "We decided to keep this as it is (" + marker(100_000 + t.id()) + "): " + t.text();
                lines.append(turn(session, repo, turn++, "assistant", sentence)).append('\n');
            }
        }
        Files.writeString(transcript, lines);
        CliHarness cli = new CliHarness(dir.resolve("home")).variable("CLAUDE_CONFIG_DIR", claude.toString());
        run(cli, repo, "capture", "--transcript", transcript.toString());
        return measure("capture", repo, secrets, texts);
    }

    private static String turn(String session, Path repo, int n, String role, String text) {
        var message = Json.createObjectBuilder().add("role", role);
        if (role.equals("user")) {
            message.add("content", text);
        } else {
            message.add("content", Json.createArrayBuilder().add(Json.createObjectBuilder().add("type", "text")
                    .add("text", text)));
        }
        return Json.createObjectBuilder().add("parentUuid", n == 0 ? "" : "u-" + (n - 1)).add("isSidechain", false)
                .add("userType", "external").add("cwd", repo.toString()).add("sessionId", session)
                .add("version", "2.1.0").add("gitBranch", "main").add("type", role).add("message", message)
                .add("uuid", "u-" + n).add("timestamp", String.format(Locale.ROOT, "2026-11-23T10:%02d:%02d.000Z", n / 60 % 60, n % 60))
                .build().toString();
    }

    private static void run(CliHarness cli, Path repo, String... args) {
        CliHarness.Result result = cli.run(repo, args);
        if (result.code() != 0) {
            throw new IllegalStateException("graphiti " + String.join(" ", args) + " failed: " + result);
        }
    }

    private static PathResult measure(String name, Path repo, List<SecretCorpus.Secret> secrets,
            List<OrdinaryCorpus.Text> texts) throws IOException, SQLException {
        String everything = StoredText.of(repo);
        String lower = everything.toLowerCase(Locale.ROOT);
        PathResult result = new PathResult(name);
        for (SecretCorpus.Secret s : secrets) {
            if (!everything.contains(marker(s.id()))) {
                result.notReached++;
                continue;
            }
            recordSecret(result, s, StoredText.leaks(s.secret(), lower),
                    excerpt(everything, marker(s.id())));
        }
        for (OrdinaryCorpus.Text t : texts) {
            if (!everything.contains(marker(100_000 + t.id()))) {
                continue; // multi-line texts are not captured: the transcript path never sees them
            }
            String missing = missingWord(t.text(), everything);
            recordText(result, t, missing != null, missing == null ? "" : missing);
        }
        return result;
    }

    private static String excerpt(String everything, String marker) {
        int at = everything.indexOf(marker);
        return everything.substring(Math.max(0, at - 300), Math.min(everything.length(), at + 300));
    }

    /** A word of the text (six characters or more) the database does not hold, or null. */
    private static String missingWord(String text, String everything) {
        for (String word : text.split("\\s+")) {
            String w = word.replaceAll("^[\"'(<{\\[]+|[\"')>},.:;\\]]+$", "");
            if (w.length() >= 6 && !everything.contains(w)) {
                return w;
            }
        }
        return null;
    }

    private static void recordSecret(PathResult result, SecretCorpus.Secret s, boolean leaked, String where) {
        result.recall.computeIfAbsent(s.kind(), k -> new Tally()).add(leaked);
        result.recallBySource.computeIfAbsent(sourceLabel(s.source(), s.heldOut()), k -> new Tally()).add(leaked);
        (s.heldOut() ? result.heldOutRecall : result.tuneRecall).add(leaked);
        if (s.heldOut()) {
            result.heldOutRecallByKind.computeIfAbsent(s.kind(), k -> new Tally()).add(leaked);
        }
        if (leaked && !s.heldOut()) {
            result.misses.add("LEAK " + s.kind() + " #" + s.id() + ": " + where.replace("\n", "\\n"));
        }
    }

    private static void recordText(PathResult result, OrdinaryCorpus.Text t, boolean changed, String what) {
        result.falsePositives.computeIfAbsent(t.kind(), k -> new Tally()).add(changed);
        result.falsePositivesBySource.computeIfAbsent(sourceLabel(t.source(), t.heldOut()), k -> new Tally())
                .add(changed);
        (t.heldOut() ? result.heldOutFalsePositives : result.tuneFalsePositives).add(changed);
        if (changed && !t.heldOut()) {
            result.misses.add("FP " + t.kind() + " #" + t.id() + ": " + what.replace("\n", "\\n"));
        }
    }

    /** Held-out sources sort first and carry a star. */
    private static String sourceLabel(String source, boolean heldOut) {
        return heldOut ? "*" + source : source;
    }

    private static void print(PrintStream out, List<PathResult> results, int secrets, int texts, boolean showMisses) {
        out.printf(Locale.ROOT, "corpus: %d secrets in %d classes, %d ordinary texts in %d classes%n", secrets,
                results.get(0).recall.size(), texts, results.get(0).falsePositives.size());
        out.println();
        section(out, "Recall on the held-out part only, per write path and secret class:", results,
                r -> r.heldOutRecallByKind, true);
        section(out, "Recall (secrets kept out of the database), per write path and secret class:", results,
                r -> r.recall, true);
        section(out, "False positives (ordinary texts changed), per write path and text class:", results,
                r -> r.falsePositives, false);
        if (results.get(0).recallBySource.keySet().stream().map(s -> s.replace("*", "")).distinct().count() > 1) {
            section(out, "Recall per source (* held out: never looked at while tuning):", results,
                    r -> r.recallBySource, true);
            section(out, "False positives per source:", results, r -> r.falsePositivesBySource, false);
        }
        out.printf("%-30s", "split");
        results.forEach(r -> out.printf("%18s", r.name));
        out.println();
        row(out, "recall, held-out part", results, r -> r.heldOutRecall, true);
        row(out, "recall, tuning part", results, r -> r.tuneRecall, true);
        row(out, "false positives, held-out", results, r -> r.heldOutFalsePositives, false);
        row(out, "false positives, tuning part", results, r -> r.tuneFalsePositives, false);
        out.printf("%-30s", "secrets not reaching the db");
        results.forEach(r -> out.printf("%18d", r.notReached));
        out.println();
        if (showMisses) {
            for (PathResult r : results) {
                r.misses.forEach(m -> out.println(r.name + ": " + m));
            }
        }
    }

    private static void section(PrintStream out, String title, List<PathResult> results,
            java.util.function.Function<PathResult, Map<String, Tally>> part, boolean recall) {
        out.println(title);
        table(out, results, part, recall);
        out.println();
    }

    private static void table(PrintStream out, List<PathResult> results,
            java.util.function.Function<PathResult, Map<String, Tally>> part, boolean recall) {
        out.printf("%-30s", "class");
        results.forEach(r -> out.printf("%18s", r.name));
        out.println();
        for (String kind : part.apply(results.get(0)).keySet()) {
            row(out, kind, results, r -> part.apply(r).getOrDefault(kind, new Tally()), recall);
        }
        row(out, "all", results, r -> {
            Tally sum = new Tally();
            part.apply(r).values().forEach(t -> {
                sum.counts()[0] += t.counts()[0];
                sum.counts()[1] += t.counts()[1];
            });
            return sum;
        }, recall);
    }

    private static void row(PrintStream out, String label, List<PathResult> results,
            java.util.function.Function<PathResult, Tally> tally, boolean recall) {
        out.printf("%-30s", label);
        for (PathResult r : results) {
            int[] c = tally.apply(r).counts();
            if (c[0] == 0) {
                out.printf("%18s", "-");
            } else {
                double rate = recall ? 100.0 * (c[0] - c[1]) / c[0] : 100.0 * c[1] / c[0];
                out.printf(Locale.ROOT, "%18s", String.format(Locale.ROOT, "%.1f%% (%d/%d)", rate,
                        recall ? c[0] - c[1] : c[1], c[0]));
            }
        }
        out.println();
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
