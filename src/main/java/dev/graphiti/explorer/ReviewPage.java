package dev.graphiti.explorer;

import dev.graphiti.graph.KnowledgeItem;
import java.util.List;

/** One page of the review queue: its items, where it starts, and whether older ones follow. */
public record ReviewPage(List<KnowledgeItem> items, int offset, boolean more) {

    public ReviewPage {
        items = List.copyOf(items);
    }
}
