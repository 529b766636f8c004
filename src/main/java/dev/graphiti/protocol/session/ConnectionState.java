package dev.graphiti.protocol.session;

/** Where a connection is in the MCP lifecycle. */
enum ConnectionState {
    /** Waiting for initialize; only initialize and ping are served. */
    NEW,
    /** initialize answered: a revision is negotiated and every method is served. */
    READY,
    /** Closed: in-flight work ended, pending server-to-client requests failed. */
    CLOSED
}
