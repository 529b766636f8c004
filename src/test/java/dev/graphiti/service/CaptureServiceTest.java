package dev.graphiti.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.cli.GitFixture;
import dev.graphiti.graph.GraphException;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.ingest.transcript.AgentLog;
import dev.graphiti.ingest.transcript.CaptureReport;
import dev.graphiti.ingest.transcript.TranscriptFiles;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Capturing Claude Code-shaped transcripts into real graphs, and finding them under Claude Code's home. */
class CaptureServiceTest {

    static final String SESSION = TranscriptFiles.SESSION_A;

    @TempDir
    Path temp;

    @Test
    void capturesASessionOnceThenOnlyItsNewTurns() throws Exception {
        ServiceFixture fixture = new ServiceFixture(temp.resolve("home"));
        Path repo = GitFixture.repository(temp.resolve("repo")).toRealPath();
        Path transcript = TranscriptFiles.copy("session-a.jsonl", temp.resolve("transcripts").resolve(SESSION + ".jsonl"));
        GraphLocation location = fixture.location(repo);
        CaptureService service = new CaptureService(fixture.graphs, Clock.systemUTC(), ServiceFixture.MAX_CONTENT_BYTES);

        CaptureReport first = service.capture(location, AgentLog.CLAUDE, transcript, SESSION);
        assertEquals(new CaptureReport(SESSION, 6, 6, 0, first.position(), 1), first);
        List<KnowledgeItem> items;
        try (OpenGraph graph = fixture.graphs.open(location)) {
            items = graph.repository().list(ItemFilter.current(), 100);
        }
        assertEquals(6, items.size());
        assertTrue(items.stream().allMatch(item -> item.source().equals("capture:" + SESSION)), items::toString);

        assertEquals(0, service.capture(location, AgentLog.CLAUDE, transcript, SESSION).itemsAdded());
        TranscriptFiles.append(transcript, "user", "We decided to run the nightly export at 02:00 UTC.");
        CaptureReport more = service.capture(location, AgentLog.CLAUDE, transcript, SESSION);
        assertEquals(1, more.turnsRead());
        assertEquals(1, more.itemsAdded());
    }

    @Test
    void aMissingTranscriptIsAClearErrorThatStoresNothing() throws Exception {
        ServiceFixture fixture = new ServiceFixture(temp.resolve("home"));
        Path repo = GitFixture.repository(temp.resolve("repo")).toRealPath();
        GraphLocation location = fixture.location(repo);
        Path missing = temp.resolve("gone.jsonl");

        GraphException error = assertThrows(GraphException.class, () -> new CaptureService(fixture.graphs, Clock.systemUTC(),
                ServiceFixture.MAX_CONTENT_BYTES).capture(location, AgentLog.CLAUDE, missing, SESSION));
        assertEquals("no transcript at " + missing + "; check --transcript", error.getMessage());
        try (OpenGraph graph = fixture.graphs.open(location)) {
            assertEquals(0, graph.repository().list(ItemFilter.current(), 10).size());
        }
    }

    @Test
    void findsAProjectsSessionsUnderClaudeCodesHome() throws Exception {
        Path repo = GitFixture.repository(temp.resolve("repo")).toRealPath();
        Path claude = temp.resolve("claude");
        Path folder = claude.resolve("projects").resolve(repo.toString().replace('/', '-'));
        Path transcript = TranscriptFiles.copy("session-a.jsonl", folder.resolve(SESSION + ".jsonl"));
        SessionLogs logs = new SessionLogs(new SessionLogs.Homes(claude, temp.resolve("codex"), temp.resolve("qwen"),
                temp.resolve("gemini"), temp.resolve("copilot"), temp.resolve("opencode"),
                temp.resolve("opencode/opencode.db")));

        assertEquals(Optional.of(transcript), logs.session(AgentLog.CLAUDE, repo, SESSION));
        assertEquals(Optional.of(transcript), logs.latest(AgentLog.CLAUDE, repo));
        assertEquals(SESSION, AgentLog.CLAUDE.sessionOf(transcript));
        assertEquals(Optional.empty(), logs.session(AgentLog.CLAUDE, repo, "another-session"));
        assertEquals(Optional.empty(), logs.latest(AgentLog.CLAUDE, temp.resolve("elsewhere")));
    }
}
