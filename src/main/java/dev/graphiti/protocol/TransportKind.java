package dev.graphiti.protocol;

/** The transport a connection runs over; it decides which protocol revisions may be negotiated. */
public enum TransportKind {
    STDIO,
    HTTP
}
