package dev.graphiti.ingest.git;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What git says about time: when a commit landed (committer time), which commits removed files (deleted, or renamed
 * away), which files a commit changed, what HEAD holds, and every subject line. Reads trees and names only, never file
 * contents, so a partial clone that lacks old blobs answers as a whole one.
 */
public final class GitTimeline {

    /** A path gone from the tree in {@code sha} at {@code at}: deleted, or renamed to {@code renamedTo}. */
    public record Removal(String path, String sha, Instant at, Optional<String> renamedTo) {
    }

    /** One commit: its sha, committer time, subject, and (when asked) the files it changed. */
    public record Dated(String sha, Instant at, String subject, List<String> files) {
    }

    /** The lines a commit (or a diff) added to and deleted from one text file; a binary file counts none. */
    public record Lines(int added, int deleted) {
    }

    /** One commit's line counts, by path. */
    public record Counted(String sha, Map<String, Lines> lines) {
    }

    private String emptyTree;

    private final Git git;

    public GitTimeline(Git git) {
        this.git = git;
    }

    /** When the commit {@code revision} names landed (its committer time), or empty when it names none. */
    public Optional<Dated> commit(String revision) {
        if (revision.startsWith("-") || !git.succeeds("rev-parse", "-q", "--verify", revision + "^{commit}")) {
            return Optional.empty();
        }
        return log(List.of("-1", "--no-walk", revision + "^{commit}"), false).stream().findFirst();
    }

    /** The commits of {@code range}, newest first, with their files when {@code files}. */
    public List<Dated> log(List<String> range, boolean files) {
        List<String> args = new ArrayList<>(List.of("log", "-z", "--format=%x01%H%x00%ct%x00%s%x00"));
        if (files) {
            args.addAll(List.of("--name-only", "--no-renames", "--no-merges"));
        }
        args.addAll(range);
        if (!range.contains("--")) {
            args.add("--");
        }
        return parse(run(args));
    }

    /** Every file at {@code revision}. */
    public Set<String> paths(String revision) {
        Set<String> paths = new HashSet<>();
        for (String path : run(List.of("ls-tree", "-r", "-z", "--name-only", revision, "--")).split("\0")) {
            if (!path.isEmpty()) {
                paths.add(path);
            }
        }
        return paths;
    }

    /**
     * The newest removal of each path in {@code range}. A commit that deletes a file and adds one of the same name
     * elsewhere moved it ({@code renamedTo}): told from names alone, so a partial clone that lacks old blobs reads the
     * same as a whole one.
     */
    public Map<String, Removal> removals(List<String> range) {
        List<String> args = new ArrayList<>(List.of("log", "-z", "--no-merges", "--format=%x01%H%x00%ct%x00",
                "--name-status", "--no-renames", "--diff-filter=AD"));
        args.addAll(range);
        args.add("--");
        Map<String, Removal> removals = new LinkedHashMap<>();
        for (String record : run(args).split("\u0001")) {
            String[] fields = record.split("\0", -1);
            if (fields.length < 3) {
                continue;
            }
            String sha = fields[0].strip();
            Instant at = Instant.ofEpochSecond(Long.parseLong(fields[1].strip()));
            List<String> deleted = new ArrayList<>();
            Map<String, String> addedByName = new HashMap<>();
            for (int i = 2; i + 1 < fields.length; i++) {
                String status = fields[i].strip();
                if (status.equals("D")) {
                    deleted.add(fields[++i]);
                } else if (status.equals("A")) {
                    String added = fields[++i];
                    addedByName.putIfAbsent(name(added), added);
                }
            }
            for (String path : deleted) {
                removals.putIfAbsent(path, new Removal(path, sha, at, Optional.ofNullable(addedByName.get(name(path)))));
            }
        }
        return removals;
    }

    private static String name(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    private static List<Dated> parse(String out) {
        List<Dated> commits = new ArrayList<>();
        for (String record : out.split("\u0001")) {
            String[] fields = record.split("\0", -1);
            if (fields.length < 3) {
                continue;
            }
            List<String> files = new ArrayList<>();
            for (int i = 3; i < fields.length; i++) {
                String file = fields[i].strip();
                if (!file.isEmpty()) {
                    files.add(file);
                }
            }
            commits.add(new Dated(fields[0].strip(), Instant.ofEpochSecond(Long.parseLong(fields[1].strip())),
                    fields[2], files));
        }
        return commits;
    }

    /**
     * The commits of {@code head} that changed {@code paths} (every path when null), newest first, each with its line
     * counts for those paths alone: one git process however many commits.
     */
    public List<Counted> lineLog(String head, Collection<String> paths) {
        List<String> args = new ArrayList<>(List.of("log", "-z", "--no-merges", "--no-renames", "--numstat",
                "--format=%x01%H", head, "--"));
        if (paths != null) {
            args.addAll(paths);
        }
        List<Counted> commits = new ArrayList<>();
        for (String record : run(args).split("\u0001")) {
            int end = record.indexOf('\0');
            if (end < 0) {
                end = record.length();
            }
            String sha = record.substring(0, end).strip();
            if (!sha.isEmpty()) {
                commits.add(new Counted(sha, numstat(record.substring(end))));
            }
        }
        return commits;
    }

    /** What changed in {@code paths} from {@code from} to {@code to}, whitespace aside; a null {@code from} is the empty tree. */
    public Map<String, Lines> diff(String from, String to, Collection<String> paths) {
        if (from == null && emptyTree == null) {
            emptyTree = run(List.of("hash-object", "-t", "tree", "--stdin")).strip();
        }
        // -w: code re-indented or its line ends converted is the same code, not a rewrite
        List<String> args = new ArrayList<>(List.of("diff", "-z", "-w", "--no-renames", "--numstat",
                from == null ? emptyTree : from, to, "--"));
        args.addAll(paths);
        return numstat(run(args));
    }

    /** `--numstat -z` records: "added TAB deleted TAB path NUL"; "-" for a binary file. */
    private static Map<String, Lines> numstat(String out) {
        Map<String, Lines> lines = new HashMap<>();
        for (String entry : out.split("\0")) {
            String[] fields = entry.strip().split("\t", 3);
            if (fields.length == 3 && !fields[0].equals("-")) {
                lines.put(fields[2], new Lines(Integer.parseInt(fields[0]), Integer.parseInt(fields[1])));
            }
        }
        return lines;
    }

    /** The commits {@code shas} name that git has, by sha, with their times. */
    public Map<String, Dated> commits(Collection<String> shas) {
        Map<String, Dated> found = new HashMap<>();
        for (String sha : shas) {
            commit(sha).ifPresent(commit -> found.put(sha, commit));
        }
        return found;
    }

    private String run(List<String> args) {
        return git.stream(args, in -> {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            in.transferTo(bytes);
            return bytes.toString(StandardCharsets.UTF_8);
        });
    }
}
