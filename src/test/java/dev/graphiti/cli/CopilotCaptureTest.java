package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.ingest.transcript.CopilotSessionFiles;
import jakarta.json.JsonObject;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Capture from GitHub Copilot CLI's own sessions ($COPILOT_HOME/session-state/&lt;session&gt;/events.jsonl, Copilot CLI
 * 1.0.102's events) into the project graph of the directory each session started in, with the source naming Copilot.
 */
class CopilotCaptureTest {

    static final String SESSION = "64fb4294-9434-4c10-a408-572d474cbd88";
    static final String ELSEWHERE = "7a0c1d2e-3f40-4152-8364-758697a8b9ca";
    static final String FEATURE = "8b1d2e3f-4051-4263-9475-8697a8b9cadb";

    @TempDir
    Path tmp;

    Path repo;
    Path copilot;
    CliHarness cli;

    @BeforeEach
    void setUp() throws Exception {
        repo = GitFixture.repository(tmp.resolve("shop")).toRealPath();
        copilot = tmp.resolve("copilot-home");
        cli = new CliHarness(tmp.resolve("home")).variable("COPILOT_HOME", copilot.toString())
                .variable("CODEX_HOME", tmp.resolve("no-codex").toString())
                .variable("CLAUDE_CONFIG_DIR", tmp.resolve("claude").toString());
    }

    @Test
    void capturesTheUsersAndTheModelsWordsOnceWithCopilotNamedInTheSource() throws Exception {
        CopilotSessionFiles.start(copilot, ELSEWHERE, tmp.resolve("blog"), Instant.parse("2026-06-01T07:00:00Z"))
                .turn("We decided to host the blog on a static site generator.", null, null, "Fine.");
        CopilotSessionFiles.start(copilot, SESSION, repo, Instant.parse("2026-06-01T08:00:00Z"))
                .turn("Why does the checkout page time out on Mondays?", "view", "jobs/report.py",
                        "The root cause was the weekly report job holding the orders table lock for minutes.")
                .subagent("We decided to move everything to MongoDB.")
                .turn("Never run reporting jobs against the primary database.", null, null, "Noted; it uses the replica.")
                .shutdown();

        JsonObject first = cli.json(repo, "capture", "--agent", "copilot", "--format", "json");

        assertEquals(SESSION, first.getString("session"), "this project's session, not the blog's: " + first);
        assertEquals(4, first.getInt("turns_read"), first::toString);
        Path database = repo.resolve(".graphiti/graph.db");
        assertEquals(2, CodexCaptureTest.rows(database, "source = 'capture:copilot:" + SESSION + "'"));
        assertEquals(1, CodexCaptureTest.rows(database, "kind = 'bugfix' AND content LIKE '%weekly report job%'"));
        assertEquals(0, CodexCaptureTest.rows(database, "content LIKE '%French%' OR content LIKE '%Kafka%'"
                + " OR content LIKE '%rewrite the whole%' OR content LIKE '%MongoDB%' OR content LIKE '%static site%'"),
                "Copilot's system prompt, a tool's output, reasoning, a subagent and another project's session stay out");
        assertEquals(0, cli.json(repo, "capture", "--agent", "copilot", "--format", "json").getInt("items_added"),
                "a re-run adds nothing");

        JsonObject all = cli.json(repo, "capture", "--all", "--format", "json");
        assertEquals(List.of("claude:0", "copilot:1"), CodexCaptureTest.graphs(all, "unchanged"), all::toString);
    }

    @Test
    void aWorktreesCopilotSessionGoesToThatWorkTreesGraph() throws Exception {
        Path feature = CodexCaptureTest.worktree(repo, tmp.resolve("shop-feature"));
        CopilotSessionFiles.start(copilot, FEATURE, feature, Instant.parse("2026-06-03T10:00:00Z"))
                .turn("We decided to split the cart into its own module on this branch.", null, null, "Done.");

        assertEquals(0, cli.json(repo, "capture", "--all", "--agent", "copilot", "--format", "json").getInt("transcripts"),
                "the main work tree has no session of the worktree's");
        assertEquals(1, cli.json(feature, "capture", "--all", "--agent", "copilot", "--format", "json").getInt("items_added"));
        assertEquals(1, CodexCaptureTest.rows(feature.resolve(".graphiti/graph.db"),
                "source = 'capture:copilot:" + FEATURE + "'"));
    }

    @Test
    void noSessionOfTheProjectSaysWhereItLooked() {
        CliHarness.Result none = cli.run(repo, "capture", "--agent", "copilot");

        assertEquals(2, none.code(), none::toString);
        assertTrue(none.err().contains("no GitHub Copilot CLI session for " + repo + " under "
                + copilot.resolve("session-state")), none.err());
    }
}
