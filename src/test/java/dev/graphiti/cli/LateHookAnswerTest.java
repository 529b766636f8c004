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
 * The server's answer to a hook's socket that comes after its client stopped waiting (2 s, then the client runs the
 * cold command): it tells nothing and claims nothing, so the cold command, run next, still tells the agent. Before,
 * under load, the late answer claimed the prompt (or told the file's items) for nobody, and the cold command then
 * found them claimed and printed nothing: the recall was lost.
 */
class LateHookAnswerTest {

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

    private static String past() {
        return Long.toString(System.currentTimeMillis() - 1);
    }

    @Test
    void aLatePromptAnswerLeavesThePromptToTheColdHook() {
        CliHarness.Result late = cli.runWithStdin(repo, prompt(), "recall", "--prompt", "--claim-until", past());
        assertEquals(0, late.code(), late::toString);
        assertEquals("", late.out(), "a late answer tells nothing");

        CliHarness.Result cold = cli.runWithStdin(repo, prompt(), "recall", "--prompt");
        assertTrue(cold.out().contains("write amplification"), "the cold hook still tells: " + cold);
    }

    @Test
    void aLateFileAnswerLeavesTheItemsToTheColdHook() {
        CliHarness.Result late = cli.runWithStdin(repo, edit(), "recall", "--file", "--claim-until", past());
        assertEquals(0, late.code(), late::toString);
        assertEquals("", late.out(), "a late answer tells nothing");

        CliHarness.Result cold = cli.runWithStdin(repo, edit(), "recall", "--file");
        assertTrue(cold.out().contains("write amplification"), "the cold hook still tells: " + cold);
    }

    @Test
    void anAnswerInTimeClaimsAsTheColdHookDoes() {
        String future = Long.toString(System.currentTimeMillis() + 60_000);
        CliHarness.Result served = cli.runWithStdin(repo, prompt(), "recall", "--prompt", "--claim-until", future);
        assertTrue(served.out().contains("write amplification"), served::toString);

        CliHarness.Result cold = cli.runWithStdin(repo, prompt(), "recall", "--prompt");
        assertEquals("", cold.out(), "the prompt was told once: " + cold);
    }
}
