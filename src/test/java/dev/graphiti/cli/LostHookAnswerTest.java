package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server's answer to a hook's socket that never reaches its client (the client stopped waiting at 2 s on a loaded
 * machine, or the write failed): it claimed the prompt (or told the file's items, or the session start) in the name of
 * the client's run, so that run's cold command, which the client starts next, takes the claim over and tells the
 * agent. Before, the cold command found the prompt claimed by the lost answer and printed nothing: Qwen Code's and
 * Gemini CLI's prompts in AgentHooksIT at load 20 went without their recall. Another run (the other install's hook)
 * still finds it claimed.
 */
class LostHookAnswerTest {

    static final String RULE = "SessionStore.java keeps sessions in Redis with a 30 minute TTL; Postgres was rejected"
            + " for session storage because of write amplification.";

    @TempDir
    Path tmp;

    Path repo;
    Path store;
    CliHarness cli;

    @BeforeEach
    void setUp() throws Exception {
        repo = GitFixture.repository(tmp.resolve("repo")).toRealPath();
        store = repo.resolve("src/main/java/shop/SessionStore.java");
        Files.createDirectories(store.getParent());
        Files.writeString(store, "class SessionStore {}\n");
        cli = new CliHarness(tmp.resolve("home"));
        cli.add(repo, "-k", "decision", RULE);
        cli.add(repo, "-k", "decision", "Invoices are rendered with WeasyPrint from the HTML templates, never by hand.");
        cli.add(repo, "-k", "preference", "Commit messages say why the change was made, not only what changed.");
    }

    private String prompt() {
        return Json.createObjectBuilder().add("session_id", "s1").add("cwd", repo.toString())
                .add("hook_event_name", "UserPromptSubmit")
                .add("prompt", "move the sessions in SessionStore.java out of Redis into Postgres").build().toString();
    }

    private String edit() {
        return Json.createObjectBuilder().add("session_id", "s1").add("cwd", repo.toString())
                .add("hook_event_name", "PreToolUse").add("tool_name", "Edit")
                .add("tool_input", Json.createObjectBuilder().add("file_path", store.toString()).add("old_string", "a")
                        .add("new_string", "b"))
                .add("tool_use_id", "toolu_01").build().toString();
    }

    /** The cold command as the client starts it after no answer: the run in its environment, the same home. */
    private CliHarness.Result cold(String input, String run, String... command) {
        return new CliHarness(tmp.resolve("home")).variable("GRAPHITI_HOOK_RUN", run).runWithStdin(repo, input, command);
    }

    @Test
    void theColdHookOfTheRunWhoseAnswerWasLostStillTellsThePrompt() {
        CliHarness.Result lost = cli.runWithStdin(repo, prompt(), "recall", "--prompt", "--hook-run", "4242");
        assertTrue(lost.out().contains("write amplification"), "the server's answer, never read: " + lost);

        CliHarness.Result cold = cold(prompt(), "4242", "recall", "--prompt");
        assertTrue(cold.out().contains("write amplification"), "the same run's cold hook tells: " + cold);
        CliHarness.Result other = cold(prompt(), "4343", "recall", "--prompt");
        assertEquals("", other.out(), "the other install's hook does not: " + other);
    }

    @Test
    void theColdHookOfTheRunWhoseAnswerWasLostStillTellsTheFilesItems() {
        CliHarness.Result lost = cli.runWithStdin(repo, edit(), "recall", "--file", "--hook-run", "4242");
        assertTrue(lost.out().contains("write amplification"), lost::toString);

        CliHarness.Result cold = cold(edit(), "4242", "recall", "--file");
        assertTrue(cold.out().contains("write amplification"), "the same run's cold hook tells: " + cold);
        assertEquals("", cold(edit(), "4343", "recall", "--file").out(), "told once to any other run");
    }

    @Test
    void theColdHookOfTheRunWhoseAnswerWasLostStillTellsTheSessionStart() {
        String start = "{\"session_id\":\"s1\",\"hook_event_name\":\"SessionStart\",\"source\":\"startup\"}";
        CliHarness.Result lost = cli.runWithStdin(repo, start, "context", "--session-start", "--hook-run", "4242");
        assertTrue(lost.out().contains("write amplification"), lost::toString);

        assertTrue(cold(start, "4242", "context", "--session-start").out().contains("write amplification"));
        assertEquals("", cold(start, "4343", "context", "--session-start").out(), "the other install's hook");
    }

    @Test
    void anAnswerThatReachedItsClientLeavesNothingToAColdHook() {
        CliHarness.Result served = cli.runWithStdin(repo, prompt(), "recall", "--prompt", "--hook-run", "4242");
        assertTrue(served.out().contains("write amplification"), served::toString);

        CliHarness.Result cold = cli.runWithStdin(repo, prompt(), "recall", "--prompt");
        assertEquals("", cold.out(), "the prompt was told once: " + cold);
    }

    @Test
    void aMalformedRunIsSaidAndTheHookStillAnswers() {
        CliHarness.Result odd = cold(prompt(), "../4242", "recall", "--prompt");
        assertEquals(0, odd.code(), odd::toString);
        assertTrue(odd.out().contains("write amplification"), odd::toString);
        assertTrue(odd.err().contains("GRAPHITI_HOOK_RUN ignored"), odd::toString);
    }
}
