package dev.graphiti.http;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Objects;

/**
 * The bearer token clients must present (`Authorization: Bearer ...`) when the server is reachable from
 * other machines. Compared in constant time; never printed (toString hides it).
 */
public final class AccessToken {

    private final byte[] secret;

    public AccessToken(String secret) {
        Objects.requireNonNull(secret, "secret");
        if (secret.isBlank()) {
            throw new IllegalArgumentException("the access token must not be blank");
        }
        this.secret = secret.getBytes(StandardCharsets.UTF_8);
    }

    /** True when {@code authorization} is "Bearer " followed by this token. */
    public boolean accepts(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return false;
        }
        byte[] presented = authorization.substring(7).trim().getBytes(StandardCharsets.UTF_8);
        return MessageDigest.isEqual(secret, presented);
    }

    @Override
    public String toString() {
        return "AccessToken[hidden]";
    }
}
