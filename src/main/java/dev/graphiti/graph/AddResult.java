package dev.graphiti.graph;

import java.util.Optional;

/**
 * The stored item (or the existing one it repeats, then {@code duplicateOf} is its id), the secrets removed,
 * and the item this add marked as replaced ({@code superseded}: the new item's predecessor, or the one a
 * repeat now replaces).
 */
public record AddResult(KnowledgeItem item, int redactions, Optional<String> duplicateOf, Optional<String> superseded) {
}
