package dev.graphiti.access;

/**
 * A path that may not be read or written here, with a sentence saying why and what to do instead: a usage error,
 * never an internal one (a tool call answers it as the tool's error, the command line with exit 2).
 */
public final class AccessRefused extends IllegalArgumentException {

    public AccessRefused(String message) {
        super(message);
    }
}
