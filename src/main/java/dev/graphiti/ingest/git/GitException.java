package dev.graphiti.ingest.git;

/** git could not be run, failed, or timed out; the message says which and what to do. */
public final class GitException extends RuntimeException {

    public GitException(String message) {
        super(message);
    }

    public GitException(String message, Throwable cause) {
        super(message, cause);
    }
}
