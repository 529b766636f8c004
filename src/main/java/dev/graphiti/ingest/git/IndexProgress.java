package dev.graphiti.ingest.git;

/** Told how an index run advances, for a progress line on a terminal. */
@FunctionalInterface
public interface IndexProgress {

    IndexProgress NONE = (walked, total) -> { };

    /** walked of total commits in the range have been judged. */
    void advanced(int walked, int total);
}
