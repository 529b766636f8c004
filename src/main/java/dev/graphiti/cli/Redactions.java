package dev.graphiti.cli;

import dev.graphiti.graph.SecretRedaction;

/** The secret redaction the CLI stores through. */
final class Redactions {

    private Redactions() {
    }

    static SecretRedaction standard() {
        // Interim until package redact lands: no secret detection yet.
        return text -> new SecretRedaction.Redacted(text, 0);
    }
}
