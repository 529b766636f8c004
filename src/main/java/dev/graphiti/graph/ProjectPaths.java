package dev.graphiti.graph;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which paths are files of the project, for anchors: a path given or named is kept only as the repository names it
 * (relative to the work tree's root) and only when the project has or had that file. Where the repository is unknown
 * (a global graph) a path is judged by its shape alone, conservatively: a file name with an extension, no segment a
 * quantity ("backoff 1s/2s/4s" names no file).
 */
public interface ProjectPaths {

    /** A path segment that is a quantity ("1s", "250ms", "4x", "3"). */
    Pattern QUANTITY = Pattern.compile("\\d+(\\.\\d+)?[a-z]{0,3}", Pattern.CASE_INSENSITIVE);
    /** A last segment built like a file: a name and an extension of letters (and digits after the first). */
    Pattern FILE_NAME = Pattern.compile("[\\w.-]*[\\w-]\\.[a-z][a-z0-9]{0,9}", Pattern.CASE_INSENSITIVE);

    /**
     * {@code path} as the repository names it ('/'-separated, relative to the root, no "." or ".."), or empty when it
     * is outside the project (absolute elsewhere, or climbing out with "..").
     */
    Optional<String> inside(String path);

    /** Whether the project has {@code repositoryPath} in its work tree or had it in its history. */
    boolean known(String repositoryPath);

    /**
     * The project's file {@code repositoryPath} names: itself when {@link #known}; for a bare file name
     * ("SessionStore.java", as people write it) the one file of the work tree by that name, none when two share it.
     */
    default Optional<String> located(String repositoryPath) {
        return known(repositoryPath) ? Optional.of(repositoryPath) : Optional.empty();
    }

    /** No repository: relative paths that stay inside, and files judged by their shape. */
    ProjectPaths UNKNOWN = new ProjectPaths() {
        @Override
        public Optional<String> inside(String path) {
            return relative(path);
        }

        @Override
        public boolean known(String repositoryPath) {
            return shaped(repositoryPath);
        }
    };

    /** {@code path} normalised when it is relative and stays inside the directory it is relative to. */
    static Optional<String> relative(String path) {
        String p = path.strip().replace('\\', '/');
        if (p.isEmpty() || p.startsWith("/") || p.startsWith("~") || p.matches("[A-Za-z]:/.*")) {
            return Optional.empty();
        }
        java.util.Deque<String> parts = new java.util.ArrayDeque<>();
        for (String part : p.split("/")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                if (parts.isEmpty()) {
                    return Optional.empty();
                }
                parts.removeLast();
            } else {
                parts.addLast(part);
            }
        }
        return parts.isEmpty() ? Optional.empty() : Optional.of(String.join("/", parts));
    }

    /** A file by its shape: an extension on the last segment, and no segment a quantity. */
    static boolean shaped(String repositoryPath) {
        String[] segments = repositoryPath.split("/");
        for (String segment : segments) {
            if (QUANTITY.matcher(segment).matches()) {
                return false;
            }
        }
        return FILE_NAME.matcher(segments[segments.length - 1]).matches();
    }
}
