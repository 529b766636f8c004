package dev.graphiti.protocol.feature;

/** The transport a connection runs over; it decides which protocol revisions may be negotiated. */
public enum TransportKind {
    STDIO,
    HTTP
}
