package dev.graphiti.http.explorer;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The explorer's CSRF tokens: {@code issued.nonce.tag}, the tag an HMAC-SHA256 of the rest under a key. Every server
 * with the same key accepts the tokens of the others, so behind a round-robin balancer a page loaded from one
 * instance changes the graph through any (no sticky sessions). The key is the operator's
 * ({@code graphiti.explorer.key}), else derived from the endpoint's static bearer tokens (the instances of one
 * deployment share them, and whoever knows them may change the graph anyway), else drawn at start (one process).
 * A token is good for {@link #LIFETIME}; the page then says to reload it.
 */
public final class CsrfTokens {

    /** The setting of the key the instances of one deployment share (32 or more characters). */
    public static final String KEY_SETTING = "graphiti.explorer.key";
    static final Duration LIFETIME = Duration.ofHours(24);
    private static final Base64.Encoder ENCODE = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODE = Base64.getUrlDecoder();

    private final SecretKeySpec key;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    private CsrfTokens(byte[] key, Clock clock) {
        this.key = new SecretKeySpec(key, "HmacSHA256");
        this.clock = clock;
    }

    /** A key of this process alone: tokens good on this instance only. */
    public static CsrfTokens ownKey() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return new CsrfTokens(key, Clock.systemUTC());
    }

    /**
     * The key of a deployment: the operator's {@code key} when given (32+ characters), else one derived from the
     * endpoint's static bearer tokens (the value of graphiti.http.token, in any order), else this process's own.
     */
    public static CsrfTokens forDeployment(Optional<String> key, Optional<String> bearerTokens) {
        return forDeployment(key, bearerTokens, Clock.systemUTC());
    }

    static CsrfTokens forDeployment(Optional<String> key, Optional<String> bearerTokens, Clock clock) {
        if (key.isPresent()) {
            if (key.get().strip().length() < 32) {
                throw new IllegalArgumentException(KEY_SETTING + " (GRAPHITI_EXPLORER_KEY) must be at least 32 characters"
                        + " (e.g. openssl rand -hex 32)");
            }
            return new CsrfTokens(derive("graphiti explorer csrf key", key.get().strip()), clock);
        }
        Optional<String> tokens = bearerTokens.map(value -> String.join(",", Arrays.stream(value.split(","))
                .map(String::strip).filter(t -> !t.isEmpty()).sorted().toList())).filter(value -> !value.isEmpty());
        return tokens.map(value -> new CsrfTokens(derive("graphiti explorer csrf key from bearer tokens", value), clock))
                .orElseGet(() -> {
                    byte[] own = new byte[32];
                    new SecureRandom().nextBytes(own);
                    return new CsrfTokens(own, clock);
                });
    }

    /** A new token for a page being served. */
    public String issue() {
        byte[] nonce = new byte[16];
        random.nextBytes(nonce);
        String body = clock.instant().getEpochSecond() + "." + ENCODE.encodeToString(nonce);
        return body + "." + ENCODE.encodeToString(tag(body));
    }

    /** Whether {@code token} was issued under this key, unaltered, less than {@link #LIFETIME} ago. */
    public boolean valid(String token) {
        if (token == null) {
            return false;
        }
        int last = token.lastIndexOf('.');
        int first = token.indexOf('.');
        if (first <= 0 || last <= first) {
            return false;
        }
        String body = token.substring(0, last);
        byte[] given;
        long issued;
        try {
            given = DECODE.decode(token.substring(last + 1));
            issued = Long.parseLong(body.substring(0, first));
        } catch (IllegalArgumentException e) {
            return false;
        }
        long now = clock.instant().getEpochSecond();
        return MessageDigest.isEqual(given, tag(body)) && issued <= now + 60 && now - issued < LIFETIME.toSeconds();
    }

    private byte[] tag(String body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return mac.doFinal(body.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }

    private static byte[] derive(String purpose, String secret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return mac.doFinal(purpose.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }
}
