package dev.graphiti.ingest;

import dev.graphiti.graph.AddResult;
import dev.graphiti.graph.ItemService;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.NewItem;
import java.util.Optional;

/** Stores drafts through the graph's item service, which redacts secrets and reports repeats. */
public final class GraphItemSink implements ItemSink {

    private final ItemService items;

    public GraphItemSink(ItemService items) {
        this.items = items;
    }

    @Override
    public Stored store(ItemDraft draft) {
        AddResult result = items.add(new NewItem(Kind.parse(draft.kind()), Optional.of(draft.title()), draft.content(),
                draft.tags(), draft.source(), Optional.empty(), Optional.ofNullable(draft.createdAt())));
        return new Stored(result.item().id(), result.duplicateOf().isPresent());
    }
}
