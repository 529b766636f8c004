package dev.graphiti.http;

import dev.graphiti.protocol.feature.TransportKind;
import dev.graphiti.protocol.session.McpServer;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The open sessions, by id. Bounded: when {@code maxSessions} are open (after expired ones are swept), a
 * new initialize ends one that no POST is using, so whoever fills the store cannot lock others out: first
 * the oldest never used after its initialize (what a flood of initializes leaves), else the least recently
 * used. Its client gets 404 on its next request and, as MCP prescribes, initializes again. Only when every
 * session is answering a POST is a new one refused, with 503 and Retry-After (a matter of server capacity,
 * not of the client's request). Idle sessions expire; an ended or expired id is forgotten, so it answers 404.
 */
public final class SessionStore {

    private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger(SessionStore.class.getName());

    private final Map<String, McpSession> sessions = new ConcurrentHashMap<>();
    private final int maxSessions;
    private final Duration idleTimeout;
    private final Clock clock;
    private final SessionIds ids;

    public SessionStore(int maxSessions, Duration idleTimeout, Clock clock, java.security.SecureRandom random) {
        this.maxSessions = maxSessions;
        this.idleTimeout = idleTimeout;
        this.clock = clock;
        this.ids = new SessionIds(random);
    }

    /** Opens a session for {@code owner} with a fresh connection to {@code server}; 503 when the store is full. */
    McpSession open(McpServer server, String owner) throws HttpRejection {
        synchronized (this) {
            if (sessions.size() >= maxSessions) {
                sweep();
            }
            if (sessions.size() >= maxSessions && !evictOne()) {
                throw HttpRejection.of(503, "Service Unavailable: the server holds its maximum of " + maxSessions
                        + " sessions, all of them answering requests; retry later",
                        Map.of("Retry-After", String.valueOf(Math.max(1, idleTimeout.toSeconds() / 2))));
            }
            var events = new ServerEvents();
            String id = ids.next();
            var session = new McpSession(id, owner, server.open(TransportKind.HTTP, events), events, clock);
            sessions.put(id, session);
            return session;
        }
    }

    /** Ends the session a newcomer may take the place of (see the class comment); false when none may go. */
    private boolean evictOne() {
        McpSession victim = null;
        for (McpSession session : sessions.values()) {
            if (session.evictable() && (victim == null || evictsBefore(session, victim))) {
                victim = session;
            }
        }
        if (victim == null) {
            return false;
        }
        LOG.fine(() -> "graphiti MCP endpoint: " + maxSessions + " sessions open; ended the least recently used idle one");
        return end(victim.id());
    }

    private static boolean evictsBefore(McpSession a, McpSession b) {
        boolean aUnused = a.unusedSinceInitialize();
        if (aUnused != b.unusedSinceInitialize()) {
            return aUnused;
        }
        return a.lastActive().isBefore(b.lastActive());
    }

    /**
     * The open session with this id if it belongs to {@code caller}; empty when unknown, ended, expired or
     * someone else's (the caller answers 404).
     */
    Optional<McpSession> find(String id, String caller) {
        McpSession session = sessions.get(id);
        if (session == null || !session.belongsTo(caller)) {
            return Optional.empty();
        }
        if (!session.isOpen() || session.idleSince(clock.instant().minus(idleTimeout))) {
            end(id);
            return Optional.empty();
        }
        return Optional.of(session);
    }

    /** Ends and forgets a session; false when there was none with that id. */
    boolean end(String id) {
        McpSession session = sessions.remove(id);
        if (session == null) {
            return false;
        }
        session.close();
        return true;
    }

    /** Ends every session idle for longer than the idle timeout; returns how many. */
    public int sweep() {
        var cutoff = clock.instant().minus(idleTimeout);
        int ended = 0;
        for (McpSession session : sessions.values()) {
            if (session.idleSince(cutoff) && end(session.id())) {
                ended++;
            }
        }
        return ended;
    }

    public int size() {
        return sessions.size();
    }

    /** Ends all sessions (server shutdown). */
    public void closeAll() {
        sessions.keySet().forEach(this::end);
    }
}
