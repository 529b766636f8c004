package dev.graphiti.service;

import dev.graphiti.graph.AddResult;
import dev.graphiti.graph.CompactProgress;
import dev.graphiti.graph.CompactReport;
import dev.graphiti.graph.Compactor;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.ItemDetails;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.ItemRecord;
import dev.graphiti.graph.ItemService;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.NewItem;
import dev.graphiti.graph.NotFoundException;
import dev.graphiti.graph.Restored;
import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * `graphiti add`, `list`, `show`, `delete` and `compact`: one graph opened per operation, secrets redacted before
 * anything is stored, content up to the configured size.
 */
public final class Items {

    private final Graphs graphs;
    private final Clock clock;
    private final int maxContentBytes;

    public Items(Graphs graphs, Clock clock, int maxContentBytes) {
        this.graphs = graphs;
        this.clock = clock;
        this.maxContentBytes = maxContentBytes;
    }

    /**
     * Stores {@code item} (a repeat answers with the item already stored); {@code supersedes} names the item it
     * replaces as {@link #show} accepts it (an id, a unique id prefix or a title).
     */
    public AddResult add(GraphLocation location, NewItem item, Optional<String> supersedes) {
        try (OpenGraph graph = graphs.open(location)) {
            ItemService items = graph.items(clock, maxContentBytes);
            Optional<String> replaced = supersedes.map(reference -> items.resolve(reference).id());
            return items.add(new NewItem(item.kind(), item.title(), item.content(), item.tags(), item.source(), replaced,
                    item.createdAt(), item.place(), item.anchors()));
        }
    }

    /** At most {@code limit} items the filter lets through, newest first. */
    public List<KnowledgeItem> list(GraphLocation location, ItemFilter filter, int limit) {
        try (OpenGraph graph = graphs.open(location)) {
            return graph.items(clock, maxContentBytes).list(filter, limit);
        }
    }

    /**
     * Current items stored by one of {@code sourcePrefixes} without {@code tag}, newest first, {@code limit} after
     * {@code offset}.
     */
    public List<KnowledgeItem> untagged(GraphLocation location, List<String> sourcePrefixes, String tag, int offset, int limit) {
        try (OpenGraph graph = graphs.open(location)) {
            return graph.repository().untagged(sourcePrefixes, tag, offset, limit);
        }
    }

    /** Items that mention the entity {@code name}, newest first. */
    public List<KnowledgeItem> mentioning(GraphLocation location, String name, ItemFilter filter, int limit) {
        try (OpenGraph graph = graphs.open(location)) {
            return graph.items(clock, maxContentBytes).mentioning(name, filter, limit);
        }
    }

    /** The item {@code reference} names (an id, a unique id prefix or a title) with its chain, relations and provenance. */
    public ItemDetails show(GraphLocation location, String reference) {
        try (OpenGraph graph = graphs.open(location)) {
            ItemService items = graph.items(clock, maxContentBytes);
            return items.details(items.resolve(reference));
        }
    }

    /**
     * Deletes the items {@code references} name (ids or unique id prefixes), all or none: every reference is resolved
     * first, then {@code confirmed} sees the items. The ids deleted, or empty when not confirmed.
     */
    public Optional<List<String>> delete(GraphLocation location, Collection<String> references,
                                         Predicate<List<KnowledgeItem>> confirmed) {
        try (OpenGraph graph = graphs.open(location)) {
            ItemService items = graph.items(clock, maxContentBytes);
            List<KnowledgeItem> found = items.resolveForDelete(references);
            if (!confirmed.test(found)) {
                return Optional.empty();
            }
            items.delete(found);
            return Optional.of(found.stream().map(KnowledgeItem::id).distinct().toList());
        }
    }

    /**
     * Adds {@code add} to the tags of the item {@code id} and removes {@code remove} from them (the explorer's review
     * marks); the item as it is after.
     */
    public KnowledgeItem retag(GraphLocation location, String id, List<String> add, List<String> remove) {
        try (OpenGraph graph = graphs.open(location)) {
            return graph.repository().write(writer -> {
                KnowledgeItem item = writer.get(id).orElseThrow(() -> new NotFoundException("no item has id '" + id + "'", List.of()));
                java.util.LinkedHashSet<String> tags = new java.util.LinkedHashSet<>(item.tags());
                tags.addAll(add);
                tags.removeAll(remove);
                writer.updateTagsAndEntities(id, List.copyOf(tags), item.entities());
                return writer.get(id).orElseThrow();
            });
        }
    }

    /**
     * The record that would store the item {@code id} again exactly as it is now, to undo its deletion: with its
     * dates, supersession, provenance and its place in the conversation it was captured from.
     */
    public ItemRecord snapshot(GraphLocation location, String id) {
        try (OpenGraph graph = graphs.open(location)) {
            KnowledgeItem item = graph.repository().get(id)
                    .orElseThrow(() -> new NotFoundException("no item has id '" + id + "'", List.of()));
            return ItemRecord.of(item, graph.repository().provenance(id), graph.repository().place(id));
        }
    }

    /** Stores {@code record} again (an undone delete); what storing it did. */
    public Restored restore(GraphLocation location, ItemRecord record) {
        try (OpenGraph graph = graphs.open(location)) {
            ItemService items = graph.items(clock, maxContentBytes);
            return items.restore(List.of(items.check(record))).get(0);
        }
    }

    /** Merges duplicates and collapses supersession chains (kept as provenance), then reclaims space; or only tells. */
    public CompactReport compact(GraphLocation location, boolean dryRun) {
        return compact(location, dryRun, CompactProgress.NONE);
    }

    /** {@link #compact(GraphLocation, boolean)}, telling {@code progress} of each item folded. */
    public CompactReport compact(GraphLocation location, boolean dryRun, CompactProgress progress) {
        try (OpenGraph graph = graphs.open(location)) {
            return new Compactor(graph.repository(), clock).compact(dryRun, progress);
        }
    }
}
