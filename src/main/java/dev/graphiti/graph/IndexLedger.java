package dev.graphiti.graph;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * What the indexer remembers between runs, kept in the project database: every commit it has judged
 * (kept or skipped, by sha and by change key) and the tips it walked from. The tips make the next run
 * walk only `HEAD --not tips`; the judged commits make any walk idempotent, also after a rebase
 * rewrote shas (the change key stays) or git gc pruned an old tip (then the walk is longer, not wrong).
 */
public interface IndexLedger {

    /** One judged commit: skipReason null when it became item itemId. */
    record Judged(String sha, String changeKey, SkipReason skipReason, String itemId) {
    }

    /** Tips of earlier completed runs, most recent first, at most limit. */
    List<String> tips(int limit);

    /** Whether this commit, or the same change under another sha, was judged before. */
    boolean judged(String sha, String changeKey);

    /** The item each of {@code shas} became, for those judged and kept (a commit skipped or never seen: absent). */
    Map<String, String> itemsOf(Collection<String> shas);

    /** Records judged commits (a batch, in one transaction). */
    void record(List<Judged> commits);

    /** Remembers that a run starting at sha (on ref, e.g. a branch name or HEAD) completed. */
    void recordTip(String ref, String sha);
}
