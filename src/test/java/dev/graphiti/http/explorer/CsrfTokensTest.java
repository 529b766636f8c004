package dev.graphiti.http.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The explorer's CSRF tokens across the instances of one deployment: a token one instance issued is good on another
 * with the same key (the operator's, or derived from the same bearer tokens in any order), and on nothing else; an
 * altered or day-old token is refused.
 */
class CsrfTokensTest {

    private static final Optional<String> TEAM_TOKENS = Optional.of("alice-token-0123456789, bob-token-0123456789");
    private static final Optional<String> KEY = Optional.of("0123456789abcdef0123456789abcdef-the-key");

    @Test
    void instancesOfOneDeploymentAcceptEachOthersTokens() {
        String fromA = CsrfTokens.forDeployment(Optional.empty(), TEAM_TOKENS).issue();
        assertTrue(CsrfTokens.forDeployment(Optional.empty(), Optional.of("bob-token-0123456789,alice-token-0123456789")).valid(fromA));
        assertFalse(CsrfTokens.forDeployment(Optional.empty(), Optional.of("alice-token-0123456789")).valid(fromA),
                "another deployment's tokens");
        assertFalse(CsrfTokens.forDeployment(Optional.empty(), Optional.empty()).valid(fromA), "a process with its own key");
        assertFalse(CsrfTokens.forDeployment(KEY, TEAM_TOKENS).valid(fromA), "the operator's key comes first");

        String keyed = CsrfTokens.forDeployment(KEY, Optional.empty()).issue();
        assertTrue(CsrfTokens.forDeployment(KEY, TEAM_TOKENS).valid(keyed));
        assertFalse(CsrfTokens.forDeployment(Optional.of(KEY.get() + "-other"), Optional.empty()).valid(keyed));
    }

    @Test
    void withoutASharedKeyEachProcessHasItsOwn() {
        String own = CsrfTokens.ownKey().issue();
        assertFalse(CsrfTokens.ownKey().valid(own));
        assertFalse(CsrfTokens.forDeployment(Optional.empty(), Optional.empty()).valid(
                CsrfTokens.forDeployment(Optional.empty(), Optional.empty()).issue()));
    }

    @Test
    void anAlteredForgedOrDayOldTokenIsRefused() {
        Instant issued = Instant.parse("2026-11-24T09:00:00Z");
        String token = CsrfTokens.forDeployment(KEY, Optional.empty(), Clock.fixed(issued, ZoneOffset.UTC)).issue();
        assertEquals(3, token.split("\\.").length);
        CsrfTokens later = CsrfTokens.forDeployment(KEY, Optional.empty(), Clock.fixed(issued.plusSeconds(23 * 3600), ZoneOffset.UTC));
        assertTrue(later.valid(token));
        assertFalse(CsrfTokens.forDeployment(KEY, Optional.empty(), Clock.fixed(issued.plusSeconds(24 * 3600), ZoneOffset.UTC)).valid(token));
        String[] parts = token.split("\\.");
        assertFalse(later.valid((Long.parseLong(parts[0]) + 3600) + "." + parts[1] + "." + parts[2]), "a later date, same tag");
        assertFalse(later.valid(parts[0] + "." + parts[1] + "." + parts[2].substring(1)));
        assertFalse(later.valid(null));
        assertFalse(later.valid(""));
        assertFalse(later.valid("1.2"));
        assertFalse(later.valid("x.y.z"));
    }

    @Test
    void aShortKeyIsRefusedAtStart() {
        assertThrows(IllegalArgumentException.class, () -> CsrfTokens.forDeployment(Optional.of("short"), Optional.empty()));
    }
}
