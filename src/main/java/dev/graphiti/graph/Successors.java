package dev.graphiti.graph;

import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What holds instead of an ended item: the item its ending names when that states what holds instead (the commit that
 * restated or reverted it, found by its sha through the index ledger; or an item by id; not the commit that deleted its
 * files), followed while that one is ended too, up to the first that holds at the moment asked about.
 */
public final class Successors {

    /** Endings followed at most: a chain of restatements is a handful long. */
    static final int HOPS = 8;

    private final IndexLedger ledger;
    private final VectorStore items;

    /** @param items reads items by id under a filter (the store's, as the rankings read them) */
    public Successors(IndexLedger ledger, VectorStore items) {
        this.ledger = ledger;
        this.items = items;
    }

    /** For each of {@code ended} stale at {@code moment}, by its id, the item that holds then and passes {@code filter}. */
    Map<String, KnowledgeItem> holdingAt(Collection<KnowledgeItem> ended, Instant moment, ItemFilter filter) {
        // Walk without the as-of bound: an intermediate statement ended before the moment is still a link.
        ItemFilter links = filter.asOf(Optional.empty());
        Map<String, KnowledgeItem> successors = new HashMap<>();
        Map<String, KnowledgeItem> walking = new HashMap<>();
        ended.forEach(item -> walking.put(item.id(), item));
        Set<String> seen = new HashSet<>(walking.keySet());
        for (int hop = 0; hop < HOPS && !walking.isEmpty(); hop++) {
            Map<String, KnowledgeItem> next = next(walking.values(), links);
            Map<String, KnowledgeItem> still = new HashMap<>();
            walking.forEach((origin, item) -> {
                KnowledgeItem successor = next.get(item.id());
                if (successor == null || !seen.add(origin + " " + successor.id())) {
                    return;
                }
                if (successor.staleAt(moment)) {
                    still.put(origin, successor);
                } else {
                    successors.put(origin, successor);
                }
            });
            walking.clear();
            walking.putAll(still);
        }
        return successors;
    }

    /** Each of {@code ended}'s successor by the ended item's id. */
    private Map<String, KnowledgeItem> next(Collection<KnowledgeItem> ended, ItemFilter filter) {
        Set<String> by = new LinkedHashSet<>();
        ended.forEach(item -> item.ended().filter(Ending::replaced).ifPresent(ending -> by.add(ending.by())));
        Map<String, String> commits = ledger.itemsOf(by);
        Set<String> ids = new LinkedHashSet<>(commits.values());
        ids.addAll(by); // an ending that names an item by its id
        Map<String, KnowledgeItem> read = items.items(List.copyOf(ids), filter);
        Map<String, KnowledgeItem> next = new HashMap<>();
        for (KnowledgeItem item : ended) {
            String named = item.ended().filter(Ending::replaced).map(Ending::by).orElse("");
            KnowledgeItem successor = read.get(commits.getOrDefault(named, named));
            if (successor != null && !successor.id().equals(item.id())) {
                next.put(item.id(), successor);
            }
        }
        return next;
    }
}
