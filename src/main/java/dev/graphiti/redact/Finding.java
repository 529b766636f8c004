package dev.graphiti.redact;

/** A span [start, end) of the input that a detector wants replaced by {@code kind}'s placeholder. */
record Finding(int start, int end, SecretKind kind) {

    Finding {
        if (start < 0 || end <= start) {
            throw new IllegalArgumentException("empty or negative span [" + start + ", " + end + ")");
        }
    }
}
