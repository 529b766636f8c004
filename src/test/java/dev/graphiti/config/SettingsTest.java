package dev.graphiti.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** One precedence order for every entry point: system property, environment variable, servlet context parameter. */
class SettingsTest {

    @Test
    void systemPropertyBeatsEnvironmentBeatsContextParameter() {
        Map<String, String> context = Map.of("graphiti.home", "/from/context", "graphiti.http.max-sessions", "7");
        var settings = new Settings(Map.of("graphiti.home", "/from/property"),
                Map.of("GRAPHITI_HOME", "/from/env", "GRAPHITI_HTTP_MAX_SESSIONS", " "), context::get);
        assertEquals(Optional.of("/from/property"), settings.get("graphiti.home"));
        var noProperty = new Settings(Map.of(), Map.of("GRAPHITI_HOME", "/from/env"), context::get);
        assertEquals(Optional.of("/from/env"), noProperty.get("graphiti.home"));
        var contextOnly = new Settings(Map.of(), Map.of(), context::get);
        assertEquals(Optional.of("/from/context"), contextOnly.get("graphiti.home"));
        assertEquals(7, settings.number("graphiti.http.max-sessions", 1), "a blank variable counts as unset");
        assertTrue(new Settings(Map.of(), Map.of(), n -> null).get("graphiti.home").isEmpty());
    }

    @Test
    void theCliSeesGraphitiHomeFromAnySource() {
        var settings = new Settings(Map.of(), Map.of("HOME", "/home/a"), Map.of("graphiti.home", "/srv/graphiti")::get);
        assertEquals(Optional.of("/srv/graphiti"), ProcessSettings.from(settings).home());
        var none = new Settings(Map.of(), Map.of("HOME", "/home/a"), n -> null);
        assertEquals(Optional.empty(), ProcessSettings.from(none).home());
    }

    @Test
    void theStoreAndSemanticSettingsAreParsedOnceFromAnySource() {
        var settings = new Settings(Map.of("graphiti.semantic", "off", "graphiti.store.password", "s3cret"),
                Map.of("GRAPHITI_STORE_URL", " jdbc:postgresql://db/g?ssl=true ", "GRAPHITI_STORE_POOL_SIZE", "4"),
                Map.of("graphiti.store.language", "simple", "graphiti.debug", "")::get);
        ProcessSettings parsed = ProcessSettings.from(settings);
        assertEquals(false, parsed.semantic(), "-Dgraphiti.semantic=off reaches the CLI");
        assertTrue(parsed.debug(), "graphiti.debug counts when set at all");
        assertEquals(Optional.of("jdbc:postgresql://db/g?ssl=true"), parsed.store().url());
        assertEquals(4, parsed.store().poolSize());
        assertEquals("simple", parsed.store().language());
        assertTrue(parsed.store().inDatabase());
        assertTrue(!parsed.toString().contains("s3cret") && !parsed.toString().contains("ssl=true"), parsed.toString());
        var bad = Settings.ofEnvironment(Map.of("GRAPHITI_STORE_POOL_SIZE", "many"));
        var error = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> ProcessSettings.from(bad));
        assertTrue(error.getMessage().contains("graphiti.store.pool-size (GRAPHITI_STORE_POOL_SIZE)"), error.getMessage());
    }

    /** Issue 31: the launcher's logging reads the level from the process's parsed settings, not the raw settings again. */
    @Test
    void theLogLevelIsParsedWithTheRest() {
        var asked = new Settings(Map.of(), Map.of("GRAPHITI_LOG_LEVEL", " info "), n -> null);
        assertEquals(Optional.of("info"), ProcessSettings.from(asked).logLevel());
        var blank = new Settings(Map.of(), Map.of("GRAPHITI_LOG_LEVEL", " "), n -> null);
        assertEquals(Optional.empty(), ProcessSettings.from(blank).logLevel(), "a blank level shows warnings only");
        assertEquals(Optional.empty(), ProcessSettings.defaults().logLevel());
    }

    @Test
    void locationsFollowOneRuleEverywhere(@org.junit.jupiter.api.io.TempDir java.nio.file.Path work) {
        var relative = Locations.of(Map.of("HOME", "/home/a", "GRAPHITI_HOME", "data", "CLAUDE_CONFIG_DIR", "claude"), work);
        assertEquals(work.resolve("data"), relative.home(), "a relative GRAPHITI_HOME is the working directory's");
        assertEquals(work.resolve("claude").resolve("projects"), relative.claudeProjects());
        var defaults = Locations.of(Map.of("HOME", "/home/a"), work);
        assertEquals(java.nio.file.Path.of("/home/a/.graphiti"), defaults.home());
        assertEquals(java.nio.file.Path.of("/home/a/.graphiti/config.properties"), defaults.configFile());
        assertEquals(java.nio.file.Path.of("/home/a/.claude"), defaults.claude());
        var windows = Locations.of(Map.of("USERPROFILE", "/users/b"), work);
        assertEquals(java.nio.file.Path.of("/users/b/.graphiti"), windows.home());
        var fromProperty = new Settings(Map.of("graphiti.home", "/srv/g"), Map.of("HOME", "/home/a"), n -> null);
        assertEquals(java.nio.file.Path.of("/srv/g"),
                Locations.of(fromProperty.environment(), ProcessSettings.from(fromProperty), work).home(),
                "-Dgraphiti.home counts as GRAPHITI_HOME");
    }

    @Test
    void badValuesNameTheSettingBothWays() {
        var settings = Settings.ofEnvironment(Map.of("GRAPHITI_SEMANTIC", "maybe", "GRAPHITI_TOKEN_FACTOR", "x"));
        var onOff = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> settings.onOff("graphiti.semantic", true));
        assertTrue(onOff.getMessage().contains("graphiti.semantic (GRAPHITI_SEMANTIC)"), onOff.getMessage());
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> settings.decimal("graphiti.token-factor", 1.2));
        assertEquals(1.2, Settings.ofEnvironment(Map.of()).decimal("graphiti.token-factor", 1.2));
    }
}
