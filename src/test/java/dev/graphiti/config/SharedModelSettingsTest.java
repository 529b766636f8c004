package dev.graphiti.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The shared model's settings as a process reads them once (issue 33): its servers and `graphiti config` agree. */
class SharedModelSettingsTest {

    @Test
    void theSharedModelIsOnAndEndsAfterTenIdleMinutesUnlessTheEnvironmentSaysOtherwise() {
        assertEquals(new SharedModelSettings(true, Duration.ofMinutes(10)),
                ProcessSettings.ofEnvironment(Map.of()).sharedModel());
        assertEquals(new SharedModelSettings(false, Duration.ofMinutes(3)), ProcessSettings.ofEnvironment(
                Map.of("GRAPHITI_SHARED_MODEL", "off", "GRAPHITI_SHARED_MODEL_IDLE_MINUTES", " 3 ")).sharedModel());
    }

    @Test
    void aValueThatCannotBeUsedNamesItsSettingAndWhatItMustBe() {
        var idle = assertThrows(IllegalArgumentException.class, () -> ProcessSettings.ofEnvironment(
                Map.of("GRAPHITI_SHARED_MODEL_IDLE_MINUTES", "ten")));
        assertEquals("graphiti.shared-model.idle-minutes (GRAPHITI_SHARED_MODEL_IDLE_MINUTES) must be a whole number,"
                + " not ten", idle.getMessage());
        var none = assertThrows(IllegalArgumentException.class, () -> ProcessSettings.ofEnvironment(
                Map.of("GRAPHITI_SHARED_MODEL_IDLE_MINUTES", "0")));
        assertEquals("graphiti.shared-model.idle-minutes (GRAPHITI_SHARED_MODEL_IDLE_MINUTES) must be at least 1,"
                + " not 0", none.getMessage());
        var shared = assertThrows(IllegalArgumentException.class, () -> ProcessSettings.ofEnvironment(
                Map.of("GRAPHITI_SHARED_MODEL", "sometimes")));
        assertEquals("graphiti.shared-model (GRAPHITI_SHARED_MODEL) must be on or off, not sometimes", shared.getMessage());
    }
}
