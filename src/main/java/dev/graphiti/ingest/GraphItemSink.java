package dev.graphiti.ingest;

import dev.graphiti.graph.AddResult;
import dev.graphiti.graph.ItemService;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.NewItem;
import java.util.List;
import java.util.Optional;

/** Stores drafts through the graph's item service, which redacts secrets and reports repeats. */
public final class GraphItemSink implements ItemSink {

    private final ItemService items;

    public GraphItemSink(ItemService items) {
        this.items = items;
    }

    @Override
    public Stored store(ItemDraft draft) {
        return stored(items.add(request(draft)));
    }

    /** One transaction for the whole batch (the indexer hands over a few hundred commits at a time). */
    @Override
    public List<Stored> storeAll(List<ItemDraft> drafts) {
        return items.addAll(drafts.stream().map(GraphItemSink::request).toList()).stream()
                .map(GraphItemSink::stored).toList();
    }

    private static NewItem request(ItemDraft draft) {
        return new NewItem(Kind.parse(draft.kind()), Optional.of(draft.title()), draft.content(), draft.tags(),
                draft.source(), Optional.empty(), Optional.ofNullable(draft.createdAt()));
    }

    private static Stored stored(AddResult result) {
        return new Stored(result.item().id(), result.duplicateOf().isPresent());
    }
}
