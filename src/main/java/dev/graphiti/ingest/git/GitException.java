package dev.graphiti.ingest.git;

import dev.graphiti.graph.GraphException;

/** git could not be run, failed, or timed out; the message says which and what to do. */
public final class GitException extends GraphException {

    public GitException(String message) {
        super(message);
    }

    public GitException(String message, Throwable cause) {
        super(message, cause);
    }
}
