package dev.graphiti.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ServerSettingsTest {

    @Test
    void systemPropertyBeatsEnvironmentBeatsContextParameter() {
        Map<String, String> context = Map.of("graphiti.home", "/from/context", "graphiti.http.max-sessions", "7");
        var settings = new ServerSettings(Map.of("graphiti.home", "/from/property"),
                Map.of("GRAPHITI_HOME", "/from/env", "GRAPHITI_HTTP_MAX_SESSIONS", " "), context::get);
        assertEquals(Optional.of("/from/property"), settings.get("graphiti.home"));
        var noProperty = new ServerSettings(Map.of(), Map.of("GRAPHITI_HOME", "/from/env"), context::get);
        assertEquals(Optional.of("/from/env"), noProperty.get("graphiti.home"));
        var contextOnly = new ServerSettings(Map.of(), Map.of(), context::get);
        assertEquals(Optional.of("/from/context"), contextOnly.get("graphiti.home"));
        assertEquals(7, settings.number("graphiti.http.max-sessions", 1), "a blank variable counts as unset");
        assertTrue(new ServerSettings(Map.of(), Map.of(), n -> null).get("graphiti.home").isEmpty());
    }

    @Test
    void theCliSeesGraphitiHomeFromAnySource() {
        var settings = new ServerSettings(Map.of(), Map.of("HOME", "/home/a"), Map.of("graphiti.home", "/srv/graphiti")::get);
        assertEquals(Map.of("HOME", "/home/a", "GRAPHITI_HOME", "/srv/graphiti"), settings.cliEnvironment());
        var none = new ServerSettings(Map.of(), Map.of("HOME", "/home/a"), n -> null);
        assertEquals(Map.of("HOME", "/home/a"), none.cliEnvironment());
    }

    @Test
    void limitsComeFromSettingsAndBadNumbersAreNamed() {
        var settings = new ServerSettings(Map.of("graphiti.http.session-idle-seconds", "90"), Map.of(
                "GRAPHITI_HTTP_MAX_SESSIONS", "12", "GRAPHITI_HTTP_MAX_BODY_BYTES", "1000",
                "GRAPHITI_HTTP_INITIALIZE_PER_MINUTE", "5", "GRAPHITI_HTTP_HEARTBEAT_SECONDS", "3",
                "GRAPHITI_HTTP_REQUEST_TIMEOUT_SECONDS", "20", "GRAPHITI_HTTP_DRAIN_SECONDS", "4",
                "GRAPHITI_HTTP_TOKEN", "alice-0123456789abcdef,bob-0123456789abcdef00"), n -> null);
        var config = HttpTransportConfig.forBinding("0.0.0.0").withSettings(settings);
        assertEquals(12, config.maxSessions());
        assertEquals(1000, config.maxBodyBytes());
        assertEquals(Duration.ofSeconds(90), config.sessionIdleTimeout());
        assertEquals(Duration.ofSeconds(20), config.requestTimeout());
        assertEquals(Duration.ofSeconds(3), config.heartbeatInterval());
        assertEquals(Duration.ofSeconds(4), config.drainTimeout());
        assertEquals(5, config.initializePerMinute());
        assertEquals(2, config.tokens().size(), "one token or a comma-separated list");
        assertTrue(config.tokens().identify("bob-0123456789abcdef00").isPresent());
        var bad = new ServerSettings(Map.of(), Map.of("GRAPHITI_HTTP_MAX_SESSIONS", "many"), n -> null);
        var error = assertThrows(IllegalArgumentException.class,
                () -> HttpTransportConfig.forBinding("0.0.0.0").withSettings(bad));
        assertTrue(error.getMessage().contains("GRAPHITI_HTTP_MAX_SESSIONS"), error.getMessage());
    }
}
