package dev.graphiti.graph;

/**
 * What git indexing and transcript capture keep in the graph's database (implemented by the store); close it when
 * done.
 */
public interface IngestState extends IndexLedger, CapturePositions, AutoCloseable {

    @Override
    void close();
}
