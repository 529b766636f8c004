package dev.graphiti.http;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class InitializeRateLimitTest {

    Instant now = Instant.parse("2026-01-01T00:00:00Z");
    final Clock clock = new Clock() {
        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    };

    @Test
    void aBurstThenOneEveryIntervalPerAddress() throws Exception {
        var limit = new InitializeRateLimit(3, clock);
        for (int i = 0; i < 3; i++) {
            limit.admit("10.0.0.1");
        }
        HttpRejection refused = assertThrows(HttpRejection.class, () -> limit.admit("10.0.0.1"));
        assertEquals(429, refused.status());
        assertEquals("20", refused.headers().get("Retry-After"), "3 a minute: the next one in 20 s");
        assertDoesNotThrow(() -> limit.admit("10.0.0.2"), "other addresses have their own bucket");
        now = now.plus(Duration.ofSeconds(15));
        HttpRejection still = assertThrows(HttpRejection.class, () -> limit.admit("10.0.0.1"));
        assertEquals("5", still.headers().get("Retry-After"));
        now = now.plus(Duration.ofSeconds(5));
        assertDoesNotThrow(() -> limit.admit("10.0.0.1"));
        assertThrows(HttpRejection.class, () -> limit.admit("10.0.0.1"));
    }

    @Test
    void refilledAddressesAreForgotten() throws Exception {
        var limit = new InitializeRateLimit(60, clock);
        limit.admit("10.0.0.1");
        limit.admit("10.0.0.2");
        limit.sweep();
        assertEquals(2, limit.tracked());
        now = now.plus(Duration.ofSeconds(2));
        limit.sweep();
        assertEquals(0, limit.tracked());
    }
}
