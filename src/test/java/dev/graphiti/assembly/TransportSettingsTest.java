package dev.graphiti.assembly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.config.Settings;
import dev.graphiti.http.HttpTransportConfig;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TransportSettingsTest {

    @Test
    void limitsComeFromSettingsAndBadNumbersAreNamed() {
        var settings = new Settings(Map.of("graphiti.http.session-idle-seconds", "90"), Map.of(
                "GRAPHITI_HTTP_MAX_SESSIONS", "12", "GRAPHITI_HTTP_MAX_BODY_BYTES", "1000",
                "GRAPHITI_HTTP_INITIALIZE_PER_MINUTE", "5", "GRAPHITI_HTTP_HEARTBEAT_SECONDS", "3",
                "GRAPHITI_HTTP_REQUEST_TIMEOUT_SECONDS", "20", "GRAPHITI_HTTP_DRAIN_SECONDS", "4",
                "GRAPHITI_HTTP_TOKEN", "alice-0123456789abcdef,bob-0123456789abcdef00"), n -> null);
        var config = TransportSettings.apply(HttpTransportConfig.forBinding("0.0.0.0"), settings);
        assertEquals(12, config.maxSessions());
        assertEquals(1000, config.maxBodyBytes());
        assertEquals(Duration.ofSeconds(90), config.sessionIdleTimeout());
        assertEquals(Duration.ofSeconds(20), config.requestTimeout());
        assertEquals(Duration.ofSeconds(3), config.heartbeatInterval());
        assertEquals(Duration.ofSeconds(4), config.drainTimeout());
        assertEquals(5, config.initializePerMinute());
        assertEquals(2, config.tokens().size(), "one token or a comma-separated list");
        assertTrue(config.tokens().identify("bob-0123456789abcdef00").isPresent());
        var bad = new Settings(Map.of(), Map.of("GRAPHITI_HTTP_MAX_SESSIONS", "many"), n -> null);
        var error = assertThrows(IllegalArgumentException.class,
                () -> TransportSettings.apply(HttpTransportConfig.forBinding("0.0.0.0"), bad));
        assertTrue(error.getMessage().contains("GRAPHITI_HTTP_MAX_SESSIONS"), error.getMessage());
    }
}
