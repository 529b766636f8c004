package dev.graphiti.ingest.transcript;

import java.util.List;

/**
 * What one read of a transcript found between byte offsets start and end: end is just past the last
 * complete line, so a line Claude Code is still writing is read next time, whole. lines counts the
 * complete lines, malformed those that were not JSON objects; touched the files the session's tool calls read or
 * changed, in order.
 */
public record TranscriptChunk(List<Turn> turns, long start, long end, int lines, int malformed, List<Touch> touched) {

    public TranscriptChunk {
        turns = List.copyOf(turns);
        touched = List.copyOf(touched);
    }

    public TranscriptChunk(List<Turn> turns, long start, long end, int lines, int malformed) {
        this(turns, start, end, lines, malformed, List.of());
    }
}
