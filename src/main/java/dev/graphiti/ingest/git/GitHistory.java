package dev.graphiti.ingest.git;

import dev.graphiti.config.GitWorkTree;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The questions the indexer asks a repository, each answered by one git call. Commit contents are
 * never read: file lists and line counts come from --numstat, so a secret inside a file (or a
 * sensitive file such as .env) never reaches graphiti.
 */
public final class GitHistory {

    /** Files kept per commit; a vendoring commit touching 40,000 files keeps the first ones and a count. */
    public static final int MAX_FILES_PER_COMMIT = 200;

    private final Git git;

    public GitHistory(Git git) {
        this.git = git;
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
     * carry only the files they changed beyond their parents, from a second `--cc` pass.
     */
    public int log(List<String> range, Consumer<GitCommit> consumer) {
        Map<String, List<FileChange>> mergeChanges = mergeChanges(range);
        List<String> args = new ArrayList<>(List.of("log", "-z", "--numstat", "-M", "--no-ext-diff",
                "--no-textconv", "--encoding=UTF-8", GitLogParser.FORMAT));
        args.addAll(range);
        args.add("--");
        GitLogParser parser = new GitLogParser(MAX_FILES_PER_COMMIT);
        return git.stream(args, in -> parser.parse(in, commit -> {
            if (commit.merge()) {
                List<FileChange> changed = mergeChanges.getOrDefault(commit.sha(), List.of());
                int kept = Math.min(changed.size(), MAX_FILES_PER_COMMIT);
                commit = commit.withFiles(changed.subList(0, kept), changed.size() - kept);
            }
            consumer.accept(commit);
        }));
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
