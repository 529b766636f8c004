package dev.graphiti.graph;

import java.util.Optional;

/** An item with what a full export keeps beside it: its position in storage order and its place in a conversation. */
public record StoredItem(long position, KnowledgeItem item, Optional<ThreadPosition> place) {
}
