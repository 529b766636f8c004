package dev.graphiti.service;

import dev.graphiti.graph.SecretRedaction;
import dev.graphiti.redact.Redaction;
import dev.graphiti.redact.Redactor;

/** The secret redaction the services store through: package redact's detectors behind the graph's one-method port. */
public final class Redactions {

    /** Immutable and thread-safe; its patterns are compiled once per process. */
    private static final Redactor REDACTOR = new Redactor();

    private Redactions() {
    }

    public static SecretRedaction standard() {
        return text -> {
            Redaction redaction = REDACTOR.redact(text);
            return new SecretRedaction.Redacted(redaction.text(), redaction.count());
        };
    }
}
