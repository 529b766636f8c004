package dev.graphiti.tools;

import java.time.Duration;

/**
 * How long one CLI command may run and how much output it may produce before the runner stops it, and how many long
 * commands (import, export, index, capture, compact: {@link LongCommands}) the tools run at once.
 */
public record RunnerLimits(Duration timeout, int maxOutputBytes, int longCommands) {

    public RunnerLimits {
        if (timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException("timeout must be positive: " + timeout);
        }
        if (maxOutputBytes < 1024) {
            throw new IllegalArgumentException("maxOutputBytes must be at least 1024: " + maxOutputBytes);
        }
        if (longCommands < 1) {
            throw new IllegalArgumentException("longCommands must be at least 1: " + longCommands);
        }
    }

    public RunnerLimits(Duration timeout, int maxOutputBytes) {
        this(timeout, maxOutputBytes, defaultLongCommands());
    }

    public static RunnerLimits defaults() {
        return new RunnerLimits(Duration.ofSeconds(60), 8 * 1024 * 1024);
    }

    /** One long command per core: each keeps one busy, and the quick calls of other clients need the rest. */
    public static int defaultLongCommands() {
        return Math.max(1, Runtime.getRuntime().availableProcessors());
    }
}
