package dev.graphiti.service;

import dev.graphiti.graph.ContextSignals;
import dev.graphiti.config.GitWorkTree;
import dev.graphiti.ingest.git.Git;
import dev.graphiti.ingest.git.GitException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the context signals of a work tree with `git status --porcelain=v2 --branch -z`: the branch, HEAD, and the
 * changed and untracked files; then, on a feature branch, the files it changed against its base ({@link #branchDiff}). Outside git, or when git fails or is slow, the signals
 * are just the directory's name: context still works, only less focused.
 */
final class GitSignals {

    static final Duration TIMEOUT = Duration.ofSeconds(2);

    private GitSignals() {
    }

    static ContextSignals of(Path directory, Optional<GitWorkTree> workTree) {
        if (workTree.isEmpty()) {
            return ContextSignals.none(name(directory));
        }
        Path root = workTree.get().root();
        try {
            Git git = new Git("git", root, TIMEOUT);
            ContextSignals signals = parse(name(root), git.run("status", "--porcelain=v2", "--branch", "-z"));
            List<String> files = new ArrayList<>(signals.files());
            branchDiff(git, signals.branch()).stream().filter(file -> !files.contains(file)).forEach(files::add);
            return new ContextSignals(signals.project(), signals.branch(), signals.head(), files);
        } catch (GitException e) {
            return ContextSignals.none(name(root));
        }
    }

    /**
     * The files a feature branch changed against its base: the merge-base of HEAD with the default branch (the remote's
     * HEAD, else main or master), newest base first; none on the default branch itself or when there is none.
     */
    static List<String> branchDiff(Git git, Optional<String> branch) {
        Optional<String> base = defaultBranch(git).filter(name -> branch.map(b -> !name.equals(b) && !name.endsWith("/" + b)).orElse(true));
        if (base.isEmpty()) {
            return List.of();
        }
        try {
            String fork = git.run("merge-base", "HEAD", base.get()).strip();
            List<String> files = new ArrayList<>();
            for (String path : git.run("diff", "--name-only", "-z", "--no-renames", fork, "HEAD", "--").split("\0")) {
                if (!path.isEmpty()) {
                    files.add(path);
                }
            }
            return files;
        } catch (GitException e) {
            return List.of(); // no common history
        }
    }

    private static Optional<String> defaultBranch(Git git) {
        try {
            String remote = git.run("symbolic-ref", "-q", "--short", "refs/remotes/origin/HEAD").strip();
            if (!remote.isEmpty()) {
                return Optional.of(remote);
            }
        } catch (GitException e) {
            // no remote HEAD: a local main or master
        }
        for (String name : List.of("main", "master")) {
            if (git.succeeds("rev-parse", "-q", "--verify", "refs/heads/" + name)) {
                return Optional.of(name);
            }
        }
        return Optional.empty();
    }

    /** Parses porcelain v2 with -z: NUL-separated records; a rename record is followed by its old path. */
    static ContextSignals parse(String project, String status) {
        Optional<String> branch = Optional.empty();
        Optional<String> head = Optional.empty();
        List<String> files = new ArrayList<>();
        String[] records = status.split("\0");
        for (int i = 0; i < records.length; i++) {
            String record = records[i];
            if (record.startsWith("# branch.oid ")) {
                String oid = record.substring("# branch.oid ".length()).strip();
                head = oid.equals("(initial)") ? Optional.empty() : Optional.of(oid);
            } else if (record.startsWith("# branch.head ")) {
                String name = record.substring("# branch.head ".length()).strip();
                branch = name.equals("(detached)") ? Optional.empty() : Optional.of(name);
            } else if (record.startsWith("1 ")) {
                files.add(field(record, 8));
            } else if (record.startsWith("2 ")) {
                files.add(field(record, 9));
                i++; // the original path of the rename
            } else if (record.startsWith("u ")) {
                files.add(field(record, 10));
            } else if (record.startsWith("? ")) {
                files.add(record.substring(2));
            }
        }
        return new ContextSignals(project, branch, head, files);
    }

    /** The path of a status record: everything after the first {@code fields} space-separated fields. */
    private static String field(String record, int fields) {
        String[] parts = record.split(" ", fields + 1);
        return parts[parts.length - 1];
    }

    private static String name(Path directory) {
        Path name = directory.toAbsolutePath().normalize().getFileName();
        return name == null ? directory.toString() : name.toString();
    }
}
