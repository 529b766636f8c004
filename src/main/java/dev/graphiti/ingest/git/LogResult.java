package dev.graphiti.ingest.git;

/** One walk of the history: the commits handed over, and how many of them came without a file list because git could not read their diff. */
public record LogResult(int commits, int diffsUnread) {
}
