package dev.graphiti.service;

import dev.graphiti.graph.ProjectPaths;
import dev.graphiti.ingest.git.Git;
import dev.graphiti.ingest.git.GitException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The paths of one git work tree: inside it when under its root, known when the work tree has the file or directory
 * now or git's history had it ({@code git log -1 -- PATH}, asked once per path). Safe to share between threads.
 */
final class WorkTreePaths implements ProjectPaths {

    private final Path root;
    private final Git git;
    private final Map<String, Boolean> known = new ConcurrentHashMap<>();

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

    private boolean inHistory(String path) {
        try {
            return !git.run("log", "-1", "--format=%h", "--all", "--", ":(literal)" + path).isBlank();
        } catch (GitException e) {
            return false; // no commits yet, or not a repository git can read: the work tree decides
        }
    }
}
