package dev.graphiti.http;

import dev.graphiti.protocol.Connection;
import java.time.Clock;
import java.time.Instant;

/**
 * One streamable-HTTP session: its id, the protocol connection behind it, and its GET event stream.
 * It belongs to the caller that opened it (a token hash). It counts the streams currently open on it so idle expiry never ends a session in use.
 */
final class McpSession {

    private final String id;
    private final String owner;
    private final Connection connection;
    private final ServerEvents events;
    private final Clock clock;
    private SessionState state = SessionState.OPEN;
    private Instant lastActive;
    private int openStreams;

    McpSession(String id, String owner, Connection connection, ServerEvents events, Clock clock) {
        this.id = id;
        this.owner = owner;
        this.connection = connection;
        this.events = events;
        this.clock = clock;
        this.lastActive = clock.instant();
    }

    String id() {
        return id;
    }

    boolean belongsTo(String caller) {
        return owner.equals(caller);
    }

    Connection connection() {
        return connection;
    }

    ServerEvents events() {
        return events;
    }

    /** A request or stream starts using the session; false when it has closed meanwhile. */
    synchronized boolean enter() {
        if (state == SessionState.CLOSED) {
            return false;
        }
        openStreams++;
        lastActive = clock.instant();
        return true;
    }

    /** A request or stream stopped using the session (answered, broken or timed out). */
    synchronized void leave() {
        openStreams = Math.max(0, openStreams - 1);
        lastActive = clock.instant();
    }

    synchronized boolean isOpen() {
        return state == SessionState.OPEN;
    }

    /** True when nothing uses the session and it was last used before {@code cutoff}. */
    synchronized boolean idleSince(Instant cutoff) {
        return openStreams == 0 && lastActive.isBefore(cutoff);
    }

    /** Ends the session: in-flight work stops, the GET stream completes. Idempotent. */
    void close() {
        synchronized (this) {
            if (state == SessionState.CLOSED) {
                return;
            }
            state = SessionState.CLOSED;
        }
        connection.close();
        events.close();
    }
}
