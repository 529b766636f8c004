package dev.graphiti.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.protocol.session.McpServer;
import dev.graphiti.protocol.session.ServerInfo;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SessionStoreTest {

    private final McpServer server = McpServer.builder(new ServerInfo("test", "Test", "1")).build();
    private final MutableClock clock = new MutableClock();

    @AfterEach
    void closeServer() {
        server.close();
    }

    static final String OWNER = "token-hash-a";

    @Test
    void aSessionIsFoundOnlyByItsOwner() throws Exception {
        var store = new SessionStore(10, Duration.ofMinutes(1), clock, new SecureRandom());
        McpSession session = store.open(server, OWNER);
        assertTrue(store.find(session.id(), "token-hash-b").isEmpty(), "another caller sees no such session");
        assertTrue(session.isOpen(), "and cannot end it by asking");
        assertTrue(store.find(session.id(), OWNER).isPresent());
    }

    @Test
    void idsAreRandomVisibleAscii() throws Exception {
        var store = new SessionStore(100, Duration.ofMinutes(1), clock, new SecureRandom());
        var ids = new HashSet<String>();
        for (int i = 0; i < 50; i++) {
            String id = store.open(server, OWNER).id();
            assertTrue(id.matches("[A-Za-z0-9_-]{43}"), id);
            ids.add(id);
        }
        assertEquals(50, ids.size());
    }

    @Test
    void endedSessionIsForgotten() throws Exception {
        var store = new SessionStore(10, Duration.ofMinutes(1), clock, new SecureRandom());
        McpSession session = store.open(server, OWNER);
        assertTrue(store.find(session.id(), OWNER).isPresent());
        assertTrue(store.end(session.id()));
        assertTrue(store.find(session.id(), OWNER).isEmpty());
        assertFalse(session.isOpen());
        assertTrue(session.connection().isClosed());
        assertFalse(store.end(session.id()));
    }

    @Test
    void idleSessionsExpireButBusyOnesStay() throws Exception {
        var store = new SessionStore(10, Duration.ofMinutes(5), clock, new SecureRandom());
        McpSession idle = store.open(server, OWNER);
        McpSession busy = store.open(server, OWNER);
        assertTrue(busy.enter());
        clock.advance(Duration.ofMinutes(6));
        assertEquals(1, store.sweep());
        assertTrue(store.find(idle.id(), OWNER).isEmpty());
        assertTrue(store.find(busy.id(), OWNER).isPresent());
        busy.leave();
        clock.advance(Duration.ofMinutes(4));
        assertTrue(store.find(busy.id(), OWNER).isPresent(), "leaving counts as activity");
        clock.advance(Duration.ofMinutes(2));
        assertTrue(store.find(busy.id(), OWNER).isEmpty(), "lookup expires lazily too");
    }

    /** What the servlet does for a POST on the session (the initialize POST is the first). */
    private void served(McpSession session) {
        assertTrue(session.enter());
        clock.advance(Duration.ofSeconds(1));
        session.leave();
    }

    @Test
    void aFullStoreEndsTheOldestSessionNeverUsedAfterInitializeForANewcomer() throws Exception {
        var store = new SessionStore(3, Duration.ofMinutes(30), clock, new SecureRandom());
        McpSession worker = store.open(server, OWNER);
        served(worker);
        McpSession junk1 = store.open(server, OWNER);
        served(junk1);
        McpSession junk2 = store.open(server, OWNER);
        served(junk2);
        served(worker);
        served(worker);
        McpSession newcomer = store.open(server, OWNER);
        assertEquals(3, store.size());
        assertFalse(junk1.isOpen(), "the oldest session used only for its initialize made room");
        assertTrue(junk2.isOpen() && worker.isOpen() && newcomer.isOpen());
        assertTrue(store.find(worker.id(), OWNER).isPresent(), "the session a client works in stays");
    }

    @Test
    void withoutUnusedSessionsTheLeastRecentlyUsedIdleOneGoesAndBusyOnesNever() throws Exception {
        var store = new SessionStore(2, Duration.ofMinutes(30), clock, new SecureRandom());
        McpSession older = store.open(server, OWNER);
        served(older);
        served(older);
        McpSession newer = store.open(server, OWNER);
        served(newer);
        served(newer);
        assertTrue(older.enter(), "a POST is being answered on the older session");
        store.open(server, OWNER);
        assertTrue(older.isOpen(), "a session answering a POST is never ended for a newcomer");
        assertFalse(newer.isOpen(), "the idle one went");
        assertTrue(store.find(older.id(), OWNER).isPresent());
    }

    @Test
    void onlyWhenEverySessionIsAnsweringARequestIsANewcomerRefusedWith503() throws Exception {
        var store = new SessionStore(2, Duration.ofMinutes(5), clock, new SecureRandom());
        assertTrue(store.open(server, OWNER).enter());
        assertTrue(store.open(server, OWNER).enter());
        HttpRejection full = assertThrows(HttpRejection.class, () -> store.open(server, OWNER));
        assertEquals(503, full.status());
        assertEquals(HttpRejection.TRANSPORT_ERROR, full.body().error().code());
        assertTrue(full.headers().containsKey("Retry-After"));
    }

    /** A clock tests move by hand. */
    private static final class MutableClock extends Clock {
        private Instant now = Instant.parse("2026-01-01T00:00:00Z");

        void advance(Duration by) {
            now = now.plus(by);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }
}
