package dev.graphiti.ingest.git;

import dev.graphiti.graph.Ending;
import dev.graphiti.graph.IndexLedger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The "largely rewritten" rule of git time (docs/git-history.md, "Freshness"): a commit's item is ended when most of
 * the lines its files had at that commit are gone at HEAD (3 in 4, counted over every file it changed that HEAD still
 * has, {@code git diff --numstat COMMIT HEAD}), from the first later commit past which they were. Only the items of
 * commits that changed a file the walk saw changed are checked, and a bound read from one line log (the lines deleted
 * from each file since) spares the exact diff to every item that cannot have crossed the line.
 */
final class Rewrites {

    /** The share of its files' lines gone past which an item's code is rewritten: 3 in 4. */
    private static final int GONE_NUMERATOR = 3;
    private static final int GONE_DENOMINATOR = 4;
    /** Fewer lines than this at its commit and "most of them gone" says nothing (a two-line stub replaced). */
    static final int MIN_LINES = 10;
    /**
     * Past this many changed files the line log reads the whole history rather than name them: git matches a long
     * pathspec against every commit's tree, 7 s CPU for 160 paths over 5,000 commits against 0.2 s for all of them.
     */
    private static final int PATHSPEC_CAP = 20;

    /** An item's commit, ended by {@code by} at its time, with what changed. */
    record Rewrite(String sha, GitTimeline.Dated by, Ending ending) {
    }

    private final GitTimeline timeline;
    private final IndexLedger ledger;

    Rewrites(GitTimeline timeline, IndexLedger ledger) {
        this.timeline = timeline;
        this.ledger = ledger;
    }

    /** The rewritten items among those of the commits that changed {@code touched}, at {@code head}. */
    List<Rewrite> find(Set<String> touched, String head, Set<String> present) {
        List<String> paths = touched.stream().filter(present::contains).toList();
        if (paths.isEmpty()) {
            return List.of();
        }
        List<GitTimeline.Counted> log;
        List<GitTimeline.Counted> candidates;
        if (paths.size() <= PATHSPEC_CAP) {
            // a few files (the usual run after a commit): the commits that changed them, then their files' line log
            List<String> range = new ArrayList<>(List.of("--full-diff", "--full-history", head, "--"));
            range.addAll(paths);
            List<GitTimeline.Dated> concerned = timeline.log(range, true);
            Set<String> items = ledger.itemsOf(concerned.stream().map(GitTimeline.Dated::sha).toList()).keySet();
            Set<String> files = new TreeSet<>();
            concerned.stream().filter(commit -> items.contains(commit.sha()))
                    .forEach(commit -> commit.files().stream().filter(present::contains).forEach(files::add));
            log = files.isEmpty() ? List.of() : timeline.lineLog(head, files);
            candidates = log.stream().filter(commit -> items.contains(commit.sha())).toList();
        } else {
            // many files (a full index): git filters a long pathspec slowly, so the whole line log is read once
            log = timeline.lineLog(head, null);
            Set<String> items = ledger.itemsOf(log.stream().filter(commit -> commit.lines().keySet().stream()
                    .anyMatch(touched::contains)).map(GitTimeline.Counted::sha).toList()).keySet();
            candidates = log.stream().filter(commit -> items.contains(commit.sha())).toList();
        }
        Bounds bounds = new Bounds(log);
        List<Rewrite> rewrites = new ArrayList<>();
        for (GitTimeline.Counted commit : candidates) {
            List<String> kept = commit.lines().keySet().stream().filter(present::contains).sorted().toList();
            if (!kept.isEmpty() && bounds.mayHaveCrossed(commit.sha(), kept)) {
                crossed(commit.sha(), kept, head).ifPresent(rewrites::add);
            }
        }
        return rewrites;
    }

    /** The exact check: whether most of {@code files}' lines at {@code commit} are gone at HEAD, and since when. */
    private Optional<Rewrite> crossed(String sha, List<String> files, String head) {
        int lines = sum(timeline.diff(null, sha, files), true);
        if (lines < MIN_LINES || !most(sum(timeline.diff(sha, head, files), false), lines)) {
            return Optional.empty();
        }
        List<String> range = new ArrayList<>(List.of("--ancestry-path", "--reverse", sha + ".." + head, "--"));
        range.addAll(files);
        List<GitTimeline.Dated> later = timeline.log(range, false);
        // the first later commit past which most lines are gone: a rewrite rarely puts lines back, so halve the range
        int low = 0;
        int high = later.size() - 1;
        while (low < high) {
            int middle = (low + high) / 2;
            if (most(sum(timeline.diff(sha, later.get(middle).sha(), files), false), lines)) {
                high = middle;
            } else {
                low = middle + 1;
            }
        }
        if (later.isEmpty()) {
            return Optional.empty();
        }
        GitTimeline.Dated by = later.get(low);
        int gone = sum(timeline.diff(sha, by.sha(), files), false);
        String of = files.size() == 1 ? files.get(0) : "its " + files.size() + " files";
        return Optional.of(new Rewrite(sha, by, new Ending(by.sha(),
                "rewritten: " + gone + " of the " + lines + " lines of " + of + " at its commit are gone")));
    }

    private static boolean most(int gone, int lines) {
        return (long) gone * GONE_DENOMINATOR >= (long) lines * GONE_NUMERATOR;
    }

    private static int sum(Map<String, GitTimeline.Lines> diff, boolean added) {
        return diff.values().stream().mapToInt(lines -> added ? lines.added() : lines.deleted()).sum();
    }

    /**
     * From one line log: each file's lines after each commit (added less deleted, oldest first) and the lines deleted
     * from it by later commits, an upper bound on how many of that commit's lines are gone. Along a merged side branch
     * both are estimates; the exact diff decides.
     */
    private static final class Bounds {
        private final Map<String, Map<String, int[]>> byCommit = new HashMap<>(); // sha -> path -> {size, deleted since}

        Bounds(List<GitTimeline.Counted> newestFirst) {
            Map<String, Integer> deletedSince = new HashMap<>();
            for (GitTimeline.Counted commit : newestFirst) {
                Map<String, int[]> files = byCommit.computeIfAbsent(commit.sha(), sha -> new HashMap<>());
                commit.lines().forEach((path, lines) -> {
                    files.put(path, new int[] {0, deletedSince.getOrDefault(path, 0)});
                    deletedSince.merge(path, lines.deleted(), Integer::sum);
                });
            }
            Map<String, Integer> size = new HashMap<>();
            for (int i = newestFirst.size() - 1; i >= 0; i--) {
                GitTimeline.Counted commit = newestFirst.get(i);
                commit.lines().forEach((path, lines) -> {
                    int after = Math.max(0, size.getOrDefault(path, 0) + lines.added() - lines.deleted());
                    size.put(path, after);
                    byCommit.get(commit.sha()).get(path)[0] = after;
                });
            }
        }

        boolean mayHaveCrossed(String sha, Collection<String> paths) {
            Map<String, int[]> files = byCommit.get(sha);
            if (files == null) {
                return true; // not in the log (a merge's files): let the exact diff decide
            }
            long lines = 0;
            long deleted = 0;
            for (String path : paths) {
                int[] counts = files.get(path);
                if (counts == null) {
                    return true;
                }
                lines += counts[0];
                deleted += Math.min(counts[0], counts[1]);
            }
            return lines >= MIN_LINES && deleted * GONE_DENOMINATOR >= lines * GONE_NUMERATOR;
        }
    }
}
