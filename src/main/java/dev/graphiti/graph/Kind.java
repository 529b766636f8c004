package dev.graphiti.graph;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** What an item is. The priority lifts durable knowledge (decisions, architecture) above notes in search. */
public enum Kind {
    decision(1.0),
    architecture(1.0),
    bugfix(0.8),
    preference(0.75),
    pattern(0.7),
    note(0.5),
    commit(0.4),
    conversation(0.3);

    private final double priority;

    Kind(double priority) {
        this.priority = priority;
    }

    /** Between 0 and 1; higher ranks first when relevance is equal. */
    public double priority() {
        return priority;
    }

    /** Parses a kind name case-insensitively; the message lists the valid names. */
    public static Kind parse(String name) {
        try {
            return valueOf(name.trim().toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("unknown kind '" + name + "'; use one of " + names());
        }
    }

    public static String names() {
        return Arrays.stream(values()).map(Enum::name).collect(Collectors.joining(", "));
    }
}
