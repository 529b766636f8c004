package dev.graphiti.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BearerTokensTest {

    static final String ALICE = "alice-0123456789abcdef";
    static final String BOB = "bob-0123456789abcdef00";

    @Test
    void eachConfiguredTokenHasItsOwnIdentityAndOthersHaveNone() {
        var tokens = BearerTokens.parse(" " + ALICE + " , " + BOB + ",");
        assertEquals(2, tokens.size());
        String alice = tokens.identify(ALICE).orElseThrow();
        String bob = tokens.identify(BOB).orElseThrow();
        assertNotEquals(alice, bob);
        assertEquals(alice, tokens.identify(ALICE).orElseThrow(), "stable");
        assertTrue(alice.matches("[0-9a-f]{64}"), "a hash, not the token: " + alice);
        assertTrue(tokens.identify(ALICE + "x").isEmpty());
        assertTrue(tokens.identify(ALICE.substring(0, 10)).isEmpty());
        assertTrue(tokens.identify("").isEmpty());
    }

    @Test
    void theTokenNeverShowsInText() {
        var tokens = BearerTokens.parse(ALICE);
        assertFalse(tokens.toString().contains(ALICE));
        assertFalse(tokens.identify(ALICE).orElseThrow().contains(ALICE));
        var config = HttpTransportConfig.forBinding("0.0.0.0").withTokens(tokens);
        assertFalse(config.toString().contains(ALICE), config.toString());
    }

    @Test
    void shortTokensAndEmptyListsAreHandled() {
        var error = assertThrows(IllegalArgumentException.class, () -> BearerTokens.parse("short"));
        assertTrue(error.getMessage().contains("16"), error.getMessage());
        assertFalse(error.getMessage().contains("short"), "the refused value is not echoed");
    }

    @Test
    void aValueWithoutAnyTokenIsRefusedNotReadAsNoAuthentication() {
        for (String empty : new String[] {"", "  ", " , ", ",,,"}) {
            var error = assertThrows(IllegalArgumentException.class, () -> BearerTokens.parse(empty), "\"" + empty + "\"");
            assertTrue(error.getMessage().contains("holds no token"), error.getMessage());
        }
    }
}
