package dev.graphiti.ingest;

import dev.graphiti.graph.EndedItem;
import dev.graphiti.graph.PathRename;
import java.util.ArrayList;
import java.util.List;

/** Where ingested items go: the graph, which redacts, deduplicates and stores them. */
@FunctionalInterface
public interface ItemSink {

    /** What happened to one draft. */
    record Stored(String itemId, boolean duplicate) {
    }

    /** Stores the draft (or finds it already stored) and says which item holds it. */
    Stored store(ItemDraft draft);

    /** Records renames git saw (old path to new path), so items anchored to a file follow it; a sink may ignore them. */
    default void renamed(List<PathRename> renames) {
    }

    /** Whether a stored item already says what {@code statement} says (then storing it again adds nothing). */
    default boolean known(String statement) {
        return false;
    }

    /** A rule stored from a conversation: a current decision or preference, and the session it came from. */
    record Settled(String id, String kind, String title, String content, String source) {
    }

    /** The newest current decisions and preferences captured from conversations, at most {@code limit}. */
    default List<Settled> settled(int limit) {
        return List.of();
    }

    /** Marks items git time ended (reverted, their files deleted, restated later); how many it marked. */
    default int end(List<EndedItem> endings) {
        return 0;
    }

    /** Stores several drafts, in order; a sink that can should do it in one transaction. */
    default List<Stored> storeAll(List<ItemDraft> drafts) {
        List<Stored> stored = new ArrayList<>();
        for (ItemDraft draft : drafts) {
            stored.add(store(draft));
        }
        return stored;
    }
}
