package dev.graphiti.service;

import dev.graphiti.graph.GraphException;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.IngestState;
import dev.graphiti.ingest.GraphItemSink;
import dev.graphiti.ingest.memory.MemoryFile;
import dev.graphiti.ingest.memory.MemoryImport;
import dev.graphiti.ingest.transcript.AgentLog;
import dev.graphiti.ingest.transcript.Backfill;
import dev.graphiti.ingest.transcript.BackfillProgress;
import dev.graphiti.ingest.transcript.BackfillReport;
import dev.graphiti.ingest.transcript.CaptureReport;
import dev.graphiti.ingest.transcript.ConversationCapture;
import dev.graphiti.ingest.transcript.PatternExtractor;
import dev.graphiti.redact.Redactor;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Set;

/**
 * `graphiti capture`: stores the decisions, preferences, root causes and architecture statements of the turns of an
 * agent's session (Claude Code's, Codex's) not captured before (see {@link SessionLogs} for finding them).
 */
public final class CaptureService {

    private final Graphs graphs;
    private final Clock clock;
    private final int maxContentBytes;

    public CaptureService(Graphs graphs, Clock clock, int maxContentBytes) {
        this.graphs = graphs;
        this.clock = clock;
        this.maxContentBytes = maxContentBytes;
    }

    /**
     * Captures the new turns of {@code transcript}, session {@code sessionId} of {@code agent}, into the graph at
     * {@code location}.
     */
    public CaptureReport capture(GraphLocation location, AgentLog agent, Path transcript, String sessionId) {
        try (OpenGraph graph = graphs.open(location); IngestState state = graphs.openIngest(location)) {
            return conversationCapture(graph, state, agent).capture(transcript, sessionId);
        } catch (NoSuchFileException e) {
            throw new GraphException("no transcript at " + transcript + "; check --transcript", e);
        } catch (IOException e) {
            throw new GraphException("cannot read the transcript " + transcript + ": " + e.getMessage(), e);
        }
    }

    /**
     * Captures what is new in each of {@code transcripts} (each file a session of {@code agent}, named by its file
     * name) into the graph at {@code location}, on one connection; see {@link Backfill}.
     */
    public BackfillReport backfill(GraphLocation location, AgentLog agent, List<Path> transcripts,
                                   BackfillProgress progress) {
        try (OpenGraph graph = graphs.open(location); IngestState state = graphs.openIngest(location)) {
            return new Backfill(conversationCapture(graph, state, agent), state).run(transcripts, progress);
        }
    }

    /**
     * Imports memory files (CLAUDE.md, auto-memory) into the graph at {@code location}; see {@link MemoryImport}.
     * A file that cannot be read stops the import with its name (what was imported before it stays).
     */
    public MemoryImport.Outcome importMemory(GraphLocation location, List<MemoryFile> files, Set<String> unread) {
        try (OpenGraph graph = graphs.open(location)) {
            return new MemoryImport(graph.items(clock, maxContentBytes), new Redactor(), maxContentBytes).run(files, unread);
        } catch (IOException e) {
            throw new GraphException("cannot read a memory file: " + e.getMessage(), e);
        }
    }

    private ConversationCapture conversationCapture(OpenGraph graph, IngestState state, AgentLog agent) {
        Redactor redactor = new Redactor();
        return new ConversationCapture(agent, new PatternExtractor(redactor), state,
                new GraphItemSink(graph.items(clock, maxContentBytes), redactor),
                graph.location().workTree().map(dev.graphiti.config.GitWorkTree::root));
    }
}
