package dev.graphiti.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Several processes writing one project database, and a process killed in the middle of writing. */
class ConcurrencyTest {

    @TempDir
    Path tmp;

    @Test
    void eightProcessesAddingTwoHundredFiftyItemsEachLoseNothing() throws Exception {
        Path repo = GitFixture.repository(tmp.resolve("repo"));
        CliHarness cli = new CliHarness(tmp.resolve("home"));
        // A temp directory of their own holding native libraries "left by crashed processes": all eight workers
        // clean it up at once as they load SQLite, and none may say anything about it on stderr.
        Path temp = Files.createDirectories(tmp.resolve("temp"));
        for (int i = 0; i < 500; i++) {
            Files.createFile(temp.resolve("sqlite-" + org.sqlite.SQLiteJDBCLoader.getVersion() + "-stale" + i + "-libsqlitejdbc.so"));
        }
        List<Process> workers = new ArrayList<>();
        for (int w = 0; w < 8; w++) {
            workers.add(ChildProcess.java(AddBurstMain.class, repo, cli.variables(), List.of(),
                            List.of("-Djava.io.tmpdir=" + temp), "w" + w, "250")
                    .redirectOutput(tmp.resolve("out-" + w).toFile()).redirectError(tmp.resolve("err-" + w).toFile()).start());
        }
        Set<String> ids = new HashSet<>();
        for (int w = 0; w < 8; w++) {
            Process worker = workers.get(w);
            assertTrue(worker.waitFor(10, TimeUnit.MINUTES), "worker " + w + " finished");
            String err = Files.readString(tmp.resolve("err-" + w));
            assertEquals(0, worker.exitValue(), "worker " + w + ": " + err);
            // The JVM's own notice of JAVA_TOOL_OPTIONS (set on some CI runners) is not ours to keep quiet.
            String ours = err.lines().filter(line -> !line.startsWith("Picked up "))
                    .collect(java.util.stream.Collectors.joining("\n"));
            assertEquals("", ours, "worker " + w + " kept stderr clean");
            List<String> printed = Files.readAllLines(tmp.resolve("out-" + w));
            assertEquals(250, printed.size());
            ids.addAll(printed);
        }
        assertEquals(2000, ids.size(), "every add got its own id");
        var all = cli.run(repo, "list", "-l", "5000", "--format", "json").array();
        assertEquals(2000, all.size());
        Set<String> stored = new HashSet<>();
        all.getValuesAs(JsonObject.class).forEach(o -> stored.add(o.getString("id")));
        assertEquals(ids, stored);
        assertEquals(250, cli.run(repo, "list", "-l", "5000", "--tag", "w3", "--format", "json").array().size());
        assertEquals(0, cli.run(repo, "health", "--full").code());
    }

    @Test
    void aProcessKilledWhileWritingLeavesAHealthyDatabase() throws Exception {
        Path repo = GitFixture.repository(tmp.resolve("repo"));
        CliHarness cli = new CliHarness(tmp.resolve("home"));
        Path database = repo.resolve(".graphiti/graph.db");
        int acknowledged = 0;
        for (int round = 0; round < 3; round++) {
            List<Process> writers = new ArrayList<>();
            for (int w = 0; w < 2; w++) {
                writers.add(ChildProcess.java(AddBurstMain.class, repo, cli.variables(), List.of(), "r" + round + "w" + w, "0")
                        .redirectOutput(tmp.resolve("burst-" + round + "-" + w).toFile())
                        .redirectError(ProcessBuilder.Redirect.DISCARD).start());
            }
            Path progress = tmp.resolve("burst-" + round + "-0");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (Files.size(progress) < 9 * 40 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            for (Process writer : writers) {
                writer.destroyForcibly(); // SIGKILL: no shutdown hooks, no clean close
            }
            for (Process writer : writers) {
                assertTrue(writer.waitFor(30, TimeUnit.SECONDS));
            }
            assertTrue(Files.exists(database));
            CliHarness.Result health = cli.run(repo, "health", "--full", "--format", "json");
            assertEquals(0, health.code(), health::toString);
            assertNotEquals("fail", health.object().getString("overall"), health::toString);
            int stored = cli.run(repo, "list", "-l", "10000", "--format", "json").array().size();
            for (int w = 0; w < 2; w++) {
                acknowledged += Files.readAllLines(tmp.resolve("burst-" + round + "-" + w)).size();
            }
            assertTrue(stored >= acknowledged, "every add that reported success survived: " + stored + " >= " + acknowledged);
        }
    }
}
