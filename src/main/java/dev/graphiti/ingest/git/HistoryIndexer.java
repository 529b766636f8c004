package dev.graphiti.ingest.git;

import dev.graphiti.graph.IndexLedger;
import dev.graphiti.graph.PathRename;
import dev.graphiti.graph.SkipReason;
import dev.graphiti.ingest.ItemDraft;
import dev.graphiti.ingest.ItemSink;
import dev.graphiti.redact.Redactor;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * `graphiti index`: walks the commits HEAD has and earlier runs did not see, judges each with the
 * quality gate, and turns the kept ones into items. The walk is `HEAD --not <earlier tips>`, so it is
 * short after a normal commit, covers exactly the rewritten commits after a rebase, and ends at the
 * fork point on another branch; commits judged before (same sha, or same change key) are never
 * judged twice. The tip is recorded only after the walk completes, after git time's marks on the graph's items
 * ({@link Endings}) are written for what the walk saw.
 */
public final class HistoryIndexer {

    /** Earlier tips passed to git as exclusions; older ones only make a rare walk longer. */
    static final int TIP_LIMIT = 32;
    private static final int BATCH = 200;

    private final GitHistory history;
    private final IndexLedger ledger;
    private final ItemSink sink;
    private final CommitGate gate = new CommitGate();
    private final CommitDigest digest;

    public HistoryIndexer(GitHistory history, IndexLedger ledger, ItemSink sink, Redactor redactor) {
        this.history = history;
        this.ledger = ledger;
        this.sink = sink;
        this.digest = new CommitDigest(redactor);
    }

    public IndexReport index(IndexRequest request, IndexProgress progress) {
        Optional<String> head = history.head();
        if (head.isEmpty()) {
            return new IndexReport(null, 0, 0, 0, Map.of(), 0, 0, 0);
        }
        List<String> range = range(request, head.get());
        int total = progress == IndexProgress.NONE ? 0 : history.count(range);
        Walk walk = new Walk(progress, total);
        if (total > 0) {
            progress.advanced(0, total);
        }
        LogResult walked = history.log(range, walk::judge);
        walk.flush(); // a failed walk records nothing more; its unrecorded commits are judged again next run
        int marked = walk.walked == 0 ? 0 : sink.end(walk.endings.find(range, head.get()));
        ledger.recordTip(history.branch().orElse("HEAD"), head.get());
        return new IndexReport(head.get(), walk.indexed, walk.duplicates, walk.skipped, walk.skippedBy, walk.already,
                walked.diffsUnread(), marked);
    }

    private List<String> range(IndexRequest request, String head) {
        if (request.since() != null) {
            return GitHistory.rangeExcluding(head, List.of(history.resolve(request.since())));
        }
        return GitHistory.rangeExcluding(head, request.full() ? List.of() : ledger.tips(TIP_LIMIT));
    }

    /** The state of one walk: counters, and the judged commits and drafts not yet stored. */
    private final class Walk {
        final IndexProgress progress;
        final int total;
        final List<IndexLedger.Judged> pending = new ArrayList<>();
        final List<ItemDraft> drafts = new ArrayList<>();
        final List<GitCommit> drafted = new ArrayList<>();
        final Map<SkipReason, Integer> skippedBy = new EnumMap<>(SkipReason.class);
        final Set<String> keys = new HashSet<>(); // change keys of this walk: a cherry-pick inside the range counts once
        final List<PathRename> renames = new ArrayList<>();
        final Endings endings = new Endings(history.timeline(), ledger);
        int indexed;
        int duplicates;
        int skipped;
        int already;
        int walked;

        Walk(IndexProgress progress, int total) {
            this.progress = progress;
            this.total = total;
        }

        void judge(GitCommit commit) {
            // every commit's renames, kept or skipped: anchors follow a file whatever the commit that moved it
            commit.renames()
                    .forEach(file -> renames.add(new PathRename(file.previousPath(), file.path(), commit.authorTime())));
            endings.saw(commit);
            String key = ChangeKey.of(commit);
            if (!keys.add(key) || ledger.judged(commit.sha(), key)) {
                already++;
            } else {
                Optional<SkipReason> skip = gate.check(commit).filter(reason -> !endings.reverted(commit));
                if (skip.isPresent()) {
                    skipped++;
                    skippedBy.merge(skip.get(), 1, Integer::sum);
                    pending.add(new IndexLedger.Judged(commit.sha(), key, skip.get(), null));
                } else {
                    drafts.add(digest.draft(commit));
                    drafted.add(commit);
                }
                if (pending.size() + drafts.size() + renames.size() >= BATCH) {
                    flush();
                }
            }
            walked++;
            if (walked % 10 == 0 || walked == total) {
                progress.advanced(walked, total);
            }
        }

        /** Stores the drafts (one transaction), then records every judgment of the batch. */
        void flush() {
            if (!renames.isEmpty()) {
                sink.renamed(List.copyOf(renames));
                renames.clear();
            }
            if (!drafts.isEmpty()) {
                List<ItemSink.Stored> stored = sink.storeAll(List.copyOf(drafts));
                for (int i = 0; i < stored.size(); i++) {
                    if (stored.get(i).duplicate()) {
                        duplicates++;
                    } else {
                        indexed++;
                    }
                    GitCommit commit = drafted.get(i);
                    pending.add(new IndexLedger.Judged(commit.sha(), ChangeKey.of(commit), null, stored.get(i).itemId()));
                }
                drafts.clear();
                drafted.clear();
            }
            if (!pending.isEmpty()) {
                ledger.record(List.copyOf(pending));
                pending.clear();
            }
        }
    }
}
