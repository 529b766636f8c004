package dev.graphiti.ingest.git;

import dev.graphiti.config.GitWorkTree;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The questions the indexer asks a repository, each answered by one git call. Commit contents are
 * never read: file lists and line counts come from --numstat, so a secret inside a file (or a
 * sensitive file such as .env) never reaches graphiti.
 */
public final class GitHistory {

    /** Files kept per commit; a vendoring commit touching 40,000 files keeps the first ones and a count. */
    public static final int MAX_FILES_PER_COMMIT = 200;
    /** Commits named per git call when a walk resumes after a diff it could not read. */
    static final int RESUME_BATCH = 500;

    private final Git git;

    public GitHistory(Git git) {
        this.git = git;
    }

    /** What git says about time in the same repository. */
    public GitTimeline timeline() {
        return new GitTimeline(git);
    }

    /** The commit HEAD points at, or empty in a repository without commits. */
    public Optional<String> head() {
        return resolveOptional("HEAD");
    }

    /** The branch HEAD is on (short name), or empty when detached. */
    public Optional<String> branch() {
        if (!git.succeeds("symbolic-ref", "-q", "HEAD")) {
            return Optional.empty();
        }
        return Optional.of(git.run("symbolic-ref", "-q", "--short", "HEAD"));
    }

    /** The commit a revision names; a GitException with a clear message when it names none. */
    public String resolve(String revision) {
        return resolveOptional(revision).orElseThrow(
                () -> new GitException("'" + revision + "' does not name a commit in " + git.directory()
                        + "; give a branch, a tag or a commit id (e.g. HEAD~20)"));
    }

    private Optional<String> resolveOptional(String revision) {
        if (revision.startsWith("-")) {
            throw new GitException("a revision cannot start with '-': " + revision);
        }
        String spec = revision + "^{commit}";
        if (!git.succeeds("rev-parse", "-q", "--verify", spec)) {
            return Optional.empty();
        }
        return Optional.of(git.run("rev-parse", "-q", "--verify", spec));
    }

    /**
     * The range of commits {@code head} reaches and none of {@code excluded} does. An excluded commit git no
     * longer has (history rewritten, then collected) is ignored by git itself: one process, not one per commit.
     */
    public static List<String> rangeExcluding(String head, List<String> excluded) {
        List<String> range = new ArrayList<>(List.of("--ignore-missing", head));
        if (!excluded.isEmpty()) {
            range.add("--not");
            range.addAll(excluded);
        }
        return range;
    }

    /** How many commits a revision range holds (for progress). */
    public int count(List<String> range) {
        List<String> args = new ArrayList<>(List.of("rev-list", "--count"));
        args.addAll(range);
        args.add("--");
        return Integer.parseInt(git.stream(args, in -> new String(in.readAllBytes(), StandardCharsets.UTF_8)).strip());
    }

    /**
     * Streams the commits of a revision range (e.g. ["HEAD", "--not", tip...]) newest first. Merges
     * carry only the files they changed beyond their parents, from a second `--cc` pass. A commit whose diff
     * git cannot read (a partial clone whose remote is gone, a blob lost from the object store) is handed over
     * without its file list and the walk goes on; the result counts those commits.
     */
    public LogResult log(List<String> range, Consumer<GitCommit> consumer) {
        int[] unread = {0};
        Map<String, List<FileChange>> mergeChanges;
        try {
            mergeChanges = mergeChanges(range);
        } catch (GitException e) {
            if (!unreadable(e)) {
                throw e;
            }
            mergeChanges = Map.of(); // merges keep no file list; their messages are still worth indexing
            unread[0]++;
        }
        Map<String, List<FileChange>> merges = mergeChanges;
        Set<String> seen = new HashSet<>();
        Consumer<GitCommit> handOver = commit -> {
            if (commit.merge()) {
                List<FileChange> changed = merges.getOrDefault(commit.sha(), List.of());
                int kept = Math.min(changed.size(), MAX_FILES_PER_COMMIT);
                commit = commit.withFiles(changed.subList(0, kept), changed.size() - kept);
            }
            seen.add(commit.sha());
            consumer.accept(commit);
        };
        List<String> rest = null; // the commits still to walk, listed once git first failed to read a diff
        List<String> revisions = range;
        while (true) {
            GitCommit[] last = {null};
            try {
                streamLog(revisions, handOver, last);
            } catch (GitException e) {
                if (!unreadable(e)) {
                    throw e;
                }
                // git died on the last commit it began, or on the next one before writing it: read the last alone.
                Optional<GitCommit> whole = last[0] == null ? Optional.empty() : alone(last[0].sha());
                if (rest == null) {
                    rest = revList(range);
                }
                rest.removeIf(seen::contains);
                if (last[0] != null) {
                    rest.remove(last[0].sha());
                }
                if (whole.isPresent()) {
                    handOver.accept(whole.get());
                    last[0] = null;
                }
                GitCommit unreadable = last[0] != null ? last[0] : rest.isEmpty() ? null : withoutDiff(rest.remove(0));
                if (unreadable != null) {
                    handOver.accept(unreadable.withFiles(List.of(), 0));
                    unread[0]++;
                }
            }
            if (rest == null) {
                return new LogResult(seen.size(), unread[0]);
            }
            rest.removeIf(seen::contains);
            if (rest.isEmpty()) {
                return new LogResult(seen.size(), unread[0]);
            }
            revisions = new ArrayList<>(List.of("--no-walk=unsorted"));
            revisions.addAll(rest.subList(0, Math.min(rest.size(), RESUME_BATCH)));
        }
    }

    /**
     * One log walk with diffs. A commit is handed over once the next one starts; the last one git began is left in
     * {@code last}, as a failed walk may have cut its file list short, and handed over when the walk ends well.
     */
    private void streamLog(List<String> revisions, Consumer<GitCommit> consumer, GitCommit[] last) {
        git.stream(logArgs(true, revisions), in -> new GitLogParser(MAX_FILES_PER_COMMIT).parse(in, commit -> {
            if (last[0] != null) {
                consumer.accept(last[0]);
            }
            last[0] = commit;
        }));
        if (last[0] != null) {
            consumer.accept(last[0]);
            last[0] = null;
        }
    }

    /** One commit with its diff, or empty when git cannot read the diff. */
    private Optional<GitCommit> alone(String sha) {
        List<GitCommit> one = new ArrayList<>();
        try {
            git.stream(logArgs(true, List.of("--no-walk", sha)), in -> new GitLogParser(MAX_FILES_PER_COMMIT).parse(in, one::add));
        } catch (GitException e) {
            if (!unreadable(e)) {
                throw e;
            }
            return Optional.empty();
        }
        return one.stream().findFirst();
    }

    private static List<String> logArgs(boolean diffs, List<String> revisions) {
        List<String> args = new ArrayList<>(List.of("log", "-z"));
        if (diffs) {
            args.addAll(List.of("--numstat", "-M", "--no-ext-diff", "--no-textconv"));
        }
        args.addAll(List.of("--encoding=UTF-8", GitLogParser.FORMAT));
        args.addAll(revisions);
        args.add("--");
        return args;
    }

    /** A commit's header alone, read without a diff (which needs no file contents). */
    private GitCommit withoutDiff(String sha) {
        List<GitCommit> one = new ArrayList<>();
        git.stream(logArgs(false, List.of("--no-walk", sha)), in -> new GitLogParser(0).parse(in, one::add));
        return one.get(0);
    }

    private List<String> revList(List<String> range) {
        List<String> args = new ArrayList<>(List.of("rev-list"));
        args.addAll(range);
        args.add("--");
        return new ArrayList<>(git.run(args.toArray(String[]::new)).lines().filter(line -> !line.isBlank()).toList());
    }

    /** git's words when an object a diff needs is not in the repository (and cannot be fetched). */
    static boolean unreadable(GitException e) {
        String message = e.getMessage();
        return message != null && (message.contains("unable to read") || message.contains("could not fetch")
                || message.contains("missing blob") || message.contains("bad object"));
    }

    /** Merges in the range that changed something beyond their parents, with those files. */
    private Map<String, List<FileChange>> mergeChanges(List<String> range) {
        List<String> args = new ArrayList<>(List.of("log", "--merges", "--cc", "--name-only", "-z",
                "--no-ext-diff", "--no-textconv", "--format=%x1e%H"));
        args.addAll(range);
        args.add("--");
        return git.stream(args, GitHistory::parseMergeFiles);
    }

    private static Map<String, List<FileChange>> parseMergeFiles(InputStream in) throws IOException {
        Map<String, List<FileChange>> changes = new HashMap<>();
        String all = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        for (String record : all.split("\u001e")) {
            String[] tokens = record.split("\0");
            if (tokens.length < 2) {
                continue;
            }
            List<FileChange> files = new ArrayList<>();
            for (int i = 1; i < tokens.length; i++) {
                String path = tokens[i].strip();
                if (!path.isEmpty() && !GitWorkTree.graphitiPath(path)) {
                    files.add(new FileChange(path, null, 0, 0));
                }
            }
            if (!files.isEmpty()) {
                changes.put(tokens[0].strip(), files);
            }
        }
        return changes;
    }
}
