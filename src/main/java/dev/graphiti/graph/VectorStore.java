package dev.graphiti.graph;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where one graph's passage vectors live, beside its items (the store package implements it on the same
 * SQLite file). Vectors belong to one model at a time: storing another model's replaces them all.
 */
public interface VectorStore extends AutoCloseable {

    /** Items after {@code afterSeq} that have no vectors of {@code model}, in storage order. */
    List<Unembedded> unembedded(String model, long afterSeq, int limit);

    /** How many items have no vectors of {@code model}. */
    int unembeddedCount(String model);

    /** Stores the vectors of {@code model} for these items in one transaction, first dropping another model's. */
    void put(String model, List<ItemVectors> items);

    /** Where the stored vectors stand: the model, the newest row, and how many rows were ever removed. */
    VectorState state();

    /** Stored rows with an id above {@code afterId}, in id order, at most {@code limit}. */
    List<StoredVector> after(long afterId, int limit);

    /** The items among {@code ids} that pass {@code filter}, by id. */
    Map<String, KnowledgeItem> items(Collection<String> ids, ItemFilter filter);

    /**
     * The ids among {@code ids} whose items pass {@code filter}, with each one's creation time (a ranking's
     * tie-breaker): what a ranking needs of items it may not keep, without reading them whole.
     */
    Map<String, Instant> passing(Collection<String> ids, ItemFilter filter);

    /**
     * Whether this store finds the nearest passages itself ({@link #nearest}: PostgreSQL with pgvector), so no
     * {@link VectorIndex} need hold its vectors in memory.
     */
    default boolean findsNearest() {
        return false;
    }

    /**
     * The items nearest {@code query} (a unit vector of {@code model}), each by its best passage, nearest first, at most
     * {@code limit}, when the store finds them itself; empty when the caller's {@link VectorIndex} is to.
     */
    default Optional<List<VectorIndex.Nearest>> nearest(String model, float[] query, int limit) {
        return Optional.empty();
    }

    /** The passage vectors stored in these rows (by the ids {@link #after} gave); a row deleted meanwhile is missing. */
    Map<Long, QuantizedVector> passages(long[] rows);

    /** The stored passage vectors of these items (by id) that are of {@code model}. */
    Map<String, List<QuantizedVector>> vectors(String model, Collection<String> ids);

    @Override
    void close();

    /** An item waiting for its vectors: what it is and where it came from decide what of it is embedded, and when. */
    record Unembedded(long seq, String kind, String source, String title, String content, String occasion) {

        private static final String GIT = "git:";

        /**
         * What of the item carries its meaning: a commit's title and message, not the file list, diffstat, modules
         * and sha its digest appends after the message's last blank line (anchors and lexical search cover those,
         * and their paths cost more tokens than the message). Any other item's occasion (what the work was when it
         * was settled) is embedded too, as a passage of its own.
         */
        public TextEncoder.ItemText text() {
            if (!source.startsWith(GIT)) {
                return new TextEncoder.ItemText(title, content, occasion == null ? "" : occasion);
            }
            int digest = content.lastIndexOf("\n\n");
            return new TextEncoder.ItemText(title, digest < 0 ? content : content.substring(0, digest));
        }

        /** A plain commit: embedded after the graph's knowledge (decisions, fixes, notes, conversations). */
        public boolean routineHistory() {
            return source.startsWith(GIT) && kind.equals("commit");
        }
    }

    /** One item's passage vectors. */
    record ItemVectors(long seq, List<QuantizedVector> passages) {
    }

    /** One stored passage vector and its item's id. */
    record StoredVector(long id, String item, QuantizedVector vector) {
    }

    /** Enough to tell whether vectors held in memory are still those stored. */
    record VectorState(String model, long newestId, long removed) {
    }
}
