package dev.graphiti.oauth;

/**
 * An access token this server does not accept (RFC 6750 invalid_token): malformed, not signed by a trusted issuer's
 * key, expired, or issued for another resource. The message says which, in words safe to send back in an
 * error_description (it never repeats the token).
 */
public final class TokenRejected extends Exception {

    private static final long serialVersionUID = 1L;

    public TokenRejected(String message) {
        super(message, null, false, false);
    }
}
