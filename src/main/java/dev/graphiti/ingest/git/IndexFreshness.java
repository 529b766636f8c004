package dev.graphiti.ingest.git;

import dev.graphiti.graph.IndexLedger;
import java.util.List;
import java.util.Optional;

/**
 * Whether the project's HEAD is indexed: every commit it reaches lies behind the tip of a completed
 * index run. For `health` and the context resource, which tell the agent to run `graphiti index`.
 */
public record IndexFreshness(String head, int unindexedCommits, boolean everIndexed) {

    public boolean headIndexed() {
        return unindexedCommits == 0;
    }

    /** Empty in a repository without commits. */
    public static Optional<IndexFreshness> of(GitHistory history, IndexLedger ledger) {
        return of(history.head(), history, ledger);
    }

    /**
     * The same for a HEAD already read (e.g. from git status). When HEAD is the tip of a completed run, the
     * usual case, no git process starts: a context read must stay within milliseconds.
     */
    public static Optional<IndexFreshness> of(Optional<String> head, GitHistory history, IndexLedger ledger) {
        if (head.isEmpty()) {
            return Optional.empty();
        }
        List<String> tips = ledger.tips(HistoryIndexer.TIP_LIMIT);
        if (tips.contains(head.get())) {
            return Optional.of(new IndexFreshness(head.get(), 0, true));
        }
        return Optional.of(new IndexFreshness(head.get(), history.count(GitHistory.rangeExcluding(head.get(), tips)),
                !tips.isEmpty()));
    }

    /** One line for a person or an agent. */
    public String describe() {
        String shortHead = head.substring(0, Math.min(12, head.length()));
        if (headIndexed()) {
            return "HEAD " + shortHead + " is indexed";
        }
        if (!everIndexed) {
            return "git history is not indexed yet (" + unindexedCommits
                    + (unindexedCommits == 1 ? " commit" : " commits") + "); run `graphiti index`";
        }
        return "HEAD " + shortHead + " is not indexed: " + unindexedCommits
                + (unindexedCommits == 1 ? " commit" : " commits") + " since the last run; run `graphiti index`";
    }
}
