package dev.graphiti.tools;

import java.time.Duration;

/** How long one CLI command may run and how much output it may produce before the runner stops it. */
public record RunnerLimits(Duration timeout, int maxOutputBytes) {

    public RunnerLimits {
        if (timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException("timeout must be positive: " + timeout);
        }
        if (maxOutputBytes < 1024) {
            throw new IllegalArgumentException("maxOutputBytes must be at least 1024: " + maxOutputBytes);
        }
    }

    public static RunnerLimits defaults() {
        return new RunnerLimits(Duration.ofSeconds(60), 8 * 1024 * 1024);
    }
}
