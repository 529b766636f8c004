package dev.graphiti.ingest;

import dev.graphiti.ingest.git.IndexLedger;
import dev.graphiti.ingest.transcript.CapturePositions;

/** What indexing and capture keep in the graph's database; close it when done. */
public interface IngestState extends IndexLedger, CapturePositions, AutoCloseable {

    @Override
    void close();
}
