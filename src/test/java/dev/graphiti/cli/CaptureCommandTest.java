package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.ingest.transcript.TranscriptFiles;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `graphiti capture` on Claude Code-shaped transcripts, into a real database file. */
class CaptureCommandTest {

    static final String SESSION = TranscriptFiles.SESSION_A;

    @TempDir
    Path tmp;

    Path repo;
    Path claude;
    Path transcript;
    CliHarness cli;

    @BeforeEach
    void setUp() throws Exception {
        repo = GitFixture.repository(tmp.resolve("repo")).toRealPath();
        claude = tmp.resolve("claude");
        String folder = repo.toString().replace('/', '-');
        transcript = TranscriptFiles.copy("session-a.jsonl", claude.resolve("projects").resolve(folder).resolve(SESSION + ".jsonl"));
        cli = new CliHarness(tmp.resolve("home")).variable("CLAUDE_CONFIG_DIR", claude.toString());
    }

    private JsonObject capture(String... options) {
        List<String> args = new ArrayList<>(List.of("capture", "--format", "json"));
        args.addAll(List.of(options));
        CliHarness.Result result = cli.run(repo, args.toArray(String[]::new));
        assertEquals(0, result.code(), result::toString);
        return result.object();
    }

    private List<JsonObject> items(String... filter) {
        List<String> args = new ArrayList<>(List.of("list", "-l", "100", "--format", "json"));
        args.addAll(List.of(filter));
        return cli.run(repo, args.toArray(String[]::new)).array().getValuesAs(JsonObject.class);
    }

    @Test
    void capturesTheSessionThenOnlyNewTurns() throws Exception {
        JsonObject first = capture("--transcript", transcript.toString());
        assertEquals(SESSION, first.getString("session"));
        assertEquals(6, first.getInt("turns_read"));
        assertEquals(6, first.getInt("items_added"));

        List<JsonObject> preferences = items("--kind", "preference");
        assertEquals(2, preferences.size());
        assertEquals("capture:" + SESSION, preferences.get(0).getString("source"));
        assertEquals("project", preferences.get(0).getString("scope"));
        assertEquals(2, items("--kind", "decision").size());
        assertEquals(1, items("--kind", "bugfix").size());
        assertEquals(1, items("--kind", "architecture").size());

        JsonObject again = capture("--transcript", transcript.toString());
        assertEquals(0, again.getInt("turns_read"));
        assertEquals(0, again.getInt("items_added"));

        TranscriptFiles.append(transcript, "user", "We decided to run the nightly export at 02:00 UTC.");
        JsonObject more = capture("--session-id", SESSION);
        assertEquals(1, more.getInt("turns_read"));
        assertEquals(1, more.getInt("items_added"));
        assertEquals(7, items().size());
    }

    /**
     * Issue 13: what the assistant recalled from the project memory was stored again as a new decision every
     * session. Recall phrasing, lines quoted from graphiti's answers and restatements of a stored item in other
     * words are not new knowledge; a new decision about the same thing is.
     */
    @Test
    void recalledKnowledgeIsNotStoredAgain() throws Exception {
        capture("--transcript", transcript.toString());
        int before = items().size();
        TranscriptFiles.append(transcript, "user", "Let's use SQLite in WAL mode so hooks and servers can write one file concurrently.");
        assertEquals(1, capture("--session-id", SESSION).getInt("items_added"));

        TranscriptFiles.append(transcript, "assistant", "According to the project memory, we decided to use SQLite in WAL mode"
                + " so hooks and servers can write one file concurrently. I will keep that.");
        TranscriptFiles.append(transcript, "assistant", "From the project memory:\n\n- We decided to deploy with Kubernetes"
                + " instead of Heroku dynos.\n- decision: Use SQLite in WAL mode (k3j9x2ab, 2026-11-20): hooks and servers"
                + " write one file.\n\nNow to the reports.");
        TranscriptFiles.append(transcript, "assistant", "We decided to use SQLite in WAL mode, so that hooks and servers can"
                + " write one file concurrently.");
        TranscriptFiles.append(transcript, "assistant", "graphiti_search shows we chose bounded queues for the export jobs.");
        TranscriptFiles.append(transcript, "user", "Let's move to a Postgres replica for the reporting queries.");
        TranscriptFiles.append(transcript, "user", "Let's switch to a Postgres server for the hooks instead of SQLite WAL mode.");
        JsonObject recalled = capture("--session-id", SESSION);
        assertEquals(2, recalled.getInt("items_added"), recalled::toString);
        List<String> titles = items().stream().map(item -> item.getString("title")).toList();
        assertEquals(before + 3, titles.size(), titles::toString);
        assertTrue(titles.contains("Let's move to a Postgres replica for the reporting queries"), titles::toString);
        assertTrue(titles.contains("Let's switch to a Postgres server for the hooks instead of SQLite WAL mode"), titles::toString);
        assertTrue(titles.stream().noneMatch(t -> t.contains("Kubernetes") || t.contains("bounded queues")
                || t.contains("According")), titles::toString);
    }

    @Test
    void capturedItemsKeepTheirSessionAndTheOrderTheyWereSaidIn() throws Exception {
        capture("--transcript", transcript.toString());
        TranscriptFiles.append(transcript, "user", "We decided to run the nightly export at 02:00 UTC.");
        capture("--session-id", SESSION);
        List<String> threads = new ArrayList<>();
        List<String> contents = new ArrayList<>();
        List<Long> positions = new ArrayList<>();
        try (var connection = java.sql.DriverManager.getConnection("jdbc:sqlite:" + repo.resolve(".graphiti/graph.db"));
             var rows = connection.createStatement().executeQuery("SELECT thread, position, content FROM items ORDER BY seq")) {
            while (rows.next()) {
                threads.add(rows.getString(1));
                positions.add(rows.getLong(2));
                contents.add(rows.getString(3));
            }
        }
        assertEquals(7, threads.size());
        assertTrue(threads.stream().allMatch(SESSION::equals), threads::toString);
        assertEquals(positions.stream().sorted().distinct().toList(), positions, "stored in the order said: " + positions);
        assertTrue(contents.get(6).contains("nightly export"), contents::toString);
    }

    @Test
    void secretsSaidInTheConversationNeverReachTheDatabase() throws Exception {
        String token = "ghp_R2D2c3poBB8sKywalkerLeiaHanSolo42xyz";
        TranscriptFiles.append(transcript, "user", "We decided that CI authenticates with " + token + " until the vault is ready.");
        assertEquals(7, capture("--transcript", transcript.toString()).getInt("items_added"));
        String decision = items("--kind", "decision").stream().map(item -> item.getString("title"))
                .filter(title -> title.startsWith("We decided that CI")).findFirst().orElseThrow();
        assertTrue(decision.contains("[REDACTED"), decision);
        try (var files = Files.list(repo.resolve(".graphiti"))) {
            for (Path file : files.toList()) {
                String bytes = new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.ISO_8859_1);
                assertTrue(!bytes.contains(token) && !bytes.contains("R2D2c3poBB8s"), file + " holds the token");
            }
        }
    }

    @Test
    void readsTheHookInputOnStdin() {
        String hook = "{\"session_id\":\"" + SESSION + "\",\"transcript_path\":\"" + transcript
                + "\",\"cwd\":\"" + repo + "\",\"hook_event_name\":\"Stop\",\"stop_hook_active\":false}";
        CliHarness.Result result = cli.runWithStdin(repo, hook, "capture", "--format", "json");
        assertEquals(0, result.code(), result::toString);
        assertEquals(6, result.object().getInt("items_added"));

        CliHarness.Result bad = cli.runWithStdin(repo, "{\"session_id\": 3}", "capture");
        assertEquals(2, bad.code(), bad::toString);
        assertTrue(bad.err().contains("session_id"), bad::toString);
    }

    @Test
    void findsTheProjectsNewestTranscriptWithoutOptions() {
        JsonObject report = capture();
        assertEquals(SESSION, report.getString("session"));
        assertEquals(6, report.getInt("items_added"));
    }

    @Test
    void missingTranscriptsAreClearErrors() throws Exception {
        CliHarness.Result noFile = cli.run(repo, "capture", "--transcript", "nowhere.jsonl");
        assertEquals(2, noFile.code(), noFile::toString);
        assertTrue(noFile.err().contains("no such file"), noFile::toString);
        CliHarness.Result noSession = cli.run(repo, "capture", "--session-id", "abc");
        assertEquals(2, noSession.code(), noSession::toString);
        CliHarness.Result badId = cli.run(repo, "capture", "--session-id", "../x");
        assertEquals(2, badId.code(), badId::toString);
        Files.delete(transcript);
        CliHarness.Result none = cli.run(repo, "capture");
        assertEquals(2, none.code(), none::toString);
        assertTrue(none.err().contains("no Claude Code transcript"), none::toString);
    }

    @Test
    void concurrentCaptureProcessesStoreEachItemOnce() throws Exception {
        for (int round = 0; round < 2; round++) {
            if (round == 1) {
                TranscriptFiles.append(transcript, "user", "Let's use a bounded queue for the export jobs.");
            }
            List<Process> processes = new ArrayList<>();
            List<Path> outputs = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                Path out = tmp.resolve("out-" + round + "-" + i + ".json");
                outputs.add(out);
                ProcessBuilder builder = ChildProcess.java(CliProcessMain.class, repo, cli.variables(), List.of(),
                        "capture", "--transcript", transcript.toString(), "--format", "json");
                processes.add(builder.redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start());
            }
            int added = 0;
            for (int i = 0; i < processes.size(); i++) {
                assertEquals(0, processes.get(i).waitFor());
                try (var reader = jakarta.json.Json.createReader(Files.newBufferedReader(outputs.get(i)))) {
                    added += reader.readObject().getInt("items_added");
                }
            }
            assertEquals(round == 0 ? 6 : 1, added, "round " + round);
        }
        assertEquals(7, items().size());
    }

    @Test
    void asyncReturnsAtOnceAndCapturesInTheBackground() throws Exception {
        JsonObject started = capture("--async", "--transcript", transcript.toString());
        assertEquals(SESSION, started.getString("session"));
        assertTrue(started.getBoolean("async"));
        Path log = Path.of(started.getString("log"));
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline && !(Files.exists(log) && Files.readString(log).contains(SESSION))) {
            Thread.sleep(100);
        }
        assertTrue(Files.readString(log).contains("capture " + SESSION + ": read 6 turns, added 6 items"), Files.readString(log));
        assertEquals(6, items().size());
    }
}
