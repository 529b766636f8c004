package dev.graphiti.ingest.git;

import dev.graphiti.graph.EndedItem;
import dev.graphiti.graph.Ending;
import dev.graphiti.graph.IndexLedger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Git time's marks on indexed commits (docs/git-history.md, "Freshness"): a revert ends the item of the commit it
 * reverts; a later statement of the same subject ({@link RestatedSubject}) ends the earlier one; the files a commit
 * concerned all gone at HEAD (deleted, or moved and deleted since: a move alone keeps the knowledge) end it from the
 * commit that removed the last of them; most of the lines of its files at the commit gone at HEAD end it from the commit
 * past which they were ({@link Rewrites}). Each
 * ending is at the ending commit's committer time, so an as-of read before it still sees the item. Marks are found
 * for the commits of a walk (all of them after `index --full`) and written once: the first ending stands.
 */
final class Endings {

    /** A commit named by its id in a revert's message: git's "This reverts commit X", "Backs out commit X", "Undo X". */
    private static final Pattern REVERTS = Pattern.compile(
            "\\b(?:reverts|backs out|undoes) commit ((?=[0-9a-f]*\\d)[0-9a-f]{7,40})\\b"
                    + "|^(?:revert|back ?out|undo)(?:s|ed)?:?\\s+(?:commit\\s+)?((?=[0-9a-f]*\\d)[0-9a-f]{7,40})\\b",
            Pattern.CASE_INSENSITIVE);
    /** A commit named by its subject: "Revert \"subject\"" with nothing else to go by, "Back out \"subject\"". */
    private static final Pattern REVERTS_SUBJECT = Pattern.compile("^(?:revert|back ?out|undo)(?:s|ed)?:?\\s+\"(.+)\"\\s*$",
            Pattern.CASE_INSENSITIVE);
    /** A commit id written out whole: one git no longer has still names exactly one commit. */
    private static final Pattern FULL_ID = Pattern.compile("[0-9a-fA-F]{40}");
    /** Past this many gone files, the commits touching them are not looked up (a command line's size). */
    private static final int GONE_PATHS_CAP = 5_000;

    private final GitTimeline timeline;
    private final IndexLedger ledger;
    /**
     * What the walk saw: each revert's sha and the commits it names (as written, or found by its subject). A squash
     * merge's message names as many as its branch reverted.
     */
    private final Map<String, List<String>> reverts = new LinkedHashMap<>();
    /** Every path a walked commit changed: the items about them are the ones {@link Rewrites} checks again. */
    private final Set<String> touched = new HashSet<>();
    /** Reverts that name a subject not yet found in the walk (newest first: the commit comes after its revert). */
    private final Map<String, String> subjects = new LinkedHashMap<>();

    Endings(GitTimeline timeline, IndexLedger ledger) {
        this.timeline = timeline;
        this.ledger = ledger;
    }

    /** Notes a walked commit (kept, skipped or judged before alike). */
    void saw(GitCommit commit) {
        commit.files().forEach(file -> touched.add(file.path()));
        String revert = subjects.remove(commit.subject());
        if (revert != null) {
            reverts.computeIfAbsent(revert, r -> new ArrayList<>()).add(commit.sha());
        }
        Matcher named = REVERTS.matcher(commit.message());
        List<String> undone = new ArrayList<>();
        while (named.find()) {
            undone.add(named.group(1) != null ? named.group(1) : named.group(2));
        }
        Matcher quoted = REVERTS_SUBJECT.matcher(commit.subject());
        if (!undone.isEmpty()) {
            reverts.put(commit.sha(), undone);
        } else if (quoted.find()) {
            subjects.putIfAbsent(quoted.group(1), commit.sha());
        }
    }

    /**
     * Whether a revert the walk saw names {@code commit}: it is kept whatever the gate says of it (a one-line build
     * change, a formatting run), so that the revert has an item to mark.
     */
    boolean reverted(GitCommit commit) {
        return reverts.values().stream().flatMap(List::stream).anyMatch(commit.sha()::startsWith);
    }

    /** The marks the walked range {@code range} gives, at HEAD {@code head}. */
    List<EndedItem> find(List<String> range, String head) {
        List<Mark> marks = new ArrayList<>();
        marks.addAll(reverted());
        marks.addAll(restated(head));
        Set<String> present = timeline.paths(head);
        marks.addAll(filesGone(range, present, head));
        try {
            for (Rewrites.Rewrite rewrite : new Rewrites(timeline, ledger).find(touched, head, present)) {
                marks.add(new Mark(rewrite.sha(), rewrite.ending(), rewrite.by()));
            }
        } catch (GitException unreadable) {
            // counting lines reads blobs: a repository that lost one (a partial clone offline) keeps its other marks
        }
        Map<String, String> items = ledger.itemsOf(marks.stream().map(Mark::sha).collect(Collectors.toSet()));
        Map<String, EndedItem> endings = new LinkedHashMap<>();
        for (Mark mark : marks) {
            String item = items.get(mark.sha);
            if (item != null) {
                endings.putIfAbsent(item, new EndedItem(item, mark.ending, mark.at.at()));
            }
        }
        return List.copyOf(endings.values());
    }

    /** A commit's item to end: by which commit, how, and when. */
    private record Mark(String sha, Ending ending, GitTimeline.Dated at) {
    }

    /**
     * Each reverted commit ended by its revert, oldest revert first; a revert of a revert puts the original back (it
     * holds again, unmarked) and ends the first revert. A commit git no longer has (a squash-merged branch's, deleted
     * and collected since) is named by its full id: its item, indexed while the branch lived, is the ledger's.
     */
    private List<Mark> reverted() {
        subjects.forEach((subject, revert) -> before(revert, subject)
                .ifPresent(sha -> reverts.computeIfAbsent(revert, r -> new ArrayList<>()).add(sha)));
        subjects.clear();
        if (reverts.isEmpty()) {
            return List.of();
        }
        Map<String, GitTimeline.Dated> revertCommits = timeline.commits(reverts.keySet());
        Map<String, GitTimeline.Dated> targets = timeline.commits(
                reverts.values().stream().flatMap(List::stream).collect(Collectors.toSet()));
        List<Mark> undone = new ArrayList<>();
        reverts.forEach((revert, named) -> {
            GitTimeline.Dated by = revertCommits.get(revert);
            for (String sha : named) {
                GitTimeline.Dated target = targets.get(sha);
                String full = target != null ? target.sha() : FULL_ID.matcher(sha).matches() ? sha : null;
                if (by != null && full != null) {
                    undone.add(new Mark(full.toLowerCase(Locale.ROOT), new Ending(revert, "reverted"), by));
                }
            }
        });
        undone.sort(Comparator.comparing((Mark mark) -> mark.at.at()));
        Map<String, Mark> standing = new LinkedHashMap<>();
        for (Mark mark : undone) {
            Mark original = standing.values().stream().filter(m -> m.ending.by().equals(mark.sha)).findFirst().orElse(null);
            if (original != null) {
                standing.remove(original.sha); // its revert is reverted: the original holds again
            }
            standing.put(mark.sha, mark);
        }
        return List.copyOf(standing.values());
    }

    /** The newest commit before {@code revert} whose subject is {@code subject}: one an earlier index walked. */
    private Optional<String> before(String revert, String subject) {
        return timeline.log(List.of("-n", "50", "-F", "--grep=" + subject, revert + "~1"), false).stream()
                .filter(commit -> commit.subject().equals(subject)).map(GitTimeline.Dated::sha).findFirst();
    }

    /** Each statement of a subject ended by the next one (oldest first). */
    private List<Mark> restated(String head) {
        Map<String, List<GitTimeline.Dated>> bySubject = new HashMap<>();
        for (GitTimeline.Dated commit : timeline.log(List.of("--no-merges", head), false)) {
            RestatedSubject.of(commit.subject()).ifPresent(subject ->
                    bySubject.computeIfAbsent(subject, s -> new ArrayList<>()).add(commit));
        }
        List<Mark> marks = new ArrayList<>();
        bySubject.forEach((subject, statements) -> {
            statements.sort(Comparator.comparing(GitTimeline.Dated::at));
            for (int i = 0; i + 1 < statements.size(); i++) {
                GitTimeline.Dated next = statements.get(i + 1);
                marks.add(new Mark(statements.get(i).sha(), new Ending(next.sha(), "superseded: " + subject
                        + " restated (\"" + next.subject() + "\")"), next));
            }
        });
        return marks;
    }

    /**
     * Commits whose every file is gone at HEAD, ended by the removal of the last of them: the files a commit concerned
     * are read from git here. When items carry anchors, {@link #concerned} is the one place to ask the graph instead.
     */
    private List<Mark> filesGone(List<String> range, Set<String> present, String head) {
        Map<String, GitTimeline.Removal> removed = timeline.removals(range);
        if (removed.isEmpty()) {
            return List.of();
        }
        Map<String, GitTimeline.Removal> gone = new LinkedHashMap<>();
        removed.forEach((path, removal) -> {
            if (!present.contains(path)) {
                gone(removal, removed, present).ifPresent(end -> gone.put(path, end));
            }
        });
        if (gone.isEmpty() || gone.size() > GONE_PATHS_CAP) {
            return List.of();
        }
        List<Mark> marks = new ArrayList<>();
        for (GitTimeline.Dated commit : concerned(gone.keySet(), head)) {
            if (commit.files().isEmpty() || !gone.keySet().containsAll(commit.files())) {
                continue;
            }
            GitTimeline.Removal last = commit.files().stream().map(gone::get)
                    .max(Comparator.comparing(GitTimeline.Removal::at)).orElseThrow();
            if (last.sha().equals(commit.sha()) || !last.at().isAfter(commit.at())) {
                continue; // the commit that removed them, or one after it: it concerned their removal
            }
            marks.add(new Mark(commit.sha(), new Ending(last.sha(), why(commit.files(), last)),
                    new GitTimeline.Dated(last.sha(), last.at(), "", List.of())));
        }
        return marks;
    }

    /**
     * How {@code removal}'s file left the tree for good: a move is followed to where the file went, so a file moved and
     * still at HEAD is not gone (its knowledge moved with it); one moved and then deleted is gone at its deletion.
     */
    private static Optional<GitTimeline.Removal> gone(GitTimeline.Removal removal, Map<String, GitTimeline.Removal> removed,
                                                      Set<String> present) {
        GitTimeline.Removal last = removal;
        for (int moves = 0; last.renamedTo().isPresent() && moves < 20; moves++) {
            String to = last.renamedTo().get();
            if (present.contains(to)) {
                return Optional.empty();
            }
            GitTimeline.Removal next = removed.get(to);
            if (next == null || !next.at().isAfter(last.at()) && !next.sha().equals(last.sha())) {
                return Optional.of(last);
            }
            last = next;
        }
        return Optional.of(last);
    }

    /** The commits that changed any of {@code paths}, each with every file it changed. */
    private List<GitTimeline.Dated> concerned(Set<String> paths, String head) {
        // --full-history: git's default simplification drops a side branch's commits when a merge matches one parent
        List<String> range = new ArrayList<>(List.of("--full-diff", "--full-history", head, "--"));
        range.addAll(paths);
        return timeline.log(range, true);
    }

    private static String why(List<String> files, GitTimeline.Removal last) {
        String what = last.renamedTo().map(to -> "file moved to " + to + ", since gone").orElse("file deleted: " + last.path());
        return files.size() == 1 ? what : what + " (and the other " + (files.size() - 1) + " files it changed)";
    }
}
