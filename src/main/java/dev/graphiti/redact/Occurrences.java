package dev.graphiti.redact;

import java.util.List;

/**
 * Where any of a few lower-case literals starts in a lower-cased text, in increasing order. Each literal's
 * next position is remembered, so walking the whole text costs one forward {@code indexOf} pass per literal.
 */
final class Occurrences {

    private final String lowerCase;
    private final String[] literals;
    private final int[] next;

    Occurrences(String lowerCase, List<String> literals) {
        this.lowerCase = lowerCase;
        this.literals = literals.toArray(String[]::new);
        this.next = new int[this.literals.length];
        for (int i = 0; i < next.length; i++) {
            next[i] = lowerCase.indexOf(this.literals[i]);
        }
    }

    /** The first position at or after {@code from} where a literal starts, or -1; {@code from} never decreases. */
    int next(int from) {
        int first = -1;
        for (int i = 0; i < next.length; i++) {
            if (next[i] >= 0 && next[i] < from) {
                next[i] = lowerCase.indexOf(literals[i], from);
            }
            if (next[i] >= 0 && (first < 0 || next[i] < first)) {
                first = next[i];
            }
        }
        return first;
    }
}
