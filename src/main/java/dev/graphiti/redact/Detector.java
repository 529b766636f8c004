package dev.graphiti.redact;

import java.util.function.Consumer;

/** Finds the secrets of one shape in a text. Implementations are immutable and thread-safe. */
interface Detector {

    void find(String text, Consumer<Finding> findings);

    /**
     * A cheap pre-check on the lower-cased text: false when this detector cannot match anywhere, so most
     * provider patterns cost one {@code indexOf} instead of a regex scan on texts that hold none of them.
     */
    default boolean mayMatch(String lowerCaseText) {
        return true;
    }
}
