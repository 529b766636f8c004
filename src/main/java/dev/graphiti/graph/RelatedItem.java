package dev.graphiti.graph;

/** An item that mentions some of the same entities. */
public record RelatedItem(String id, Kind kind, String title, int sharedEntities) {
}
