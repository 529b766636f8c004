package dev.graphiti.service;

/** Told how an embedding run advances: its total once known, then every batch, then that it ended. */
public interface EmbeddingProgress {

    /** {@code total} items wait for their vectors; called only when there are some. */
    void started(int total);

    /** {@code count} more items have their vectors. */
    void advanced(int count);

    /** The run ended, done or not. */
    void finished();
}
