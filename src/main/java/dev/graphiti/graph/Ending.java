package dev.graphiti.graph;

import java.util.Objects;

/**
 * What ended an item that still stands in the graph, marked rather than deleted: {@code by} the commit (a sha) or item
 * (an id) that ended it, and {@code why} in a few words ("reverted", "file deleted: src/Foo.java"). The item's
 * {@code validUntil} says when.
 */
public record Ending(String by, String why) {

    public Ending {
        Objects.requireNonNull(by, "by");
        Objects.requireNonNull(why, "why");
        if (by.isBlank() || why.isBlank()) {
            throw new IllegalArgumentException("an ending names what ended the item and why");
        }
    }

    /**
     * Whether {@code by} states what holds instead: a restatement or a revert does; the commit that deleted the
     * item's files does not (it answers no question the item answered).
     */
    public boolean replaced() {
        return restated() || why.startsWith("reverted");
    }

    /** Whether a later commit stated the item's subject anew (the Java target restated), rather than undoing it. */
    public boolean restated() {
        return why.startsWith("superseded");
    }

    /** The mark a person reads: "stale since 1a2b3c4d5e6f: reverted". */
    public String mark() {
        return "stale since " + by.substring(0, Math.min(12, by.length())) + ": " + why;
    }
}
