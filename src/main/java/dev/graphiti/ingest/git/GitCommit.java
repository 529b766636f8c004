package dev.graphiti.ingest.git;

import java.time.Instant;
import java.util.List;

/**
 * A commit as read from git log: identity, author, author time, the full message, and the files it
 * touched (capped; filesOmitted counts the rest). For merges, files are those the merge itself
 * changed beyond its parents (conflict resolutions, "evil" edits); empty for a clean merge. The renames among the
 * files omitted are kept apart ({@code renamesOmitted}): anchors follow them, and a commit moving a tree renames more
 * files than a commit keeps.
 */
public record GitCommit(String sha, List<String> parents, String authorName, String authorEmail,
                        Instant authorTime, String message, List<FileChange> files, int filesOmitted,
                        List<FileChange> renamesOmitted) {

    public GitCommit {
        parents = List.copyOf(parents);
        files = List.copyOf(files);
        renamesOmitted = List.copyOf(renamesOmitted);
        message = message == null ? "" : message;
    }

    public GitCommit(String sha, List<String> parents, String authorName, String authorEmail, Instant authorTime,
                     String message, List<FileChange> files, int filesOmitted) {
        this(sha, parents, authorName, authorEmail, authorTime, message, files, filesOmitted, List.of());
    }

    /** Every file the commit renamed, the omitted ones too. */
    public List<FileChange> renames() {
        List<FileChange> renames = new java.util.ArrayList<>(files.stream().filter(FileChange::renamed).toList());
        renames.addAll(renamesOmitted);
        return renames;
    }

    public boolean merge() {
        return parents.size() > 1;
    }

    /** The first line of the message. */
    public String subject() {
        int newline = message.indexOf('\n');
        return (newline < 0 ? message : message.substring(0, newline)).strip();
    }

    /** The message after the subject line, stripped. */
    public String body() {
        int newline = message.indexOf('\n');
        return newline < 0 ? "" : message.substring(newline + 1).strip();
    }

    public int linesChanged() {
        return files.stream().mapToInt(FileChange::lines).sum();
    }

    public int fileCount() {
        return files.size() + filesOmitted;
    }

    GitCommit withFiles(List<FileChange> newFiles, int omitted) {
        return new GitCommit(sha, parents, authorName, authorEmail, authorTime, message, newFiles, omitted, renamesOmitted);
    }
}
