package dev.graphiti.http;

import dev.graphiti.protocol.session.Connection;
import java.time.Clock;
import java.time.Instant;

/**
 * One streamable-HTTP session: its id, the protocol connection behind it, and its GET event stream.
 * It belongs to the caller that opened it (a token hash). It counts the POSTs and GET streams currently
 * open on it, so idle expiry never ends a session in use, and how many POSTs it has served, so a full
 * store can tell a session that was never used after its initialize from one a client works in.
 */
final class McpSession {

    private final String id;
    private final String owner;
    private final Connection connection;
    private final ServerEvents events;
    private final Clock clock;
    private SessionState state = SessionState.OPEN;
    private Instant lastActive;
    private int openPosts;
    private int openStreams;
    private long posts;

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

    /** A POST starts using the session; false when it has closed meanwhile. */
    synchronized boolean enter() {
        if (state == SessionState.CLOSED) {
            return false;
        }
        openPosts++;
        posts++;
        lastActive = clock.instant();
        return true;
    }

    /** A POST was answered (or broke, or timed out). */
    synchronized void leave() {
        openPosts = Math.max(0, openPosts - 1);
        lastActive = clock.instant();
    }

    /** A GET stream opens on the session; false when it has closed meanwhile. */
    synchronized boolean attachStream() {
        if (state == SessionState.CLOSED) {
            return false;
        }
        openStreams++;
        lastActive = clock.instant();
        return true;
    }

    synchronized void detachStream() {
        openStreams = Math.max(0, openStreams - 1);
        lastActive = clock.instant();
    }

    /** Whether a full store may end this session for a newcomer: no POST is being answered on it. */
    synchronized boolean evictable() {
        return state == SessionState.OPEN && openPosts == 0;
    }

    /** True when no POST but the initialize one was ever served on it. */
    synchronized boolean unusedSinceInitialize() {
        return posts <= 1;
    }

    synchronized Instant lastActive() {
        return lastActive;
    }

    synchronized boolean isOpen() {
        return state == SessionState.OPEN;
    }

    /** True when nothing uses the session and it was last used before {@code cutoff}. */
    synchronized boolean idleSince(Instant cutoff) {
        return openPosts == 0 && openStreams == 0 && lastActive.isBefore(cutoff);
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
