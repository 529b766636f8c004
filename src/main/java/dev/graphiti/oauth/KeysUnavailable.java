package dev.graphiti.oauth;

/**
 * The issuer's signing keys could not be fetched (its JWKS endpoint is down or unreachable), so a token cannot be
 * judged either way: a server-side condition (503 and retry), not the token's fault (401 would send the client to
 * sign in again for nothing).
 */
public final class KeysUnavailable extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public KeysUnavailable(String message) {
        super(message, null, false, false);
    }
}
