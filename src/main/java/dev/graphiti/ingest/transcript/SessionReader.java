package dev.graphiti.ingest.transcript;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The seam between capture and an agent's session log: reads the turns written from a position on, and says
 * where the next read starts. Each agent's format has its own reader (Claude Code's transcripts, Codex's
 * rollouts, opencode's database); capture, its ledger and the extractor are the same for all. An offset is a byte
 * offset in a log the agent appends to, or what the format counts instead (opencode's messages).
 */
public interface SessionReader {

    /** The turns from {@code offset} on; {@code sessionId} names turns whose lines carry none. */
    TranscriptChunk read(Path file, long offset, String sessionId) throws IOException;

    /** Where the log ends now, as read's offsets count: a file's size; NoSuchFileException when it is gone. */
    default long end(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new NoSuchFileException(file.toString(), null, "no transcript file");
        }
        return Files.size(file);
    }
}
