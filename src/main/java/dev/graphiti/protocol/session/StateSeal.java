package dev.graphiti.protocol.session;

import dev.graphiti.protocol.feature.McpException;
import dev.graphiti.protocol.jsonrpc.ErrorCode;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Integrity for the request state an input-required result hands the client: an HMAC-SHA256 over the payload,
 * its expiry and the request it belongs to (method and tool, prompt or resource name), under a key this server
 * drew at start. The client cannot alter the payload, present it after ten minutes, or on another request.
 * Servers behind a load balancer need one key between them to open each other's states (not configurable yet).
 */
final class StateSeal {

    static final Duration LIFETIME = Duration.ofMinutes(10);
    private static final Base64.Encoder ENCODE = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODE = Base64.getUrlDecoder();

    private final SecretKeySpec key;
    private final Clock clock;

    StateSeal(SecureRandom random, Clock clock) {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        this.key = new SecretKeySpec(bytes, "HmacSHA256");
        this.clock = clock;
    }

    /** {@code expiry.payload.tag}, all base64url but the expiry (epoch seconds). */
    String seal(String payload, String request) {
        long expiry = clock.instant().plus(LIFETIME).getEpochSecond();
        String body = expiry + "." + ENCODE.encodeToString(payload.getBytes(StandardCharsets.UTF_8));
        return body + "." + ENCODE.encodeToString(tag(body, request));
    }

    /** The payload of a sealed state for this request; -32602 when it was altered, expired or made for another. */
    Optional<String> open(String sealed, String request) {
        int last = sealed.lastIndexOf('.');
        int first = sealed.indexOf('.');
        if (first <= 0 || last <= first) {
            throw refused("it is not a state this server issued");
        }
        String body = sealed.substring(0, last);
        byte[] given;
        try {
            given = DECODE.decode(sealed.substring(last + 1));
        } catch (IllegalArgumentException e) {
            throw refused("it is not a state this server issued");
        }
        if (!MessageDigest.isEqual(given, tag(body, request))) {
            throw refused("its integrity check failed (altered, or issued for another request or by another server)");
        }
        long expiry;
        try {
            expiry = Long.parseLong(body.substring(0, first));
        } catch (NumberFormatException e) {
            throw refused("it is not a state this server issued");
        }
        if (clock.instant().getEpochSecond() > expiry) {
            throw refused("it expired; call again without it");
        }
        return Optional.of(new String(DECODE.decode(body.substring(first + 1)), StandardCharsets.UTF_8));
    }

    private byte[] tag(String body, String request) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            mac.update(request.getBytes(StandardCharsets.UTF_8));
            mac.update((byte) 0);
            return mac.doFinal(body.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }

    private static McpException refused(String why) {
        return new McpException(ErrorCode.INVALID_PARAMS, "Invalid params: requestState refused: " + why);
    }
}
