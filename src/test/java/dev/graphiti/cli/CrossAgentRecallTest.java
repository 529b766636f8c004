package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.ingest.transcript.CodexRolloutFiles;
import dev.graphiti.ingest.transcript.CopilotSessionFiles;
import dev.graphiti.ingest.transcript.OpencodeDatabase;
import dev.graphiti.ingest.transcript.TranscriptFiles;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One memory for two agents: a rule settled in a Codex session, captured from its rollout by the command Codex's
 * Stop hook runs, is recalled by Claude Code's UserPromptSubmit hook for a prompt about that work; and a rule
 * settled with Claude Code, captured by its Stop hook, is recalled by Codex's UserPromptSubmit hook (Codex sends
 * Claude Code's payload shape, with its own session ids, a null transcript_path and its model and turn). Rules settled
 * in a Copilot CLI session (its events.jsonl) and an opencode session (its database) are recalled the same way.
 */
class CrossAgentRecallTest {

    static final String CODEX_SESSION = "019b0c3e-5f1a-7c10-9d2e-4a1b2c3d4e5f";
    static final String CLAUDE_SESSION = "7c2e9a41-0b3d-4f5e-8a6b-1c2d3e4f5a6b";

    @TempDir
    Path tmp;

    Path repo;
    Path codex;
    CliHarness cli;

    @BeforeEach
    void setUp() throws Exception {
        repo = GitFixture.repository(tmp.resolve("shop")).toRealPath();
        codex = tmp.resolve("codex-home");
        cli = new CliHarness(tmp.resolve("home")).variable("CODEX_HOME", codex.toString())
                .variable("COPILOT_HOME", tmp.resolve("copilot").toString())
                .variable("XDG_DATA_HOME", tmp.resolve("data").toString())
                .variable("CLAUDE_CONFIG_DIR", tmp.resolve("claude").toString());
    }

    private String recalled(String payload) {
        CliHarness.Result result = cli.runWithStdin(repo, payload, "recall", "--prompt");
        assertEquals(0, result.code(), result::toString);
        assertTrue(!result.out().isBlank(), "something is recalled: " + result);
        JsonObject output = result.object().getJsonObject("hookSpecificOutput");
        assertEquals("UserPromptSubmit", output.getString("hookEventName"));
        return output.getString("additionalContext");
    }

    @Test
    void aRuleSettledInCodexIsRecalledForAClaudeCodePromptAboutThatWork() throws Exception {
        Path rollout = CodexRolloutFiles.start(codex, CODEX_SESSION, repo, Instant.parse("2026-03-02T09:00:00Z"))
                .turn("Let's use Flyway for every schema migration; no hand-edited SQL on the servers.",
                        "ls src/main/resources/db/migration", "Agreed: one versioned Flyway file per change.")
                .turn("Why does the checkout page time out on Mondays?", "grep -rn lock src/jobs",
                        "The root cause was the weekly report job holding the orders table lock for minutes.")
                .turn("Always style components with CSS modules, not global stylesheets.", null, "Understood.")
                .turn("We decided to build the web client with Vite instead of webpack.", null, "Switched.")
                .file();
        String codexStop = "{\"session_id\":\"" + CODEX_SESSION + "\",\"transcript_path\":\"" + rollout + "\",\"cwd\":\""
                + repo + "\",\"model\":\"gpt-5.1-codex\",\"turn_id\":\"2\",\"hook_event_name\":\"Stop\","
                + "\"stop_hook_active\":false,\"last_assistant_message\":\"Agreed: one versioned Flyway file per change.\"}";
        CliHarness.Result captured = cli.runWithStdin(repo, codexStop, "capture", "--agent", "codex", "--format", "json");
        assertEquals(0, captured.code(), captured::toString);
        assertEquals(CODEX_SESSION, captured.object().getString("session"));
        assertEquals(4, captured.object().getInt("items_added"), captured::toString);

        String claudePrompt = "{\"session_id\":\"" + CLAUDE_SESSION + "\",\"transcript_path\":\"" + tmp.resolve("t.jsonl")
                + "\",\"cwd\":\"" + repo + "\",\"permission_mode\":\"default\",\"hook_event_name\":\"UserPromptSubmit\","
                + "\"prompt\":\"Add the schema migration for the discount column\"}";

        assertTrue(recalled(claudePrompt).contains("Let's use Flyway for every schema migration"), claudePrompt);
    }

    @Test
    void aRuleSettledInClaudeCodeIsRecalledForCodexsPromptHook() throws Exception {
        Path transcript = Files.createDirectories(tmp.resolve("claude/projects/-shop")).resolve(CLAUDE_SESSION + ".jsonl");
        Files.createFile(transcript);
        TranscriptFiles.append(transcript, "user", "The nightly invoice export keeps failing on the 1st of the month.");
        TranscriptFiles.append(transcript, "assistant", "The root cause was the invoice export reading amounts in the"
                + " server's timezone instead of UTC, so the month boundary fell on the wrong day.");
        TranscriptFiles.append(transcript, "user", "Never mock the payment gateway in the integration tests.");
        TranscriptFiles.append(transcript, "user", "We decided to keep the admin pages server-rendered.");
        String claudeStop = "{\"session_id\":\"" + CLAUDE_SESSION + "\",\"transcript_path\":\"" + transcript
                + "\",\"cwd\":\"" + repo + "\",\"hook_event_name\":\"Stop\",\"stop_hook_active\":false}";
        CliHarness.Result captured = cli.runWithStdin(repo, claudeStop, "capture", "--format", "json");
        assertEquals(0, captured.code(), captured::toString);
        assertEquals(3, captured.object().getInt("items_added"), captured::toString);

        String codexPrompt = "{\"session_id\":\"" + CODEX_SESSION + "\",\"transcript_path\":null,\"cwd\":\"" + repo
                + "\",\"model\":\"gpt-5.1-codex\",\"turn_id\":\"1\",\"hook_event_name\":\"UserPromptSubmit\","
                + "\"prompt\":\"The invoice export is off by a day again at the month boundary, can you look?\"}";

        assertTrue(recalled(codexPrompt).contains("invoice export reading amounts in the server's timezone"), codexPrompt);
    }

    private String claudePrompt(String prompt) {
        return "{\"session_id\":\"" + CLAUDE_SESSION + "\",\"transcript_path\":\"" + tmp.resolve("t.jsonl")
                + "\",\"cwd\":\"" + repo + "\",\"permission_mode\":\"default\",\"hook_event_name\":\"UserPromptSubmit\","
                + "\"prompt\":\"" + prompt + "\"}";
    }

    @Test
    void aRuleSettledInCopilotCliIsRecalledForAClaudeCodePrompt() throws Exception {
        CopilotSessionFiles.start(tmp.resolve("copilot"), "64fb4294-9434-4c10-a408-572d474cbd88", repo,
                        Instant.parse("2026-06-01T08:00:00Z"))
                .turn("Let's use Flyway for every schema migration; no hand-edited SQL on the servers.", "view",
                        "src/main/resources/db/migration/V1__init.sql", "Agreed: one versioned Flyway file per change.")
                .turn("We decided to build the web client with Vite instead of webpack.", null, null, "Switched.")
                .shutdown();
        CliHarness.Result captured = cli.run(repo, "capture", "--agent", "copilot", "--format", "json");
        assertEquals(0, captured.code(), captured::toString);
        assertEquals(2, captured.object().getInt("items_added"), captured::toString);

        String prompt = claudePrompt("Add the schema migration for the discount column");
        assertTrue(recalled(prompt).contains("Let's use Flyway for every schema migration"), prompt);
    }

    @Test
    void aRuleSettledInOpencodeIsRecalledForAClaudeCodePrompt() throws Exception {
        OpencodeDatabase.create(tmp.resolve("data"), Instant.parse("2026-06-02T08:00:00Z"))
                .session("ses_2a1b3c4d5e6fAbCdEfGhIjKlMn", repo, null)
                .user("The nightly invoice export keeps failing on the 1st of the month.")
                .assistant("read", "billing/export.py", "The root cause was the invoice export reading amounts in the"
                        + " server's timezone instead of UTC, so the month boundary fell on the wrong day.")
                .user("We decided to keep the admin pages server-rendered.").assistant(null, null, "Understood.");
        CliHarness.Result captured = cli.run(repo, "capture", "--agent", "opencode", "--format", "json");
        assertEquals(0, captured.code(), captured::toString);
        assertEquals(2, captured.object().getInt("items_added"), captured::toString);

        String prompt = claudePrompt("The invoice export is off by a day again at the month boundary, can you look?");
        assertTrue(recalled(prompt).contains("invoice export reading amounts in the server's timezone"), prompt);
    }
}
