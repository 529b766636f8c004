package dev.graphiti.graph;

/**
 * Replaces secrets in text before it is stored. The graph keeps to this one method so the redaction
 * engine (package redact) stays swappable and the graph testable on its own.
 */
@FunctionalInterface
public interface SecretRedaction {

    Redacted redact(String text);

    /** The text with secrets replaced by placeholders, and how many were replaced. */
    record Redacted(String text, int count) {
    }
}
