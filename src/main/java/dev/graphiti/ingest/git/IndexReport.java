package dev.graphiti.ingest.git;

import dev.graphiti.graph.SkipReason;
import java.util.Map;

/**
 * The outcome of one index run: commits that became items (indexed), duplicates the graph already
 * held, commits the gate skipped (total and by reason), commits judged by an earlier run, and the
 * HEAD it started from (null in a repository without commits).
 */
public record IndexReport(String head, int commitsIndexed, int duplicates, int skipped,
                          Map<SkipReason, Integer> skippedBy, int alreadyIndexed) {

    public IndexReport {
        skippedBy = Map.copyOf(skippedBy);
    }

    public int walked() {
        return commitsIndexed + duplicates + skipped + alreadyIndexed;
    }
}
