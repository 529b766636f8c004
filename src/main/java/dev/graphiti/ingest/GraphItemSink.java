package dev.graphiti.ingest;

import dev.graphiti.graph.AddResult;
import dev.graphiti.graph.EndedItem;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.ItemService;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.NewItem;
import dev.graphiti.graph.PathRename;
import dev.graphiti.redact.Redactor;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Stores drafts through the graph's item service, which reports repeats. Title and content are
 * redacted here first, so what git messages and conversations carry is clean whatever the graph's
 * own redaction is configured to do.
 */
public final class GraphItemSink implements ItemSink {

    private final ItemService items;
    private final Redactor redactor;

    public GraphItemSink(ItemService items, Redactor redactor) {
        this.items = items;
        this.redactor = redactor;
    }

    @Override
    public Stored store(ItemDraft draft) {
        return stored(items.add(request(draft)));
    }

    /** One transaction for the whole batch (the indexer hands over a few hundred commits at a time). */
    @Override
    public List<Stored> storeAll(List<ItemDraft> drafts) {
        return items.addAll(drafts.stream().map(this::request).toList()).stream()
                .map(GraphItemSink::stored).toList();
    }

    @Override
    public void renamed(List<PathRename> renames) {
        items.renamed(renames);
    }

    @Override
    public int end(List<EndedItem> endings) {
        return items.end(endings);
    }

    @Override
    public boolean known(String statement) {
        return items.restated(redactor.redact(statement).text()).isPresent();
    }

    @Override
    public List<Settled> settled(int limit) {
        ItemFilter filter = new ItemFilter(Set.of(Kind.decision, Kind.preference), Optional.of("capture"),
                Optional.empty(), Optional.empty(), false);
        return items.list(filter, limit).stream()
                .map(item -> new Settled(item.id(), item.kind().name(), item.title(), item.content(), item.source())).toList();
    }

    private NewItem request(ItemDraft draft) {
        return new NewItem(Kind.parse(draft.kind()), Optional.of(redactor.redact(draft.title()).text()),
                redactor.redact(draft.content()).text(), draft.tags(), draft.source(), draft.supersedes(),
                Optional.ofNullable(draft.createdAt()), draft.place(), draft.anchors(),
                redactor.redact(draft.occasion()).text());
    }

    private static Stored stored(AddResult result) {
        return new Stored(result.item().id(), result.duplicateOf().isPresent());
    }
}
