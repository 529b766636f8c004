package dev.graphiti.ingest.git;

/** How far back `graphiti index` walks: since the last run (default), everything, or since a revision. */
public record IndexRequest(boolean full, String since) {

    public IndexRequest {
        if (full && since != null) {
            throw new IllegalArgumentException("--full and --since exclude each other");
        }
        if (since != null && since.isBlank()) {
            throw new IllegalArgumentException("--since needs a revision");
        }
    }

    public static IndexRequest incremental() {
        return new IndexRequest(false, null);
    }
}
