package dev.graphiti.service;

import dev.graphiti.graph.ProjectPaths;
import dev.graphiti.ingest.git.Git;
import dev.graphiti.ingest.git.GitException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The paths of one git work tree: inside it when under its root, known when the work tree has the file or directory
 * now or git's history had it ({@code git log -1 -- PATH}, asked once per path). Safe to share between threads.
 */
final class WorkTreePaths implements ProjectPaths {

    private final Path root;
    private final Git git;
    private final Map<String, Boolean> known = new ConcurrentHashMap<>();
    /** How long a listing of the work tree answers bare names (a server's graph stays open while files come and go). */
    private static final long LISTING_NANOS = 60_000_000_000L;
    /** The work tree's files by file name, listed when a bare name is first asked for (null until then). */
    private volatile Map<String, List<String>> byName;
    private volatile long listedAt;

    WorkTreePaths(Path root) {
        this.root = root.toAbsolutePath().normalize();
        this.git = Git.at(this.root);
    }

    @Override
    public Optional<String> inside(String path) {
        String p = path.strip();
        if (p.startsWith("/") || p.matches("[A-Za-z]:[/\\\\].*")) {
            Path absolute = Path.of(p).normalize();
            return absolute.startsWith(root) && !absolute.equals(root)
                    ? Optional.of(root.relativize(absolute).toString().replace('\\', '/')) : Optional.empty();
        }
        return ProjectPaths.relative(p);
    }

    @Override
    public boolean known(String repositoryPath) {
        return known.computeIfAbsent(repositoryPath, path -> Files.exists(root.resolve(path), LinkOption.NOFOLLOW_LINKS)
                || inHistory(path));
    }

    @Override
    public Optional<String> located(String repositoryPath) {
        if (known(repositoryPath)) {
            return Optional.of(repositoryPath);
        }
        if (repositoryPath.contains("/")) {
            return Optional.empty();
        }
        List<String> named = files().getOrDefault(repositoryPath, List.of());
        return named.size() == 1 ? Optional.of(named.get(0)) : Optional.empty();
    }

    /** Tracked files and untracked ones git does not ignore (so never node_modules or build output). */
    private Map<String, List<String>> files() {
        Map<String, List<String>> files = byName;
        if (files == null || System.nanoTime() - listedAt > LISTING_NANOS) {
            files = new HashMap<>();
            try {
                for (String path : git.run("ls-files", "-z", "--cached", "--others", "--exclude-standard").split("\0")) {
                    if (!path.isEmpty()) {
                        files.computeIfAbsent(path.substring(path.lastIndexOf('/') + 1), name -> new ArrayList<>())
                                .add(path);
                    }
                }
            } catch (GitException e) {
                // not a repository git can read: bare names stay unresolved
            }
            listedAt = System.nanoTime();
            byName = files;
        }
        return files;
    }

    private boolean inHistory(String path) {
        try {
            return !git.run("log", "-1", "--format=%h", "--all", "--", ":(literal)" + path).isBlank();
        } catch (GitException e) {
            return false; // no commits yet, or not a repository git can read: the work tree decides
        }
    }
}
