package dev.graphiti.store;

import dev.graphiti.graph.ItemRepository;
import dev.graphiti.ingest.IngestState;

/** A graph's items and its ingest state sharing one connection; closing this closes both. */
public record GraphDatabase(ItemRepository items, IngestState ingest) implements AutoCloseable {

    @Override
    public void close() {
        ingest.close();
        items.close();
    }
}
