package dev.graphiti.graph;

/** A graph's items, its ingest state and its vectors sharing one connection; closing this closes them all. */
public record GraphDatabase(ItemRepository items, IngestState ingest, VectorStore vectors) implements AutoCloseable {

    @Override
    public void close() {
        vectors.close();
        ingest.close();
        items.close();
    }
}
