package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.ingest.transcript.TranscriptFiles;
import jakarta.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hooks' command lines run without picocli (HookCommands); the same command spelt with one more option
 * goes through the parser. Both must print the same thing and exit with the same code, in a real repository.
 */
class HookCommandsTest {

    @TempDir
    Path tmp;

    Path repo;
    CliHarness cli;

    @BeforeEach
    void setUp() throws Exception {
        repo = GitFixture.repository(tmp.resolve("repo")).toRealPath();
        cli = new CliHarness(tmp.resolve("home")).variable("CLAUDE_CONFIG_DIR", tmp.resolve("claude").toString());
    }

    @Test
    void contextPrintsWhatTheParsedCommandPrints() {
        cli.add(repo, "-k", "decision", "--title", "SQLite in WAL mode", "Readers never block the hooks' writes.");
        cli.add(repo, "-k", "bugfix", "--title", "Fix the cache eviction order", "Evict by schema version first.");

        CliHarness.Result hook = cli.run(repo, "context");
        CliHarness.Result parsed = cli.run(repo, "--format", "text", "context");

        assertEquals(0, hook.code(), hook::toString);
        assertTrue(hook.out().contains("SQLite in WAL mode") && hook.out().contains("Fix the cache eviction order"),
                hook.out());
        assertEquals(parsed, hook);
    }

    @Test
    void captureAsyncReadsTheHooksStdinAsTheParsedCommandDoes() throws Exception {
        Path transcript = TranscriptFiles.copy("session-a.jsonl", tmp.resolve("t").resolve("a.jsonl"));
        String stop = "{\"session_id\":\"" + TranscriptFiles.SESSION_A + "\",\"transcript_path\":"
                + Json.createValue(transcript.toString()) + ",\"hook_event_name\":\"Stop\"}";

        CliHarness.Result hook = cli.runWithStdin(repo, stop, "capture", "--async");
        CliHarness.Result parsed = cli.runWithStdin(repo, stop, "--format", "text", "capture", "--async");

        assertEquals(0, hook.code(), hook::toString);
        assertTrue(hook.out().startsWith("capturing session " + TranscriptFiles.SESSION_A + " in the background"),
                hook.out());
        assertEquals(parsed, hook);
        // Both background captures finish before the directory goes; one stored the session, the other nothing new.
        Path log = tmp.resolve("home").resolve("logs").resolve("capture.log");
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline && !(Files.exists(log) && Files.readAllLines(log).size() == 2)) {
            Thread.sleep(100);
        }
        assertEquals(2, Files.readAllLines(log).size(), () -> tmp.toString());
        assertEquals(6, cli.run(repo, "list", "--format", "json").array().size());
    }

    @Test
    void aFailingHookFailsAsTheParsedCommandDoes() {
        // No hook JSON on stdin and no transcript of this project: a usage error, on stderr.
        CliHarness.Result hook = cli.run(repo, "capture", "--async");
        CliHarness.Result parsed = cli.run(repo, "--format", "text", "capture", "--async");

        assertEquals(Failures.USAGE, hook.code(), hook::toString);
        assertTrue(hook.err().startsWith("graphiti: no Claude Code transcript for "), hook.err());
        assertEquals(parsed, hook);
    }
}
