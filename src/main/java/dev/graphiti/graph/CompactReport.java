package dev.graphiti.graph;

/**
 * What compact did (or, for a dry run, would do): duplicates merged into a surviving item, superseded
 * items collapsed into their chain's current item, rows removed, and the database size around it.
 */
public record CompactReport(boolean dryRun, int merged, int superseded, int removed, long bytesBefore, long bytesAfter) {
}
