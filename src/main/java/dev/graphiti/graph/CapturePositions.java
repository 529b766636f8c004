package dev.graphiti.graph;

/**
 * How far each session's transcript has been captured, kept in the project database. claim is a
 * compare-and-set in one transaction: of two captures that read the same range, exactly one claims
 * it, so nothing is stored twice.
 */
public interface CapturePositions {

    /** The byte offset up to which the session was captured (0 when never). */
    long position(String sessionId);

    /** Moves the session from expected to next; false (and no change) if it is no longer at expected. */
    boolean claim(String sessionId, long expected, long next);
}
