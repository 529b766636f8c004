package dev.graphiti.store;

import dev.graphiti.graph.IngestState;
import dev.graphiti.graph.ItemRepository;
import dev.graphiti.graph.VectorStore;

/** A graph's items, its ingest state and its vectors sharing one connection; closing this closes them all. */
public record GraphDatabase(ItemRepository items, IngestState ingest, VectorStore vectors) implements AutoCloseable {

    @Override
    public void close() {
        vectors.close();
        ingest.close();
        items.close();
    }
}
