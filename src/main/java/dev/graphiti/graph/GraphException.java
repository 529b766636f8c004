package dev.graphiti.graph;

/** A failure the user can act on; the message says what happened and, where it can, what to do. */
public class GraphException extends RuntimeException {

    public GraphException(String message) {
        super(message);
    }

    public GraphException(String message, Throwable cause) {
        super(message, cause);
    }
}
