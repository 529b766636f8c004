package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.ingest.transcript.CodexRolloutFiles;
import dev.graphiti.ingest.transcript.GeneratedTranscripts;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Capture from Codex CLI's own session logs (its rollouts under $CODEX_HOME/sessions, written in Codex 0.171.0's
 * format) into the same project graph as Claude Code's transcripts, with the source naming Codex.
 */
class CodexCaptureTest {

    static final String MIGRATIONS = "019b0c3e-5f1a-7c10-9d2e-4a1b2c3d4e5f";
    static final String CHECKOUT = "019b0c41-2d3e-7a4b-8c5d-6e7f8091a2b3";
    static final String ELSEWHERE = "019b0c44-7e8f-7091-a2b3-c4d5e6f70819";
    static final String FEATURE = "019b0c47-1a2b-7c3d-8e4f-5a6b7c8d9e0f";

    @TempDir
    Path tmp;

    Path repo;
    Path codex;
    Path claude;
    CliHarness cli;

    @BeforeEach
    void setUp() throws Exception {
        repo = GitFixture.repository(tmp.resolve("shop")).toRealPath();
        codex = tmp.resolve("codex-home");
        claude = tmp.resolve("claude");
        cli = new CliHarness(tmp.resolve("home")).variable("CODEX_HOME", codex.toString())
                .variable("CLAUDE_CONFIG_DIR", claude.toString());
    }

    private CodexRolloutFiles migrations() throws Exception {
        return CodexRolloutFiles.start(codex, MIGRATIONS, repo, Instant.parse("2026-03-02T09:00:00Z"))
                .turn("Let's use Flyway for every schema migration; no hand-edited SQL on the servers.",
                        "ls src/main/resources/db/migration",
                        "Agreed: migrations live in src/main/resources/db/migration, one versioned file per change.");
    }

    private CodexRolloutFiles checkout() throws Exception {
        Files.createDirectories(repo.resolve("web"));
        return CodexRolloutFiles.start(codex, CHECKOUT, repo.resolve("web"), Instant.parse("2026-03-03T14:00:00Z"))
                .turn("Why does the checkout page time out on Mondays?", "grep -rn lock src/jobs",
                        "The root cause was the weekly report job holding the orders table lock for minutes.")
                .turn("Never run reporting jobs against the primary database.", null, "Noted; I moved it to the replica.");
    }

    private JsonObject json(Path cwd, String... args) {
        CliHarness.Result result = cli.run(cwd, args);
        assertEquals(0, result.code(), result::toString);
        return result.object();
    }

    static long rows(Path database, String where) throws Exception {
        try (var connection = DriverManager.getConnection("jdbc:sqlite:" + database);
             var count = connection.createStatement().executeQuery("SELECT count(*) FROM items WHERE " + where)) {
            return count.getLong(1);
        }
    }

    /** Each graph of a `capture --all` report as agent:count, the count its field {@code field}. */
    static List<String> graphs(JsonObject report, String field) {
        return report.getJsonArray("graphs").getValuesAs(JsonObject.class).stream()
                .map(graph -> graph.getString("agent") + ":" + graph.getInt(field)).toList();
    }

    /** A worktree of {@code repo} on a new branch, at {@code at}, by its real path. */
    static Path worktree(Path repo, Path at) throws Exception {
        GitFixture.git(repo, "worktree", "add", "-q", "-b", "feature", at.toString());
        return at.toRealPath();
    }

    @Test
    void capturesTheProjectsNewestCodexSessionOnceWithCodexNamedInTheSource() throws Exception {
        migrations();
        CodexRolloutFiles.start(codex, ELSEWHERE, tmp.resolve("blog"), Instant.parse("2026-03-04T08:00:00Z"))
                .turn("We decided to host the blog on a static site generator.", null, "Fine.");
        checkout();

        JsonObject first = json(repo, "capture", "--agent", "codex", "--format", "json");

        assertEquals(CHECKOUT, first.getString("session"), "the newest rollout of this project, not the blog's");
        assertEquals(4, first.getInt("turns_read"), first::toString);
        Path database = repo.resolve(".graphiti/graph.db");
        assertEquals(2, rows(database, "source = 'capture:codex:" + CHECKOUT + "'"));
        assertEquals(1, rows(database, "kind = 'bugfix' AND content LIKE '%weekly report job%'"));
        assertEquals(1, rows(database, "kind = 'preference' AND content LIKE 'Never run reporting jobs%'"));
        assertEquals(0, json(repo, "capture", "--agent", "codex", "--format", "json").getInt("items_added"),
                "a re-run adds nothing");
        String found = cli.run(repo, "search", "weekly report job", "--format", "json").out();
        assertTrue(found.contains("capture:codex:" + CHECKOUT), found);

        JsonObject named = json(repo, "capture", "--agent", "codex", "--session-id", MIGRATIONS, "--format", "json");
        assertEquals(2, named.getInt("turns_read"), named::toString);
        assertEquals(1, rows(database, "source = 'capture:codex:" + MIGRATIONS + "' AND content LIKE '%Flyway%'"));
    }

    @Test
    void captureAllBackfillsEveryAgentsSessionsOfTheProjectAndAReRunAddsNothing() throws Exception {
        migrations();
        checkout();
        CodexRolloutFiles.start(codex, ELSEWHERE, tmp.resolve("blog"), Instant.parse("2026-03-04T08:00:00Z"))
                .turn("We decided to host the blog on a static site generator.", null, "Fine.");
        GeneratedTranscripts.write(claude, repo, 5, 3);

        JsonObject first = json(repo, "capture", "--all", "--format", "json");

        assertEquals(7, first.getInt("transcripts"), first::toString);
        List<String> agents = first.getJsonArray("graphs").getValuesAs(JsonObject.class).stream()
                .map(graph -> graph.getString("agent") + ":" + graph.getInt("transcripts")).toList();
        assertEquals(List.of("claude:5", "codex:2"), agents);
        Path database = repo.resolve(".graphiti/graph.db");
        assertEquals(3, rows(database, "source LIKE 'capture:codex:%'"));
        assertEquals(0, rows(database, "content LIKE '%static site%'"), "another project's session stays out");

        JsonObject again = json(repo, "capture", "--all", "--format", "json");
        assertEquals(0, again.getInt("items_added"), again::toString);
        assertEquals(7, again.getInt("unchanged"));

        checkout().turn("Always keep the payment provider's keys out of the repository.", null, "Yes.");
        JsonObject grown = json(repo, "capture", "--all", "--agent", "codex", "--format", "json");
        assertEquals(1, grown.getInt("read"), "only the new session: " + grown);
    }

    @Test
    void aWorktreesCodexSessionsGoToThatWorkTreesGraph() throws Exception {
        Path feature = tmp.resolve("shop-feature");
        GitFixture.git(repo, "worktree", "add", "-q", "-b", "feature", feature.toString());
        feature = feature.toRealPath();
        migrations();
        CodexRolloutFiles.start(codex, FEATURE, feature, Instant.parse("2026-03-05T10:00:00Z"))
                .turn("We decided to split the cart into its own module on this branch.", null, "Done.");

        JsonObject everywhere = json(tmp, "capture", "--all", "--all-projects", "--agent", "codex", "--format", "json");

        assertEquals(2, everywhere.getJsonArray("graphs").size(), everywhere::toString);
        assertEquals(1, rows(feature.resolve(".graphiti/graph.db"), "source = 'capture:codex:" + FEATURE + "'"));
        assertEquals(0, rows(repo.resolve(".graphiti/graph.db"), "source = 'capture:codex:" + FEATURE + "'"));
        assertEquals(0, json(feature, "capture", "--all", "--agent", "codex", "--format", "json").getInt("items_added"),
                "the worktree's own backfill finds it captured");
    }

    @Test
    void anAgentGraphitiDoesNotReadIsRefusedWithTheOnesItDoes() {
        CliHarness.Result result = cli.run(repo, "capture", "--agent", "cursor");

        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().contains("'cursor' is not an agent whose sessions graphiti reads; use one of claude, codex"),
                result.err());
        CliHarness.Result none = cli.run(repo, "capture", "--agent", "codex");
        assertEquals(2, none.code(), none::toString);
        assertTrue(none.err().contains("no Codex CLI rollout for " + repo + " under " + codex.resolve("sessions")),
                none.err());
    }
}
