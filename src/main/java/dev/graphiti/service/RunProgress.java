package dev.graphiti.service;

/** Told how a run over a graph's items (embedding, migration) advances: its total once known, then every batch,
 * then that it ended. */
public interface RunProgress {

    /** {@code total} items are to be done; called only when there are some. */
    void started(int total);

    /** {@code count} more items are done. */
    void advanced(int count);

    /** The run ended, done or not. */
    void finished();
}
