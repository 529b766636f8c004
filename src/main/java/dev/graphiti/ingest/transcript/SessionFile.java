package dev.graphiti.ingest.transcript;

import dev.graphiti.config.GitWorkTree;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** One session log and the directory its session ran in, when the log (or its folder) says. */
public record SessionFile(Path file, Optional<Path> workingDirectory) {

    /**
     * The logs of sessions that ran in the work tree (or directory) {@code projectRoot} or under it; a session in a
     * nested work tree (a worktree inside the repository) belongs to that one, not this.
     */
    public static List<Path> ofProject(List<SessionFile> sessions, Path projectRoot) {
        Path root = projectRoot.toAbsolutePath().normalize();
        return sessions.stream().filter(session -> session.workingDirectory().filter(dir -> dir.startsWith(root)
                && GitWorkTree.containing(dir).map(GitWorkTree::root).filter(tree -> !tree.equals(root)
                && tree.startsWith(root)).isEmpty()).isPresent()).map(SessionFile::file).toList();
    }
}
