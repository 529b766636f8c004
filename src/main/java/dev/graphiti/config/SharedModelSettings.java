package dev.graphiti.config;

import java.time.Duration;

/**
 * The machine's shared embedding model (docs/operations.md, "One model per machine"): whether a server asks the
 * shared host ({@value #SHARED}, GRAPHITI_SHARED_MODEL, on unless off) and how long the host waits unasked before it
 * ends ({@value #IDLE_MINUTES}, GRAPHITI_SHARED_MODEL_IDLE_MINUTES, at least 1, default 10).
 *
 * @param on   off: every server loads a model of its own
 * @param idle how long the host waits unasked before it ends
 */
public record SharedModelSettings(boolean on, Duration idle) {

    static final String SHARED = "graphiti.shared-model";
    static final String IDLE_MINUTES = "graphiti.shared-model.idle-minutes";
    static final Duration DEFAULT_IDLE = Duration.ofMinutes(10);

    /** On, ending after 10 idle minutes. */
    public static SharedModelSettings defaults() {
        return new SharedModelSettings(true, DEFAULT_IDLE);
    }

    /** Read from {@code settings}; a value that is not on/off or a whole number of minutes >= 1 names its setting. */
    static SharedModelSettings from(Settings settings) {
        long minutes = settings.number(IDLE_MINUTES, DEFAULT_IDLE.toMinutes());
        if (minutes < 1) {
            throw new IllegalArgumentException(Settings.describe(IDLE_MINUTES) + " must be at least 1, not " + minutes);
        }
        return new SharedModelSettings(settings.onOff(SHARED, true), Duration.ofMinutes(minutes));
    }
}
