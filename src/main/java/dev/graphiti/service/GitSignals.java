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
 * Reads the context signals of a work tree with one `git status --porcelain=v2 --branch -z`: the branch,
 * HEAD, and the changed and untracked files. Outside git, or when git fails or is slow, the signals
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
            String status = new Git("git", root, TIMEOUT).run("status", "--porcelain=v2", "--branch", "-z");
            return parse(name(root), status);
        } catch (GitException e) {
            return ContextSignals.none(name(root));
        }
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
