package dev.graphiti.graph;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Where one graph's items live. The graph package owns this port; the store package implements it on
 * SQLite (a server database can implement it later). Reads see a consistent snapshot; writes go through
 * {@link #write}, one transaction that is retried as a whole while another process holds the lock.
 */
public interface ItemRepository extends AutoCloseable {

    /** Runs {@code work} in one write transaction; the work may run more than once, so it must not leak effects. */
    <T> T write(WriteWork<T> work);

    /**
     * Like {@link #write}, for work that reads and writes only what {@code claims} name (an add: its content, its
     * subject, the item it replaces): a store whose writers can run side by side makes only the writers sharing a
     * claim take turns, while every {@link #write} still waits for all of them; a store with one writer runs it as
     * {@link #write}.
     */
    default <T> T write(Set<String> claims, WriteWork<T> work) {
        return write(work);
    }

    Optional<KnowledgeItem> get(String id);

    List<KnowledgeItem> getAll(Collection<String> ids);

    /** Items whose id starts with {@code prefix}, at most {@code limit}. */
    List<KnowledgeItem> findByIdPrefix(String prefix, int limit);

    /** Items whose title equals {@code text} ignoring case, or failing that contains it; current ones first. */
    List<KnowledgeItem> findByTitle(String text, int limit);

    /** Newest first. */
    List<KnowledgeItem> list(ItemFilter filter, int limit);

    /** Full-text candidates, best first by weighted BM25 (title, content, tags, entities). */
    List<LexicalMatch> lexical(String matchExpression, ItemFilter filter, Optional<String> exactPhrase, int limit);

    /**
     * Like {@link #lexical} without a phrase, but only the {@code newest} items stored last are ranked: what a large
     * graph can afford when common words match most of it (BM25 costs about 1 µs per matching item).
     */
    List<LexicalMatch> lexicalAmongNewest(String matchExpression, ItemFilter filter, int newest, int limit);

    /**
     * How many items there are and how many items each FTS5 expression matches, counted up to {@code cap}: what
     * a query's words say (a word in few items says much) for scores that mean the same across queries.
     */
    TermCounts termCounts(List<String> matchExpressions, int cap);

    /**
     * For each of {@code ids} captured in a conversation, the items just before and after it in its thread that
     * pass {@code filter} (at most one each side); items outside a thread have none.
     */
    java.util.Map<String, List<KnowledgeItem>> neighbours(Collection<String> ids, ItemFilter filter);

    /** Newest first, like {@link #list}, as briefs: {@code limit} of them after skipping {@code offset}. */
    List<ItemBrief> briefs(ItemFilter filter, int offset, int limit);

    /**
     * Briefs of the items matching an FTS5 expression, most recently stored first, unranked: cheap at any
     * size (the match stops after the page's items that pass the filter), for "what mentions these" questions.
     */
    List<ItemBrief> newestMatching(String matchExpression, ItemFilter filter, int offset, int limit);

    /** Every item, superseded ones too, in storage order: at most {@code limit} after the one at {@code position}. */
    List<StoredItem> stored(long position, int limit);

    /** Where {@code id} sits in the conversation it was captured from; empty for an item outside a thread or unknown. */
    Optional<ThreadPosition> place(String id);

    /** The sources of what is stored without a person: capture and git indexing (the review queue's, which a store may index). */
    List<String> AUTOMATIC_SOURCES = List.of("capture:", "git:");

    /**
     * Current items stored by one of {@code sourcePrefixes} (a source starting with it), or flagged as instructions
     * (whatever their source), that do not carry {@code tag}, newest first: at most {@code limit} after skipping {@code offset} (the explorer's review queue, a page at a time).
     */
    List<KnowledgeItem> untagged(List<String> sourcePrefixes, String tag, int offset, int limit);

    /**
     * Current items anchored to {@code repositoryPath} (a work-tree-relative path, '/'-separated), newest first, at most
     * {@code limit}: what the PreToolUse hook tells the agent about a file it is about to touch.
     */
    List<KnowledgeItem> anchoredTo(String repositoryPath, int limit);

    /** Items sharing entities with {@code id}, most shared first. */
    List<RelatedItem> related(String id, int limit);

    /** What compact folded into {@code id}: merged duplicates and collapsed predecessors. */
    List<Provenance> provenance(String id);

    GraphStats stats(ItemFilter filter, int topEntities);

    /** The database's own checks: integrity, full-text index, schema version, sizes. */
    StoreHealth health(HealthDepth depth);

    /** Total bytes on disk (database plus write-ahead log). */
    long sizeOnDisk();

    /** Returns space to the file system after large removals. */
    void reclaimSpace();

    @Override
    void close();

    /** A unit of work inside one write transaction. */
    @FunctionalInterface
    interface WriteWork<T> {
        T run(ItemWriter writer);
    }
}
