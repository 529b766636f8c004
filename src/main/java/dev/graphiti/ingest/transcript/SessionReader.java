package dev.graphiti.ingest.transcript;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The seam between capture and an agent's session log: reads the turns written from a position on, and says
 * where the next read starts. Each agent's format has its own reader (Claude Code's transcripts, Codex's
 * rollouts); capture, its ledger and the extractor are the same for all.
 */
public interface SessionReader {

    /** The turns from {@code offset} on; {@code sessionId} names turns whose lines carry none. */
    TranscriptChunk read(Path file, long offset, String sessionId) throws IOException;
}
