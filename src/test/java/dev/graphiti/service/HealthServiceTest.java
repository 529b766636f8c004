package dev.graphiti.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.HealthDepth;
import dev.graphiti.graph.HealthReport;
import dev.graphiti.graph.Kind;
import dev.graphiti.ingest.git.IndexProgress;
import dev.graphiti.ingest.git.IndexRequest;
import dev.graphiti.ingest.git.TestRepo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `graphiti health` on real graphs: what is checked, what only warns, and what fails. */
class HealthServiceTest {

    @TempDir
    Path temp;

    HealthService service(ServiceFixture fixture) {
        return new HealthService(fixture.graphs, Optional.empty(), Optional.empty());
    }

    static HealthReport.Check named(HealthReport report, String name) {
        return report.checks().stream().filter(check -> check.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + " check in " + report));
    }

    @Test
    void aSoundProjectGraphWarnsOnlyThatHeadIsNotIndexedUntilItIs() throws Exception {
        ServiceFixture fixture = new ServiceFixture(temp.resolve("home"));
        TestRepo repo = new TestRepo(Files.createDirectories(temp.resolve("repo")));
        repo.commit("Add the parser", Map.of("Parser.java", "class Parser {}\n"));
        GraphLocation location = fixture.location(repo.dir());
        fixture.add(location, Kind.decision, "Keep SQLite", "One file per project.");

        HealthReport before = service(fixture).check(location, HealthDepth.quick, List.of());
        assertEquals(HealthReport.Status.warn, before.overall(), before::toString);
        assertEquals(List.of("index"), before.named(HealthReport.Status.warn));
        assertTrue(named(before, "index").detail().contains("run `graphiti index`"), before::toString);
        assertEquals(List.of("database", "integrity", "full_text_index", "schema", "size", "index", "semantic"),
                before.checks().stream().map(HealthReport.Check::name).toList());
        assertTrue(named(before, "semantic").detail().contains("1 item has no vectors yet"), before::toString);

        new IndexService(fixture.graphs, Clock.systemUTC(), ServiceFixture.MAX_CONTENT_BYTES)
                .index(location, new IndexRequest(false, null), IndexProgress.NONE);
        HealthReport after = service(fixture).check(location, HealthDepth.full, List.of());
        assertEquals(HealthReport.Status.ok, after.overall(), after::toString);
        assertEquals("HEAD " + repo.head().substring(0, 12) + " is indexed", named(after, "index").detail());
    }

    @Test
    void settingsProblemsAreWarningsNotFailures() throws Exception {
        ServiceFixture fixture = new ServiceFixture(temp.resolve("home"));
        Path plain = Files.createDirectories(temp.resolve("plain"));
        HealthReport report = service(fixture).check(fixture.location(plain), HealthDepth.quick,
                List.of("search.default_limit: not a number (\"ten\"); using 10"));
        assertEquals(HealthReport.Status.warn, report.overall(), report::toString);
        assertEquals("search.default_limit: not a number (\"ten\"); using 10", named(report, "config").detail());
        assertTrue(report.checks().stream().noneMatch(check -> check.name().equals("index")),
                "the global graph has no history to index: " + report);
    }

    @Test
    void aFileThatIsNotAGraphFailsAndNothingElseIsAsked() throws Exception {
        ServiceFixture fixture = new ServiceFixture(temp.resolve("home"));
        Path plain = Files.createDirectories(temp.resolve("plain"));
        GraphLocation location = fixture.location(plain);
        Files.createDirectories(location.database().getParent());
        Files.writeString(location.database(), "these are notes, not a database ".repeat(200));

        HealthReport report = service(fixture).check(location, HealthDepth.quick, List.of("ignored: a settings warning"));
        assertEquals(HealthReport.Status.fail, report.overall(), report::toString);
        assertEquals(List.of("database"), report.checks().stream().map(HealthReport.Check::name).toList());
        assertTrue(Files.readString(location.database()).startsWith("these are notes"), "the file is left as it was");
    }
}
