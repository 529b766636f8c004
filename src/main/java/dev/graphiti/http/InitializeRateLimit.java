package dev.graphiti.http;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How often one client address may open a session: a token bucket per address holding up to
 * {@code perMinute} initializes, refilled at {@code perMinute} a minute. An empty bucket answers 429 with
 * Retry-After (seconds until the next token). Full buckets carry no information and are forgotten by
 * {@link #sweep}, so the table holds only recently active addresses.
 */
final class InitializeRateLimit {

    /** Tokens left at {@code at}; {@code admitted} tells whether the last initialize took one. */
    private record Bucket(double tokens, Instant at, boolean admitted) {
    }

    private final int perMinute;
    private final Clock clock;
    private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

    InitializeRateLimit(int perMinute, Clock clock) {
        if (perMinute < 1) {
            throw new IllegalArgumentException("initialize rate must be at least 1 a minute: " + perMinute);
        }
        this.perMinute = perMinute;
        this.clock = clock;
    }

    /** Takes one initialize from {@code address}'s bucket, or refuses with 429. */
    void admit(String address) throws HttpRejection {
        Instant now = clock.instant();
        Bucket after = buckets.compute(address, (key, bucket) -> {
            double tokens = bucket == null ? perMinute : refilled(bucket, now);
            return tokens >= 1 ? new Bucket(tokens - 1, now, true) : new Bucket(tokens, now, false);
        });
        if (!after.admitted()) {
            throw refused(after.tokens());
        }
    }

    /** Forgets addresses whose bucket has refilled. */
    void sweep() {
        Instant now = clock.instant();
        buckets.entrySet().removeIf(entry -> refilled(entry.getValue(), now) >= perMinute);
    }

    int tracked() {
        return buckets.size();
    }

    private double refilled(Bucket bucket, Instant now) {
        double seconds = Math.max(0, Duration.between(bucket.at(), now).toNanos() / 1e9);
        return Math.min(perMinute, bucket.tokens() + seconds * perMinute / 60.0);
    }

    private HttpRejection refused(double tokens) {
        double missing = 1 - tokens;
        long seconds = Math.max(1, (long) Math.ceil(missing * 60.0 / perMinute));
        return HttpRejection.of(429, "Too Many Requests: at most " + perMinute
                + " sessions a minute may be opened from one address; retry later",
                Map.of("Retry-After", String.valueOf(seconds)));
    }
}
