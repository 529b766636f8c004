package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.cli.Cli;
import dev.graphiti.cli.CliEnvironment;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InProcessRunnerTest {

    @TempDir
    Path dir;

    @Test
    void runsTheRealCliWithCapturedStreams() {
        try (var runner = new InProcessRunner(new Cli(CliEnvironment.embedded(Map.of()))::run, RunnerLimits.defaults())) {
            CliOutcome version = runner.run(new CliCall(List.of("--version"), dir));
            assertTrue(version.succeeded(), version.toString());
            assertTrue(version.stdout().startsWith("graphiti "), version.stdout());

            CliOutcome usage = runner.run(new CliCall(List.of("no-such-command"), dir));
            assertEquals(2, usage.exitCode());
            assertEquals(CliOutcome.Ending.EXITED, usage.ending());
            assertTrue(usage.stderr().contains("no-such-command"), usage.stderr());
        }
    }

    /**
     * Issue 31: a typed command answers the tool with its result as a value, not JSON printed to be parsed again in the
     * same JVM; the value is the JSON the command prints as a process (the external runner's contract).
     */
    @Test
    void aTypedCommandAnswersWithAValueThatIsItsPrintedJson() {
        Map<String, String> home = Map.of("GRAPHITI_HOME", dir.resolve("home").toString(), "HOME", dir.toString());
        Cli cli = new Cli(CliEnvironment.embedded(home));
        List<String> add = List.of("--format", "json", "--global", "add", "-k", "decision", "--", "Use WAL mode");
        try (var runner = new InProcessRunner(cli::run, RunnerLimits.defaults())) {
            CliOutcome added = runner.run(new CliCall(add, dir));
            assertTrue(added.succeeded(), added.toString());
            assertEquals("", added.stdout(), "nothing printed");
            String id = added.answer().asJsonObject().getString("id");

            List<String> search = List.of("--format", "json", "--global", "search", "--", "WAL");
            CliOutcome found = runner.run(new CliCall(search, dir));
            assertEquals("", found.stdout(), "nothing printed");
            assertEquals(id, found.answer().asJsonArray().getJsonObject(0).getString("id"));

            List<String> show = List.of("--format", "json", "--global", "show", id);
            CliOutcome shown = runner.run(new CliCall(show, dir));
            var printed = new java.io.StringWriter();
            int code = cli.run(show, dir, java.io.InputStream.nullInputStream(), new java.io.PrintWriter(printed),
                    new java.io.PrintWriter(new java.io.StringWriter()));
            assertEquals(0, code);
            assertEquals(shown.answer().toString(), printed.toString().strip(), "the value is what a process prints");
        }
    }

    /**
     * Issue 31: capture, config, index, export and import answer as values too (they printed JSON the tool parsed back);
     * each value has the fields the command prints as a process, and config list's is exactly that.
     */
    @Test
    void thePrintingCommandsAnswerWithValuesShapedAsTheirPrintedJson() throws Exception {
        Map<String, String> home = Map.of("GRAPHITI_HOME", dir.resolve("home").toString(), "HOME", dir.toString());
        var repo = new dev.graphiti.ingest.git.TestRepo(java.nio.file.Files.createDirectories(dir.resolve("repo")));
        repo.commit(dev.graphiti.ingest.git.TestRepo.HUMAN, "Use WAL mode for the store",
                dev.graphiti.ingest.git.TestRepo.files("store.sql", "pragma journal_mode=wal;\n"));
        Path transcript = dev.graphiti.ingest.transcript.TranscriptFiles.copy("session-a.jsonl", dir.resolve("a.jsonl"));
        Cli cli = new Cli(CliEnvironment.embedded(home));
        List<List<String>> commands = List.of(
                List.of("config", "set", "mcp.context_tokens", "4000"), List.of("config", "get", "mcp.context_tokens"),
                List.of("config", "list"), List.of("index"), List.of("capture", "--transcript", transcript.toString()),
                List.of("export", "export-%s.json"), List.of("export", "--as", "agents-md", "AGENTS-%s.md"),
                List.of("import", "export-1.json"));
        try (var runner = new InProcessRunner(cli::run, RunnerLimits.defaults())) {
            for (List<String> command : commands) {
                List<String> typed = argv(command, "1");
                CliOutcome outcome = runner.run(new CliCall(typed, repo.dir()));
                assertTrue(outcome.succeeded(), command + ": " + outcome);
                assertEquals("", outcome.stdout(), command + ": nothing printed");
                assertTrue(outcome.answer() != null, command + " answers a value");
                var printed = new java.io.StringWriter();
                int code = cli.run(argv(command, "2"), repo.dir(), java.io.InputStream.nullInputStream(),
                        new java.io.PrintWriter(printed), new java.io.PrintWriter(new java.io.StringWriter()));
                assertEquals(0, code, command.toString());
                var process = dev.graphiti.tools.InputSchema.JSON.createReader(new java.io.StringReader(printed.toString()))
                        .readObject();
                assertEquals(process.keySet(), outcome.answer().asJsonObject().keySet(), command + ": the printed fields");
                if (command.get(0).equals("config")) {
                    assertEquals(printed.toString().strip(), outcome.answer().toString(), command.toString());
                }
            }
        }
    }

    private static List<String> argv(List<String> command, String run) {
        var argv = new java.util.ArrayList<>(List.of("--format", "json", "--project"));
        command.forEach(word -> argv.add(word.replace("%s", run)));
        return argv;
    }

    @Test
    void hasTheDirectoryAndAnEmptyStdin() {
        try (var runner = new InProcessRunner((args, cwd, stdin, out, err, answers) -> {
            try {
                out.print(cwd + " " + stdin.readAllBytes().length);
            } catch (java.io.IOException e) {
                return 1;
            }
            return 0;
        }, RunnerLimits.defaults())) {
            assertEquals(dir + " 0", runner.run(new CliCall(List.of(), dir)).stdout());
        }
    }

    @Test
    void stopsACommandThatOutlivesItsTimeout() {
        var interrupted = new AtomicBoolean();
        try (var runner = new InProcessRunner((args, cwd, stdin, out, err, answers) -> {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                interrupted.set(true);
            }
            return 0;
        }, new RunnerLimits(Duration.ofMillis(300), 1024))) {
            long start = System.nanoTime();
            CliOutcome outcome = runner.run(new CliCall(List.of("search", "x"), dir));
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertEquals(CliOutcome.Ending.TIMED_OUT, outcome.ending());
            assertFalse(outcome.succeeded());
            assertTrue(millis < 5_000, "took " + millis + " ms");
        }
    }

    @Test
    void stopsWhenTheCallerCancels() {
        var cancelled = new AtomicBoolean();
        try (var runner = new InProcessRunner((args, cwd, stdin, out, err, answers) -> {
            cancelled.set(true);
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                return 1;
            }
            return 0;
        }, RunnerLimits.defaults())) {
            CliOutcome outcome = runner.run(new CliCall(List.of(), dir, cancelled::get));
            assertEquals(CliOutcome.Ending.CANCELLED, outcome.ending());
        }
    }

    /** Issue 28: the answer comes once the stopped command ended, with what it said it did; no work goes on after. */
    @Test
    void aCancelledCommandHasEndedWhenTheAnswerComesAndSaysHowFarItGot() {
        var cancelled = new AtomicBoolean();
        var ended = new AtomicBoolean();
        try (var runner = new InProcessRunner((args, cwd, stdin, out, err, answers) -> {
            cancelled.set(true);
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                // a long command finishes its batch first
                long spin = System.nanoTime() + 200_000_000L;
                while (System.nanoTime() < spin) {
                    Thread.onSpinWait();
                }
                err.println("graphiti: the import was stopped after 500 items: 500 new stored");
                ended.set(true);
                return 1;
            }
            return 0;
        }, RunnerLimits.defaults())) {
            CliOutcome outcome = runner.run(new CliCall(List.of(), dir, cancelled::get));
            assertEquals(CliOutcome.Ending.CANCELLED, outcome.ending());
            assertTrue(ended.get(), "the command had ended");
            assertTrue(outcome.stderr().contains("500 new stored"), outcome.stderr());
        }
    }

    @Test
    void capsOutputAndSaysSo() {
        try (var runner = new InProcessRunner((args, cwd, stdin, out, err, answers) -> {
            out.print("x".repeat(10_000));
            return 0;
        }, new RunnerLimits(Duration.ofSeconds(10), 4096))) {
            CliOutcome outcome = runner.run(new CliCall(List.of(), dir));
            assertTrue(outcome.truncated());
            assertFalse(outcome.succeeded());
            assertEquals(4096, outcome.stdout().length());
        }
    }

    @Test
    void aCrashIsAFailureNotAnException() {
        try (var runner = new InProcessRunner((args, cwd, stdin, out, err, answers) -> {
            throw new IllegalStateException("boom");
        }, RunnerLimits.defaults())) {
            CliOutcome outcome = runner.run(new CliCall(List.of(), dir));
            assertEquals(1, outcome.exitCode());
            assertTrue(outcome.stderr().contains("boom"));
        }
    }
}
