package dev.graphiti.redact;

import java.util.function.Consumer;

/** Finds the secrets of one shape in a text. Implementations are immutable and thread-safe. */
interface Detector {

    /**
     * @param text      the text to search
     * @param lowerCase the same text with only A-Z lowered, so it has the same length and indexes; detectors
     *                  look for their literal hints in it with {@code indexOf} instead of running a regex at
     *                  every position
     */
    void find(String text, String lowerCase, Consumer<Finding> findings);
}
