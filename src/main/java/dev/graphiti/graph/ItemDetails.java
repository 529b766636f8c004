package dev.graphiti.graph;

import java.util.List;

/** One item with what surrounds it: its supersession chain (oldest first), related items and provenance. */
public record ItemDetails(KnowledgeItem item, List<KnowledgeItem> chain, List<RelatedItem> related,
                          List<Provenance> provenance) {

    public ItemDetails {
        chain = List.copyOf(chain);
        related = List.copyOf(related);
        provenance = List.copyOf(provenance);
    }
}
