package dev.graphiti.http;

import java.security.SecureRandom;
import java.util.Base64;

/**
 * Session ids: 256 bits from SecureRandom, base64url without padding (43 visible ASCII characters).
 * Unguessable so one client cannot ride another's session; still not authentication.
 */
final class SessionIds {

    private final SecureRandom random;

    SessionIds(SecureRandom random) {
        this.random = random;
    }

    String next() {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
