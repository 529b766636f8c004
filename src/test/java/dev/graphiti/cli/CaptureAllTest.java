package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.ingest.transcript.GeneratedTranscripts;
import dev.graphiti.ingest.transcript.TranscriptFiles;
import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `graphiti capture --all` over folders of generated Claude Code sessions, into real database files. */
class CaptureAllTest {

    @TempDir
    Path tmp;

    Path repo;
    Path claude;
    CliHarness cli;

    @BeforeEach
    void setUp() throws Exception {
        repo = GitFixture.repository(tmp.resolve("repo")).toRealPath();
        claude = tmp.resolve("claude");
        cli = new CliHarness(tmp.resolve("home")).variable("CLAUDE_CONFIG_DIR", claude.toString());
    }

    private JsonObject captureAll(Path cwd, String... options) {
        List<String> args = new ArrayList<>(List.of("capture", "--all", "--format", "json"));
        args.addAll(List.of(options));
        CliHarness.Result result = cli.run(cwd, args.toArray(String[]::new));
        assertEquals(0, result.code(), result::toString);
        assertEquals("", result.err(), "json mode draws no progress");
        return result.object();
    }

    private long rows(Path database, String where) throws Exception {
        try (var connection = DriverManager.getConnection("jdbc:sqlite:" + database);
             var count = connection.createStatement().executeQuery("SELECT count(*) FROM items WHERE " + where)) {
            return count.getLong(1);
        }
    }

    @Test
    void takesInHundredsOfSessionsOnceThenOnlyWhatGrew() throws Exception {
        List<GeneratedTranscripts.Session> sessions = GeneratedTranscripts.write(claude, repo, 300, 7);
        List<GeneratedTranscripts.Session> inSubdirectory = GeneratedTranscripts.write(claude,
                Files.createDirectories(repo.resolve("services/api")), 5, 8);
        GeneratedTranscripts.write(claude, tmp.resolve("other-project"), 20, 9);
        // "/repo-old" shares the folder-name prefix of "/repo/old" but is another project
        GeneratedTranscripts.write(claude, tmp.resolve("repo-old"), 3, 10);
        int malformed = sessions.stream().mapToInt(GeneratedTranscripts.Session::malformedLines).sum()
                + inSubdirectory.stream().mapToInt(GeneratedTranscripts.Session::malformedLines).sum();
        assertTrue(malformed >= 10, "the fixture has truncated lines: " + malformed);

        JsonObject first = captureAll(repo);
        assertEquals(305, first.getInt("transcripts"), first::toString);
        assertEquals(305, first.getInt("read"));
        assertEquals(0, first.getInt("unchanged"));
        assertEquals(malformed, first.getInt("malformed_lines"));
        int added = first.getInt("items_added");
        assertTrue(added > 100, first::toString);
        assertTrue(first.getInt("duplicates") > 0, "repeats across sessions are stored once");
        Path database = repo.resolve(".graphiti/graph.db");
        assertEquals(added, rows(database, "source LIKE 'capture:%'"));
        assertEquals(0, rows(database, "content LIKE '%Kotlin%' OR content LIKE '%look at the scheduler%'"),
                "sidechains and thinking stay out");
        String subSession = inSubdirectory.get(0).file().getFileName().toString()
                .replace(".jsonl", "");
        assertTrue(rows(database, "source = 'capture:" + subSession + "'") > 0, "sessions started in a subdirectory count");

        JsonObject again = captureAll(repo);
        assertEquals(305, again.getInt("transcripts"));
        assertEquals(305, again.getInt("unchanged"), again::toString);
        assertEquals(0, again.getInt("items_added"));
        assertEquals(0, again.getInt("turns_read"));
        assertEquals(added, rows(database, "1=1"));

        Path grown = sessions.get(123).file();
        TranscriptFiles.append(grown, "user", "We decided to keep the exports on the old scheduler until March.");
        JsonObject more = captureAll(repo);
        assertEquals(1, more.getInt("read"), more::toString);
        assertEquals(1, more.getInt("turns_read"));
        assertEquals(1, more.getInt("items_added"));
        assertEquals(added + 1, rows(database, "1=1"));
    }

    @Test
    void whatTheStopHookCapturedIsNotReadAgainAndSecretsStayOut() throws Exception {
        List<GeneratedTranscripts.Session> sessions = GeneratedTranscripts.write(claude, repo, 4, 11);
        Path first = sessions.get(0).file();
        String token = "ghp_R2D2c3poBB8sKywalkerLeiaHanSolo42xyz";
        TranscriptFiles.append(sessions.get(1).file(), "user", "We decided that CI authenticates with " + token + " for now.");
        CliHarness.Result hook = cli.run(repo, "capture", "--transcript", first.toString(), "--format", "json");
        assertEquals(0, hook.code(), hook::toString);

        JsonObject all = captureAll(repo);
        assertEquals(4, all.getInt("transcripts"));
        assertEquals(1, all.getInt("unchanged"), all::toString);
        assertEquals(3, all.getInt("read"));
        try (var files = Files.list(repo.resolve(".graphiti"))) {
            for (Path file : files.toList()) {
                String bytes = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
                assertFalse(bytes.contains("R2D2c3poBB8s"), file + " holds the token");
            }
        }
    }

    @Test
    void aTruncatedLastLineWaitsAndALinkOutOfTheProjectsFolderIsNotFollowed() throws Exception {
        List<GeneratedTranscripts.Session> sessions = GeneratedTranscripts.write(claude, repo, 2, 12);
        Path live = sessions.get(0).file();
        Files.writeString(live, "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"We decided to ship on Fridays",
                StandardOpenOption.APPEND);
        Path outside = TranscriptFiles.copy("session-a.jsonl", tmp.resolve("elsewhere/secret-session.jsonl"));
        Files.createSymbolicLink(live.resolveSibling("linked.jsonl"), outside);

        JsonObject first = captureAll(repo);
        assertEquals(2, first.getInt("transcripts"), first::toString);
        assertEquals(0, first.getInt("malformed_lines"));
        Path database = repo.resolve(".graphiti/graph.db");
        assertEquals(0, rows(database, "source = 'capture:linked' OR content LIKE '%Fridays%'"));

        Files.writeString(live, " from now on.\"}}\n", StandardOpenOption.APPEND);
        JsonObject finished = captureAll(repo);
        assertEquals(1, finished.getInt("items_added"), finished::toString);
        assertEquals(1, rows(database, "content LIKE '%ship on Fridays from now on%'"));
    }

    @Test
    void everyProjectGoesToItsOwnGraphAndAGoneOneIsNamed() throws Exception {
        Path other = GitFixture.repository(tmp.resolve("other")).toRealPath();
        GeneratedTranscripts.write(claude, repo, 6, 13);
        GeneratedTranscripts.write(claude, other, 4, 14);
        Path gone = Files.createDirectories(tmp.resolve("gone"));
        GeneratedTranscripts.write(claude, gone, 2, 15);
        Files.delete(gone);

        JsonObject all = captureAll(tmp, "--all-projects");
        assertEquals(10, all.getInt("transcripts"), all::toString);
        assertEquals(2, all.getJsonArray("graphs").size());
        assertEquals(1, all.getJsonArray("skipped_folders").size());
        assertTrue(all.getJsonArray("skipped_folders").getJsonObject(0).getString("reason").contains("no longer exists"));
        long here = rows(repo.resolve(".graphiti/graph.db"), "1=1");
        long there = rows(other.resolve(".graphiti/graph.db"), "1=1");
        assertTrue(here > 0 && there > 0 && here + there == all.getInt("items_added"), all::toString);
        assertEquals(0, captureAll(tmp, "--all-projects").getInt("items_added"));

        JsonObject global = captureAll(tmp, "--all-projects", "--global");
        assertEquals(12, global.getInt("transcripts"), global::toString);
        assertEquals(1, global.getJsonArray("graphs").size());
        assertEquals(0, global.getJsonArray("skipped_folders").size());
        assertTrue(rows(tmp.resolve("home/global.db"), "1=1") > 0);
    }

    @Test
    void aPersonAtATerminalSeesAProgressBarAndJsonStaysQuiet() throws Exception {
        GeneratedTranscripts.write(claude, repo, 12, 16);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CliEnvironment terminal = new CliEnvironment(cli.variables(), true, Optional.empty(), false);
        int code = new Cli(terminal).run(List.of("capture", "--all"), repo, new ByteArrayInputStream(new byte[0]),
                new PrintWriter(out), new PrintWriter(err));
        assertEquals(0, code, err::toString);
        assertTrue(err.toString().contains("12/12 sessions"), err::toString);
        assertTrue(out.toString().contains("12 transcripts (12 with new turns, 0 already captured)"), out::toString);

        StringWriter jsonErr = new StringWriter();
        code = new Cli(terminal).run(List.of("capture", "--all", "--format", "json"), repo,
                new ByteArrayInputStream(new byte[0]), new PrintWriter(new StringWriter()), new PrintWriter(jsonErr));
        assertEquals(0, code);
        assertEquals("", jsonErr.toString());
    }

    @Test
    void jsonProgressCountsTheSessionsOnStderrForAProgram() throws Exception {
        GeneratedTranscripts.write(claude, repo, 12, 17);
        CliHarness.Result result = cli.run(repo, "capture", "--all", "--format", "json", "--json-progress");
        assertEquals(0, result.code(), result::toString);
        List<String> lines = result.err().lines().toList();
        assertEquals("{\"progress\":0,\"total\":12,\"unit\":\"sessions\"}", lines.get(0), result::err);
        assertEquals("{\"progress\":12,\"total\":12,\"unit\":\"sessions\"}", lines.get(lines.size() - 1), result::err);
        assertEquals(12, result.object().getInt("transcripts"), "stdout holds the counts alone");
    }

    @Test
    void allTakesNoSingleSessionOptions() {
        CliHarness.Result result = cli.run(repo, "capture", "--all", "--session-id", "abc");
        assertEquals(2, result.code(), result::toString);
        assertEquals(2, cli.run(repo, "capture", "--all-projects").code());
    }
}
