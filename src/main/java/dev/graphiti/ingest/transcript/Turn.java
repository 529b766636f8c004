package dev.graphiti.ingest.transcript;

import java.time.Instant;

/** The words of one user or assistant message in a session (tool payloads and thinking removed). */
public record Turn(String sessionId, Role role, String text, Instant timestamp) {

    public enum Role { user, assistant }

    public Turn {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("text must not be blank");
        }
    }
}
