package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The session-start and prompt hooks' output in each agent's shape (`--hook-format`), for the payloads each agent
 * sends (read from their packages: Gemini CLI 0.61.0, Copilot CLI 1.0.102 with PascalCase events, Cursor's
 * sessionStart), in a real repository; the hook's fast path (no picocli) and the parsed command print the same.
 */
class AgentHookFormatsTest {

    @TempDir
    Path tmp;

    Path repo;
    CliHarness cli;

    @BeforeEach
    void setUp() throws Exception {
        repo = GitFixture.repository(tmp.resolve("repo")).toRealPath();
        cli = new CliHarness(tmp.resolve("home"));
        cli.add(repo, "-k", "decision", "-t", "storage", "--title", "SQLite over a server database",
                "We chose SQLite over a server database: one file per project, nothing to run.");
        cli.add(repo, "-k", "decision", "-t", "release", "--title", "Release trains leave on Fridays",
                "Release trains leave on Fridays after the whole CI passes.");
    }

    private JsonObject hook(String payload, String... args) {
        CliHarness.Result fast = cli.runWithStdin(repo, payload, args);
        assertEquals(0, fast.code(), fast::toString);
        String[] parsed = new String[args.length + 2];
        parsed[0] = "--format";
        parsed[1] = "text";
        System.arraycopy(args, 0, parsed, 2, args.length);
        CliHarness.Result slow = cli.runWithStdin(repo, payload.replace("\"s-", "\"p-"), parsed);
        assertEquals(fast.out(), slow.out(), "the parsed command prints what the hook's fast path prints");
        assertEquals(1, fast.out().strip().lines().count(), "one line of JSON and nothing else:\n" + fast.out());
        return fast.object();
    }

    @Test
    void geminiGetsTheContextAsJsonAndRecallNamingBeforeAgentWithoutTheContextItPrependsToThePrompt() {
        String common = "\"session_id\":\"s-1\",\"transcript_path\":\"/tmp/chat.jsonl\",\"cwd\":" + Json.createValue(
                repo.toString()) + ",\"timestamp\":\"2026-11-28T22:14:57.471Z\",";
        JsonObject start = hook("{" + common + "\"hook_event_name\":\"SessionStart\",\"source\":\"startup\"}",
                "context", "--session-start", "--hook-format", "gemini");
        JsonObject output = start.getJsonObject("hookSpecificOutput");
        assertEquals("SessionStart", output.getString("hookEventName"));
        assertTrue(output.getString("additionalContext").contains("SQLite over a server database"), start.toString());

        // Gemini CLI run without a terminal puts the session's context before the prompt; recall reads the prompt only
        String prompt = "<hook_context>Decisions: Release trains leave on Fridays after the whole CI passes."
                + "</hook_context>\n\nShould storage move to a server database?";
        JsonObject recall = hook("{" + common + "\"hook_event_name\":\"BeforeAgent\",\"prompt\":"
                + Json.createValue(prompt) + "}", "recall", "--prompt");
        assertEquals("BeforeAgent", recall.getJsonObject("hookSpecificOutput").getString("hookEventName"));
        assertTrue(recall.getJsonObject("hookSpecificOutput").getString("additionalContext")
                .contains("SQLite over a server database"), recall.toString());
        assertFalse(recall.toString().contains("Release trains"), "recalled for the context, not the prompt: " + recall);
    }

    @Test
    void copilotReadsATopLevelAdditionalContextAtSessionStartAndForEachPrompt() {
        String common = "\"session_id\":\"s-2\",\"timestamp\":\"2026-11-28T22:14:35.646Z\",\"cwd\":"
                + Json.createValue(repo.toString()) + ",";
        JsonObject start = hook("{\"hook_event_name\":\"SessionStart\"," + common + "\"source\":\"new\","
                + "\"initial_prompt\":\"hello\"}", "context", "--session-start", "--hook-format", "copilot");
        assertEquals(Set.of("additionalContext"), start.keySet());
        assertTrue(start.getString("additionalContext").contains("SQLite over a server database"), start.toString());

        JsonObject recall = hook("{\"hook_event_name\":\"UserPromptSubmit\"," + common
                + "\"prompt\":\"Should storage move to a server database?\"}", "recall", "--prompt", "--hook-format",
                "copilot");
        assertEquals(Set.of("additionalContext"), recall.keySet());
        assertTrue(recall.getString("additionalContext").contains("SQLite over a server database"), recall.toString());
    }

    @Test
    void cursorReadsAdditionalContextAtSessionStart() {
        JsonObject start = hook("{\"session_id\":\"s-3\",\"is_background_agent\":false,\"composer_mode\":\"agent\","
                + "\"hook_event_name\":\"sessionStart\",\"conversation_id\":\"s-3\",\"generation_id\":\"g-1\","
                + "\"workspace_roots\":[" + Json.createValue(repo.toString()) + "],\"cursor_version\":\"2.0.77\"}",
                "context", "--session-start", "--hook-format", "cursor");
        assertEquals(Set.of("additional_context"), start.keySet());
        assertTrue(start.getString("additional_context").contains("SQLite over a server database"), start.toString());
    }

    @Test
    void anUnknownAgentIsAUsageErrorNamingTheKnownShapes() {
        CliHarness.Result result = cli.run(repo, "context", "--session-start", "--hook-format", "vim");
        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().contains("claude, gemini, copilot, cursor"), result.err());
    }
}
