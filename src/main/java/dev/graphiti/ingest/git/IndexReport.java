package dev.graphiti.ingest.git;

import dev.graphiti.graph.SkipReason;
import java.util.Map;

/**
 * The outcome of one index run: commits that became items (indexed), duplicates the graph already
 * held, commits the gate skipped (total and by reason), commits judged by an earlier run, and the
 * HEAD it started from (null in a repository without commits). diffsUnread counts walked commits kept without
 * their file list because git could not read their diff (a partial clone offline, a lost blob). markedStale counts
 * the items this run marked as ended by git time (reverted, files gone, restated).
 */
public record IndexReport(String head, int commitsIndexed, int duplicates, int skipped,
                          Map<SkipReason, Integer> skippedBy, int alreadyIndexed,
                          int diffsUnread, int markedStale) {

    public IndexReport {
        skippedBy = Map.copyOf(skippedBy);
    }

    public int walked() {
        return commitsIndexed + duplicates + skipped + alreadyIndexed;
    }
}
