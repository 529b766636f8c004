package dev.graphiti.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;

/**
 * A git work tree found by reading the file system, without running git: a directory holding a {@code .git}
 * directory (a plain repository) or a {@code .git} file pointing elsewhere ({@code gitdir: ...}, as linked
 * worktrees and submodules have). Each of those is its own work tree with its own root.
 *
 * @param root      the work tree's top directory
 * @param gitDir    its git directory
 * @param commonDir where shared files (info/exclude) live: the main repository's git directory for a linked worktree
 */
public record GitWorkTree(Path root, Path gitDir, Path commonDir) {

    /** graphiti's folder in a work tree: the graph, the prompt hook's socket, a project install's manifest. */
    public static final String GRAPHITI_DIRECTORY = ".graphiti";

    /** The innermost work tree containing {@code directory}, if any. */
    public static Optional<GitWorkTree> containing(Path directory) {
        for (Path dir = directory.toAbsolutePath().normalize(); dir != null; dir = dir.getParent()) {
            if (dir.getFileName() != null && dir.getFileName().toString().equals(".git")) {
                return Optional.empty(); // inside a git directory, not a work tree
            }
            Path dotGit = dir.resolve(".git");
            if (Files.isDirectory(dotGit) && Files.exists(dotGit.resolve("HEAD"))) {
                return Optional.of(new GitWorkTree(dir, dotGit, dotGit));
            }
            if (Files.isRegularFile(dotGit)) {
                Optional<Path> gitDir = pointedTo(dotGit);
                if (gitDir.isPresent()) {
                    return Optional.of(new GitWorkTree(dir, gitDir.get(), commonDir(gitDir.get())));
                }
            }
        }
        return Optional.empty();
    }

    /** Adds {@code pattern} to the repository's untracked ignore file (info/exclude) unless already there. */
    public void exclude(String pattern) throws IOException {
        Path exclude = commonDir.resolve("info").resolve("exclude");
        if (Files.exists(exclude)) {
            List<String> lines = Files.readAllLines(exclude, StandardCharsets.UTF_8);
            if (lines.stream().anyMatch(line -> line.strip().equals(pattern))) {
                return;
            }
            String existing = Files.readString(exclude, StandardCharsets.UTF_8);
            String separator = existing.isEmpty() || existing.endsWith("\n") ? "" : "\n";
            Files.writeString(exclude, separator + pattern + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        } else {
            Files.createDirectories(exclude.getParent());
            Files.writeString(exclude, "# graphiti's local knowledge graph\n" + pattern + "\n", StandardCharsets.UTF_8);
        }
    }

    /**
     * Keeps graphiti's folder out of {@code git status} and {@code git add .} before anything is made in it: a line
     * in the info/exclude every work tree of the repository reads (never a file in the work tree).
     */
    public void excludeGraphiti() throws IOException {
        exclude("/" + GRAPHITI_DIRECTORY + "/");
    }

    /** Whether {@code path} (relative to the root, as git names files) lies in graphiti's folder. */
    public static boolean graphitiPath(String path) {
        return path.equals(GRAPHITI_DIRECTORY) || path.startsWith(GRAPHITI_DIRECTORY + "/");
    }

    private static Optional<Path> pointedTo(Path dotGitFile) {
        try {
            String text = Files.readString(dotGitFile, StandardCharsets.UTF_8).strip();
            if (!text.startsWith("gitdir:")) {
                return Optional.empty();
            }
            Path target = dotGitFile.getParent().resolve(text.substring("gitdir:".length()).strip()).normalize();
            return Files.isDirectory(target) ? Optional.of(target) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** A linked worktree's git dir names the main one in its {@code commondir} file; otherwise it is its own. */
    private static Path commonDir(Path gitDir) {
        Path file = gitDir.resolve("commondir");
        try {
            if (Files.isRegularFile(file)) {
                return gitDir.resolve(Files.readString(file, StandardCharsets.UTF_8).strip()).normalize();
            }
        } catch (IOException e) {
            // fall back to the git dir itself
        }
        return gitDir;
    }
}
