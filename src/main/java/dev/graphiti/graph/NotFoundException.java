package dev.graphiti.graph;

import java.util.List;

/** No item, or more than one, matched a reference; {@code candidates} lists the ambiguous matches. */
public final class NotFoundException extends GraphException {

    private final List<KnowledgeItem> candidates;

    public NotFoundException(String message, List<KnowledgeItem> candidates) {
        super(message);
        this.candidates = List.copyOf(candidates);
    }

    public List<KnowledgeItem> candidates() {
        return candidates;
    }
}
