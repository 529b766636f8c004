package dev.graphiti.ingest.git;

/**
 * One file a commit touched, from `git log --numstat`: line counts only, never content.
 * previousPath is the old name of a rename (null otherwise); added/deleted are -1 for binary files.
 */
public record FileChange(String path, String previousPath, int added, int deleted) {

    public FileChange {
        if (path == null || path.isEmpty()) {
            throw new IllegalArgumentException("path must not be empty");
        }
    }

    public boolean binary() {
        return added < 0 || deleted < 0;
    }

    public boolean renamed() {
        return previousPath != null && !previousPath.equals(path);
    }

    /** Lines changed (added + deleted); binary files count as one change. */
    public int lines() {
        return binary() ? 1 : added + deleted;
    }
}
