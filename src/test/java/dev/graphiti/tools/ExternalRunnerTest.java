package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real child processes (coreutils): no shell, closed stdin, timeouts that kill, capped output. */
class ExternalRunnerTest {

    @TempDir
    Path dir;

    @Test
    void runsInTheDirectoryWithoutAShell() throws Exception {
        var runner = new ExternalRunner(List.of("echo"), RunnerLimits.defaults());
        CliOutcome outcome = runner.run(new CliCall(List.of("$HOME", "a;b", "`id`"), dir));
        assertTrue(outcome.succeeded());
        assertEquals("$HOME a;b `id`\n", outcome.stdout());
        CliOutcome pwd = new ExternalRunner(List.of("pwd"), RunnerLimits.defaults()).run(new CliCall(List.of(), dir));
        assertEquals(dir.toRealPath().toString(), pwd.stdout().strip(), pwd.toString());
    }

    @Test
    void stdinIsClosed() throws Exception {
        // cat with an open stdin would wait forever; with stdin closed it ends at once.
        var runner = new ExternalRunner(List.of("cat"), new RunnerLimits(Duration.ofSeconds(20), 1024));
        CliOutcome outcome = runner.run(new CliCall(List.of(), dir));
        assertEquals(CliOutcome.Ending.EXITED, outcome.ending());
        assertEquals(0, outcome.exitCode());
        assertEquals("", outcome.stdout());
    }

    @Test
    void killsAChildThatOutlivesTheTimeout() {
        var runner = new ExternalRunner(List.of("sleep"), new RunnerLimits(Duration.ofMillis(300), 1024));
        long start = System.nanoTime();
        CliOutcome outcome = runner.run(new CliCall(List.of("30"), dir));
        assertEquals(CliOutcome.Ending.TIMED_OUT, outcome.ending());
        assertTrue((System.nanoTime() - start) / 1_000_000 < 5_000);
        assertTrue(outcome.stderr().contains("killed after"), outcome.stderr());
    }

    @Test
    void capsOutputAndKeepsReading() {
        var runner = new ExternalRunner(List.of("head"), new RunnerLimits(Duration.ofSeconds(20), 4096));
        CliOutcome outcome = runner.run(new CliCall(List.of("-c", "5000000", "/dev/zero"), dir));
        assertEquals(CliOutcome.Ending.EXITED, outcome.ending());
        assertEquals(0, outcome.exitCode());
        assertTrue(outcome.truncated());
        assertFalse(outcome.succeeded());
        assertEquals(4096, outcome.stdout().length());
    }

    @Test
    void aMissingExecutableIsAnOutcome() {
        Path missing = dir.resolve("no-such-graphiti");
        var runner = new ExternalRunner(List.of(missing.toString()), RunnerLimits.defaults());
        CliOutcome outcome = runner.run(new CliCall(List.of("search", "x"), dir));
        assertEquals(CliOutcome.Ending.FAILED_TO_START, outcome.ending());
        assertTrue(outcome.stderr().contains("cannot start"), outcome.stderr());
        assertFalse(Files.exists(missing));
    }

    @Test
    void reportsTheExitCodeAndStderr() {
        var runner = new ExternalRunner(List.of("ls"), RunnerLimits.defaults());
        CliOutcome outcome = runner.run(new CliCall(List.of("no-such-file"), dir));
        assertEquals(2, outcome.exitCode());
        assertTrue(outcome.stderr().contains("no-such-file"));
    }

    @Test
    void progressLinesGoToTheListenerAndTheRestStaysInStderr() {
        var runner = new ExternalRunner(List.of("sh", "-c"), RunnerLimits.defaults());
        List<JobProgress> heard = new java.util.concurrent.CopyOnWriteArrayList<>();
        String script = "echo 'warning: passed over a.jsonl' >&2; echo '{\"progress\":0,\"total\":3,\"unit\":\"sessions\"}' >&2;"
                + " echo '{\"progress\": not json' >&2; echo '{\"progress\":3,\"total\":3,\"unit\":\"sessions\"}' >&2;"
                + " printf 'no newline at the end' >&2; echo '{}'";
        CliOutcome outcome = runner.run(new CliCall(List.of(script), dir, null, null, heard::add));
        assertTrue(outcome.succeeded(), outcome.toString());
        assertEquals(List.of(new JobProgress(0, 3, "sessions"), new JobProgress(3, 3, "sessions")), heard);
        assertEquals("warning: passed over a.jsonl\n{\"progress\": not json\nno newline at the end", outcome.stderr());
        assertEquals("{}\n", outcome.stdout());

        CliOutcome unheard = runner.run(new CliCall(List.of(script), dir));
        assertTrue(unheard.stderr().contains("{\"progress\":3,\"total\":3,\"unit\":\"sessions\"}"), "nobody listens: kept");
    }
}
