package dev.graphiti.http;

/** Where an HTTP session is in its life. A closed session stays closed: its id answers 404 from then on. */
enum SessionState {
    /** Issued on a successful initialize; serves requests and a GET stream. */
    OPEN,
    /** Ended by DELETE, idle expiry or server shutdown. */
    CLOSED
}
