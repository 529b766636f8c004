package dev.graphiti.explorer;

import dev.graphiti.graph.KnowledgeItem;
import java.util.List;

/** One page of the review queue: its items, where it starts, and whether older ones follow. */
record ReviewPage(List<KnowledgeItem> items, int offset, boolean more) {

    ReviewPage {
        items = List.copyOf(items);
    }
}
