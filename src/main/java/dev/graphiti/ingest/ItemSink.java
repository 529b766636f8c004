package dev.graphiti.ingest;

/** Where ingested items go: the graph, which redacts, deduplicates and stores them. */
@FunctionalInterface
public interface ItemSink {

    /** What happened to one draft. */
    record Stored(String itemId, boolean duplicate) {
    }

    /** Stores the draft (or finds it already stored) and says which item holds it. */
    Stored store(ItemDraft draft);
}
