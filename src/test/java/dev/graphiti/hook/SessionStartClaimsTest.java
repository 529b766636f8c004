package dev.graphiti.hook;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The first hook of a session start prints; the others of the same event do not; the next event prints again. */
class SessionStartClaimsTest {

    @TempDir
    Path temp;

    private static HookInput start(String session, String source) {
        return HookInput.parse("{\"session_id\":\"" + session + "\",\"hook_event_name\":\"SessionStart\",\"source\":\""
                + source + "\"}");
    }

    private SessionStartClaims at(Instant now) {
        return new SessionStartClaims(temp.resolve("claims"), Clock.fixed(now, ZoneOffset.UTC));
    }

    @Test
    void oneInjectionPerSessionStartEvent() throws Exception {
        Instant now = Instant.parse("2026-11-23T22:00:00Z");
        assertTrue(at(now).claim(start("s1", "startup"), HookRun.NONE), "the first hook prints");
        assertFalse(at(now.plusSeconds(2)).claim(start("s1", "startup"), HookRun.NONE), "the other install's hook does not");
        assertTrue(at(now.plusSeconds(3)).claim(start("s2", "startup"), HookRun.NONE), "another session prints");
        assertTrue(at(now.plusSeconds(4)).claim(start("s1", "compact"), HookRun.NONE), "the same session after compaction prints");
        assertTrue(at(now.plus(SessionStartClaims.WINDOW).plusSeconds(1)).claim(start("s1", "startup"), HookRun.NONE),
                "a later start of the same session and source is a new event");
    }

    /** The CI failure of ClaudeCodeHooksIT: the losing hook's time was a little before the winner's claim. */
    @Test
    void aClaimStampedJustAfterOursIsTheSameEvent() throws Exception {
        Instant now = Instant.parse("2026-11-23T22:00:00Z");
        assertTrue(at(now.plusMillis(40)).claim(start("s1", "compact"), HookRun.NONE), "the hook that took the lock first prints");
        assertFalse(at(now).claim(start("s1", "compact"), HookRun.NONE), "the other, whose clock reads earlier, does not");
        assertTrue(at(now.minus(SessionStartClaims.WINDOW).minusSeconds(1)).claim(start("s1", "compact"), HookRun.NONE),
                "a claim far from ours (a clock stepped back) is no reason to stay silent");
    }

    @Test
    void aSessionIdIsNeverAPath() throws Exception {
        assertTrue(at(Instant.now()).claim(start("../../etc/passwd", "startup"), HookRun.NONE));
        assertTrue(java.nio.file.Files.list(temp.resolve("claims")).allMatch(f -> f.getParent().equals(temp.resolve("claims"))));
        assertFalse(java.nio.file.Files.exists(temp.resolve("etc")));
    }
}
