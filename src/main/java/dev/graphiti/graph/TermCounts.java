package dev.graphiti.graph;

import java.util.List;

/**
 * How many items there are and how many match each of a query's terms (counted up to a cap: beyond it a term is
 * common enough that its exact count no longer changes how little it says).
 */
public record TermCounts(long items, List<Integer> documents) {

    public TermCounts {
        documents = List.copyOf(documents);
    }
}
