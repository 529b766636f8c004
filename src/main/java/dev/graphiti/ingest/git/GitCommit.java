package dev.graphiti.ingest.git;

import java.time.Instant;
import java.util.List;

/**
 * A commit as read from git log: identity, author, author time, the full message, and the files it
 * touched (capped; filesOmitted counts the rest). For merges, files are those the merge itself
 * changed beyond its parents (conflict resolutions, "evil" edits); empty for a clean merge.
 */
public record GitCommit(String sha, List<String> parents, String authorName, String authorEmail,
                        Instant authorTime, String message, List<FileChange> files, int filesOmitted) {

    public GitCommit {
        parents = List.copyOf(parents);
        files = List.copyOf(files);
        message = message == null ? "" : message;
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
        return new GitCommit(sha, parents, authorName, authorEmail, authorTime, message, newFiles, omitted);
    }
}
