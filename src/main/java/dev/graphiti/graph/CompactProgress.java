package dev.graphiti.graph;

/** Told how a compaction advances once it has planned: {@code folded} of {@code total} items merged or collapsed. */
@FunctionalInterface
public interface CompactProgress {

    CompactProgress NONE = (folded, total) -> { };

    void advanced(int folded, int total);
}
