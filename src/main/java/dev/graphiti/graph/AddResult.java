package dev.graphiti.graph;

import java.util.Optional;

/** The stored item (or the existing one it repeats, then {@code duplicateOf} is its id) and the secrets removed. */
public record AddResult(KnowledgeItem item, int redactions, Optional<String> duplicateOf) {
}
