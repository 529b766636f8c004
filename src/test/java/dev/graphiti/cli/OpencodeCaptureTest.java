package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.ingest.transcript.GeneratedTranscripts;
import dev.graphiti.ingest.transcript.OpencodeDatabase;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Capture from opencode's own sessions (its SQLite database, &lt;XDG_DATA_HOME&gt;/opencode/opencode.db, in opencode
 * 1.18.33's tables) into the project graph of each session's directory, with the source naming opencode.
 */
class OpencodeCaptureTest {

    static final String SESSION = "ses_2a1b3c4d5e6fAbCdEfGhIjKlMn";
    /** The session in the items' source, as opencode names it (the redaction leaves its ids alone). */
    static final String SOURCE = "capture:opencode:" + SESSION;
    static final String CHILD = "ses_2a1b3c4d6a7bQrStUvWxYzAbCd";
    static final String ELSEWHERE = "ses_2a1b3c4d7c8dEfGhIjKlMnOpQr";

    @TempDir
    Path tmp;

    Path repo;
    CliHarness cli;
    OpencodeDatabase opencode;

    @BeforeEach
    void setUp() throws Exception {
        repo = GitFixture.repository(tmp.resolve("shop")).toRealPath();
        opencode = OpencodeDatabase.create(tmp.resolve("data"), Instant.parse("2026-06-02T08:00:00Z"));
        cli = new CliHarness(tmp.resolve("home")).variable("XDG_DATA_HOME", tmp.resolve("data").toString())
                .variable("CODEX_HOME", tmp.resolve("no-codex").toString())
                .variable("CLAUDE_CONFIG_DIR", tmp.resolve("claude").toString());
    }

    @Test
    void capturesTheUsersAndTheModelsWordsOnceWithOpencodeNamedInTheSource() throws Exception {
        opencode.session(ELSEWHERE, tmp.resolve("blog"), null)
                .user("We decided to host the blog on a static site generator.").assistant(null, null, "Fine.");
        OpencodeDatabase.Session session = opencode.session(SESSION, repo, null)
                .user("Why does the checkout page time out on Mondays?")
                .assistant("read", "jobs/report.py",
                        "The root cause was the weekly report job holding the orders table lock for minutes.");
        opencode.session(CHILD, repo, SESSION).user("We decided to move everything to MongoDB.")
                .assistant(null, null, "Moved.");
        // as `opencode run "..."` sends a prompt: an argument with a space in it, quoted
        session.user("\"Never run reporting jobs against the primary database.\"").answering("Noted; I will mo");

        JsonObject first = cli.json(repo, "capture", "--agent", "opencode", "--format", "json");

        assertEquals(SESSION, first.getString("session"), first::toString);
        assertEquals(3, first.getInt("turns_read"), "the answer still being written is left for later: " + first);
        Path database = repo.resolve(".graphiti/graph.db");
        assertEquals(2, CodexCaptureTest.rows(database, "source = '" + SOURCE + "'"));
        assertEquals(1, CodexCaptureTest.rows(database, "kind = 'preference' AND content LIKE 'Never run reporting jobs%'"),
                "the prompt without the quotes opencode run put around it");
        assertEquals(0, CodexCaptureTest.rows(database, "content LIKE '%plan mode%' OR content LIKE '%Kafka%'"
                + " OR content LIKE '%drop the tests%' OR content LIKE '%MongoDB%' OR content LIKE '%static site%'"),
                "opencode's synthetic text, a tool's output, reasoning, a subagent's session and another project's stay out");

        session.assistant(null, null, "We decided to point the reporting jobs at the read replica from now on.");
        JsonObject next = cli.json(repo, "capture", "--agent", "opencode", "--format", "json");
        assertEquals(2, next.getInt("turns_read"), "the answer left unfinished, no longer the last message, and the next: " + next);
        assertEquals(0, cli.json(repo, "capture", "--agent", "opencode", "--format", "json").getInt("turns_read"),
                "a re-run reads nothing");

        JsonObject all = cli.json(repo, "capture", "--all", "--format", "json");
        assertEquals(List.of("claude:0", "opencode:1"), CodexCaptureTest.graphs(all, "unchanged"), all::toString);
    }

    @Test
    void aWorktreesOpencodeSessionGoesToThatWorkTreesGraph() throws Exception {
        Path feature = CodexCaptureTest.worktree(repo, tmp.resolve("shop-feature"));
        opencode.session(SESSION, feature, null)
                .user("We decided to split the cart into its own module on this branch.").assistant(null, null, "Done.");

        JsonObject everywhere = cli.json(tmp, "capture", "--all", "--all-projects", "--agent", "opencode", "--format", "json");

        assertEquals(1, everywhere.getJsonArray("graphs").size(), everywhere::toString);
        assertEquals(1, CodexCaptureTest.rows(feature.resolve(".graphiti/graph.db"),
                "source = '" + SOURCE + "'"));
        assertEquals(0, cli.json(repo, "capture", "--all", "--agent", "opencode", "--format", "json").getInt("transcripts"));
    }

    @Test
    void noDatabaseSaysWhereItLooked() {
        CliHarness.Result none = new CliHarness(tmp.resolve("home")).variable("XDG_DATA_HOME",
                tmp.resolve("nothing").toString()).run(repo, "capture", "--agent", "opencode");

        assertEquals(2, none.code(), none::toString);
        assertTrue(none.err().contains("no opencode session for " + repo + " under " + tmp.resolve("nothing/opencode")),
                none.err());
        assertFalse(none.err().contains("--transcript"), "an opencode session is no file to name: " + none.err());
    }

    @Test
    void aDamagedDatabaseIsNamedAndPassedOverByCaptureAllAndTheOtherAgentsAreRead() throws Exception {
        for (String suffix : new String[] {"", "-wal", "-shm"}) {
            Files.deleteIfExists(Path.of(opencode.file() + suffix));
        }
        Files.writeString(opencode.file(), "not a database");
        GeneratedTranscripts.write(tmp.resolve("claude"), repo, 2, 3);

        JsonObject all = cli.json(repo, "capture", "--all", "--format", "json");

        assertEquals(List.of("claude:2"), CodexCaptureTest.graphs(all, "transcripts"), all::toString);
        JsonObject skipped = all.getJsonArray("skipped_folders").getJsonObject(0);
        assertEquals(tmp.resolve("data/opencode").toString(), skipped.getString("folder"));
        assertTrue(skipped.getString("reason").startsWith("cannot list opencode's session logs: cannot read opencode's"
                + " database " + opencode.file()), skipped::toString);
        CliHarness.Result alone = cli.run(repo, "capture", "--all", "--agent", "opencode");
        assertEquals(1, alone.code(), "asked for opencode alone, it fails: " + alone);
        assertTrue(alone.err().contains("cannot list the session logs under " + tmp.resolve("data/opencode")), alone.err());
    }
}
