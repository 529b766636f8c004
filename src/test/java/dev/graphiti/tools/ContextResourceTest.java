package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.access.AllowedRoots;
import dev.graphiti.cli.Cli;
import dev.graphiti.cli.CliEnvironment;
import dev.graphiti.cli.GitFixture;
import dev.graphiti.toon.ResponseEncoder;
import dev.graphiti.toon.TokenCounter;
import dev.graphiti.toon.ToonEncoder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * graphiti://context on a real git repository whose HEAD is not indexed yet: the read answers at once with
 * what the graph holds, starts one background `graphiti index` (never a second while it runs), and the
 * indexed history then appears in the context. The in-process runner is real; the only seam is a gate in
 * front of it that holds `index` until the test has looked, and counts the index runs.
 */
class ContextResourceTest {

    static final TokenCounter TOKENS = new TokenCounter();

    @TempDir
    Path temp;
    Path project;
    InProcessRunner cli;
    GatedIndex runner;
    CliGateway gateway;

    @BeforeEach
    void setUp() throws Exception {
        project = GitFixture.repository(temp.resolve("project")).toRealPath();
        Files.writeString(project.resolve("Storage.java"), "class Storage {}\n");
        GitFixture.git(project, "add", ".");
        GitFixture.git(project, "commit", "-q", "-m", "Add the storage layer so that writes stay in one file");
        Path home = Files.createDirectories(temp.resolve("home"));
        cli = new InProcessRunner(new Cli(CliEnvironment.embedded(Map.of("GRAPHITI_HOME", home.toString(),
                "HOME", home.toString())), TOKENS)::run, new RunnerLimits(Duration.ofSeconds(60), 1 << 20));
        runner = new GatedIndex(cli);
        gateway = new CliGateway(runner, new ProjectDirectory(AllowedRoots.everywhere(), Optional.of(project), project,
                home.resolve(".claude/projects")),
                new ResultRenderer(new ResponseEncoder(new ToonEncoder(), TOKENS), 4096));
    }

    @AfterEach
    void tearDown() {
        runner.release.countDown();
        cli.close();
    }

    @Test
    void aNewHeadIsIndexedInTheBackgroundOnceWhileReadsAnswerAtOnce() throws Exception {
        var resource = new ContextResource(gateway);
        assertTrue(gateway.runIn(List.of("add", "--kind", "decision", "--", "Keep Storage.java free of HTTP types"),
                jakarta.json.JsonValue.EMPTY_JSON_OBJECT, ProjectDirectory.Place.project(project)).succeeded());

        String first = text(resource);
        assertTrue(first.contains("Keep Storage.java free of HTTP types"), first);
        assertTrue(first.contains("not indexed"), "the note says the history is not in yet: " + first);
        assertFalse(first.contains("Add the storage layer"), first);
        assertTrue(runner.indexStarted.await(10, TimeUnit.SECONDS), "the read started an index");
        assertTrue(resource.indexing());

        text(resource);
        text(resource);
        assertEquals(1, runner.indexRuns.get(), "reads during the index start no other");

        runner.release.countDown();
        awaitIdle(resource);
        assertEquals(1, runner.concurrentMax.get(), "never two indexes at once");
        String indexed = text(resource);
        assertTrue(indexed.contains("Add the storage layer"), "the indexed commit is context now: " + indexed);
        assertFalse(indexed.contains("not indexed"), indexed);
        assertEquals(1, runner.indexRuns.get(), "an indexed HEAD starts nothing");

        Files.writeString(project.resolve("Cache.java"), "class Cache {}\n");
        GitFixture.git(project, "add", ".");
        GitFixture.git(project, "commit", "-q", "-m",
                "Add the cache in front of storage to avoid reading the disk twice");
        text(resource);
        awaitIdle(resource);
        assertEquals(2, runner.indexRuns.get(), "a new HEAD is indexed again");
        assertTrue(text(resource).contains("Add the cache in front of storage"));
    }

    private static String text(ContextResource resource) {
        return resource.read(null).get(0).text();
    }

    private static void awaitIdle(ContextResource resource) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (resource.indexing() && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(20);
        }
        assertFalse(resource.indexing(), "the background index finished");
    }

    /** The real runner, with `index` held at a gate until released, counted, and its overlap measured. */
    static final class GatedIndex implements CliRunner {
        final CountDownLatch release = new CountDownLatch(1);
        final CountDownLatch indexStarted = new CountDownLatch(1);
        final AtomicInteger indexRuns = new AtomicInteger();
        final AtomicInteger running = new AtomicInteger();
        final AtomicInteger concurrentMax = new AtomicInteger();
        private final CliRunner real;

        GatedIndex(CliRunner real) {
            this.real = real;
        }

        @Override
        public CliOutcome run(CliCall call) {
            if (!call.args().contains("index")) {
                return real.run(call);
            }
            indexRuns.incrementAndGet();
            concurrentMax.accumulateAndGet(running.incrementAndGet(), Math::max);
            indexStarted.countDown();
            try {
                release.await(30, TimeUnit.SECONDS);
                return real.run(call);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return CliOutcome.notFinished(CliOutcome.Ending.CANCELLED, "interrupted", "", "");
            } finally {
                running.decrementAndGet();
            }
        }
    }
}
