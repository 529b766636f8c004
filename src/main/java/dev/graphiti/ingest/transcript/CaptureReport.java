package dev.graphiti.ingest.transcript;

/**
 * The outcome of one capture: turns read (user and assistant messages with words), items added,
 * extractions the graph already held, the byte offset the session is now captured to, and the lines passed
 * over as not JSON (a truncated or corrupt line).
 */
public record CaptureReport(String session, int turnsRead, int itemsAdded, int duplicates, long position,
                            int malformedLines) {

    /** Nothing new since {@code position}. */
    static CaptureReport unchanged(String session, long position) {
        return new CaptureReport(session, 0, 0, 0, position, 0);
    }
}
