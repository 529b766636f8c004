package dev.graphiti.graph;

/** The caller asked for something malformed (a bad kind, an empty content, a bad date): a usage error. */
public final class InvalidInputException extends GraphException {

    public InvalidInputException(String message) {
        super(message);
    }
}
