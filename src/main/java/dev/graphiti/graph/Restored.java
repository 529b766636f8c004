package dev.graphiti.graph;

/** What storing one {@link ItemRecord} did, and the id of the item that holds it now. */
public record Restored(Outcome outcome, String id) {

    public enum Outcome {
        /** Stored as a new item. */
        STORED,
        /** An item with the record's id is stored already (an earlier import of the same file); nothing changed. */
        PRESENT,
        /** A current item with the same content is stored already under another id; nothing changed. */
        DUPLICATE,
        /** An edited copy of the current item with the record's id: stored as a new item (this id) replacing it. */
        REPLACED
    }
}
