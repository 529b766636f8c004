package dev.graphiti.store.jdbc;

import dev.graphiti.graph.GraphStats;
import dev.graphiti.graph.ItemBrief;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.ItemRepository;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.Provenance;
import dev.graphiti.graph.RelatedItem;
import dev.graphiti.graph.StoredItem;
import dev.graphiti.graph.ThreadPosition;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An {@link ItemRepository} whose reads by id, title, filter and storage order are {@link ItemReads}'s: a store's
 * repository says which ItemReads (its connection and dialect) and implements the rest (full-text search, upkeep,
 * writes) itself. A store that reads faster its own way overrides the method (SQLite's unfiltered stats).
 */
public interface SharedReads extends ItemRepository {

    /** The shared reads, on this repository's connection. */
    ItemReads reads();

    @Override
    default Optional<KnowledgeItem> get(String id) {
        return reads().get(id);
    }

    @Override
    default List<KnowledgeItem> getAll(Collection<String> ids) {
        return reads().getAll(ids);
    }

    @Override
    default List<KnowledgeItem> findByIdPrefix(String prefix, int limit) {
        return reads().findByIdPrefix(prefix, limit);
    }

    @Override
    default List<KnowledgeItem> findByTitle(String text, int limit) {
        return reads().findByTitle(text, limit);
    }

    @Override
    default List<KnowledgeItem> list(ItemFilter filter, int limit) {
        return reads().list(filter, limit);
    }

    @Override
    default Map<String, List<KnowledgeItem>> neighbours(Collection<String> ids, ItemFilter filter) {
        return reads().neighbours(ids, filter);
    }

    @Override
    default List<ItemBrief> briefs(ItemFilter filter, int offset, int limit) {
        return reads().briefs(filter, offset, limit);
    }

    @Override
    default List<StoredItem> stored(long position, int limit) {
        return reads().stored(position, limit);
    }

    @Override
    default Optional<ThreadPosition> place(String id) {
        return reads().place(id);
    }

    @Override
    default List<KnowledgeItem> anchoredTo(String repositoryPath, int limit) {
        return reads().anchoredTo(repositoryPath, limit);
    }

    @Override
    default List<RelatedItem> related(String id, int limit) {
        return reads().related(id, limit);
    }

    @Override
    default List<Provenance> provenance(String id) {
        return reads().provenance(id);
    }

    @Override
    default GraphStats stats(ItemFilter filter, int topEntities) {
        return reads().stats(filter, topEntities);
    }
}
