package dev.graphiti.http;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Who is calling (sessions are bound to the identity) and until when the credential they showed holds: an OAuth
 * access token's expiry plus the clock skew the server tolerates, none for a static token or a loopback connection.
 * A stream that outlives its request's credential (a GET stream, a 2026-07-28 subscriptions/listen) ends then, so a
 * token that has expired, or been revoked at the issuer and not renewed, stops receiving the graph's changes; the
 * client reconnects with its fresh token.
 */
public record Caller(String identity, Optional<Instant> validUntil) {

    public Caller {
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(validUntil, "validUntil");
    }

    /** A caller whose credential does not expire (a static token, a loopback connection). */
    public static Caller lasting(String identity) {
        return new Caller(identity, Optional.empty());
    }

    /** How long a stream opened {@code now} may last: {@code limit}, or less when the credential expires sooner. */
    public Duration streamLimit(Duration limit, Instant now) {
        if (validUntil.isEmpty()) {
            return limit;
        }
        Duration left = Duration.between(now, validUntil.get());
        return left.isNegative() ? Duration.ZERO : left.compareTo(limit) < 0 ? left : limit;
    }
}
