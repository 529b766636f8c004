package dev.graphiti.graph;

import java.util.List;
import java.util.Optional;

/**
 * What an add decides by, read under its claims: the current item with its content, the current items of its kind
 * with its title (a store may leave them out when {@code sameContent} is there), the item it replaces, and whether
 * the id it would take is taken.
 */
public record AddCandidates(Optional<KnowledgeItem> sameContent, List<KnowledgeItem> sameTitle,
                            Optional<KnowledgeItem> replaced, boolean idTaken) {

    public AddCandidates {
        sameTitle = List.copyOf(sameTitle);
    }
}
