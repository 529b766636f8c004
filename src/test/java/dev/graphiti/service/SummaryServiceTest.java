package dev.graphiti.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.Summary;
import dev.graphiti.llm.LlmSettings;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Summaries of a real graph, with and without a language model that answers. */
class SummaryServiceTest {

    @TempDir
    Path temp;

    ServiceFixture fixture;
    GraphLocation location;
    final List<String> warnings = new ArrayList<>();

    @BeforeEach
    void setUp() throws Exception {
        fixture = new ServiceFixture(temp.resolve("home"));
        location = fixture.location(Files.createDirectories(temp.resolve("plain")));
        fixture.add(location, Kind.decision, "Keep SQLite for the local store", "WAL mode lets hooks and servers write at once.");
        fixture.add(location, Kind.decision, "Use picocli for the command line", "Parsing by hand kept breaking.");
        fixture.add(location, Kind.bugfix, "Fix the flaky export job", "The export raced the nightly backup; it now waits.");
    }

    SummaryService service(Optional<LlmSettings> llm) {
        return new SummaryService(fixture.graphs, Clock.systemUTC(), Duration.ofDays(30), llm, warnings::add);
    }

    @Test
    void countsKindsAndListsTheLatestDecisions() {
        Summary summary = service(Optional.empty()).summarize(location, Optional.empty());
        assertEquals(3, summary.itemCount());
        assertEquals(Map.of(Kind.decision, 2, Kind.bugfix, 1), summary.byKind());
        assertEquals(List.of("Use picocli for the command line", "Keep SQLite for the local store"),
                summary.recentDecisions().stream().map(item -> item.title()).toList());
        assertEquals(List.of(), warnings);
    }

    @Test
    void aTopicRestrictsTheSummaryToWhatASearchForItFinds() {
        Summary summary = service(Optional.empty()).summarize(location, Optional.of("export"));
        assertEquals(Optional.of("export"), summary.topic());
        assertEquals(Map.of(Kind.bugfix, 1), summary.byKind());
    }

    @Test
    void aModelThatDoesNotAnswerLeavesGraphitisOwnTextAndSaysWhy() throws Exception {
        int port;
        try (ServerSocket closed = new ServerSocket(0)) {
            port = closed.getLocalPort();
        }
        Optional<LlmSettings> unreachable = LlmSettings.of("http://127.0.0.1:" + port + "/v1", "some-model", "");
        Summary own = service(Optional.empty()).summarize(location, Optional.empty());

        Summary summary = service(unreachable).summarize(location, Optional.empty());
        assertEquals(own.text(), summary.text());
        assertEquals(1, warnings.size(), warnings::toString);
        assertTrue(warnings.get(0).startsWith("no prose summary: "), warnings.get(0));
        assertTrue(warnings.get(0).endsWith("; showing graphiti's own (`graphiti health` checks the endpoint)"), warnings.get(0));
    }
}
