package dev.graphiti.graph;

/** The database could not be opened, read or written (corrupt, read-only, busy for too long). */
public final class StoreException extends GraphException {

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
