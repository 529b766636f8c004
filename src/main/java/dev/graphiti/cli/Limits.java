package dev.graphiti.cli;

import dev.graphiti.graph.InvalidInputException;

/** Checks count options such as --limit. */
final class Limits {

    private Limits() {
    }

    static int positive(String option, Integer given, int fallback) {
        if (given == null) {
            return fallback;
        }
        if (given < 1 || given > 10_000) {
            throw new InvalidInputException(option + " must be between 1 and 10000, not " + given);
        }
        return given;
    }
}
