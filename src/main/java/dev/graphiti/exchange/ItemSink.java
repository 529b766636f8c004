package dev.graphiti.exchange;

import dev.graphiti.graph.Provenance;
import dev.graphiti.graph.StoredItem;
import java.util.List;

/** Where an export writes: items in storage order, then {@link #finish} (which writes what it held back). */
public interface ItemSink extends AutoCloseable {

    void write(StoredItem item, List<Provenance> provenance);

    /** Completes the export; nothing is in place before this returns. How many records (lines, files) it wrote. */
    int finish();

    /** Removes what an unfinished export left. */
    @Override
    void close();
}
