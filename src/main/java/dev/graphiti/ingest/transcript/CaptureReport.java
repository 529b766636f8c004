package dev.graphiti.ingest.transcript;

/**
 * The outcome of one capture: turns read (user and assistant messages with words), items added,
 * extractions the graph already held, and the byte offset the session is now captured to.
 */
public record CaptureReport(String session, int turnsRead, int itemsAdded, int duplicates, long position) {
}
