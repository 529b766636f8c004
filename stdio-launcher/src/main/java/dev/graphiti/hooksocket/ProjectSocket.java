package dev.graphiti.hooksocket;

import dev.graphiti.config.GitWorkTree;
import dev.graphiti.graph.ScopeResolver;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the stdio server of a project listens: {@code <project root>/.graphiti/run/prompt.sock} beside the project's
 * graph, the root being the nearest directory holding .git at or above the server's directory, symlinks resolved.
 * The hook script finds the same file with `cd -P` and the same walk, using only the shell's builtins.
 *
 * @param run  the socket's directory, only the user's (0700)
 * @param file the socket
 */
record ProjectSocket(Path run, Path file) {

    /** A Unix socket's path must fit sun_path: 108 bytes on Linux, 104 on macOS, with its terminating zero. */
    static final int MAX_PATH_BYTES = 103;

    /** The socket of the project holding {@code directory}; empty outside a git work tree (no project graph). */
    static Optional<ProjectSocket> of(Path directory) throws IOException {
        // The hook's walk stops below "/", so "/" is never a root here either.
        for (Path dir = directory.toRealPath(); dir != null && dir.getNameCount() > 0; dir = dir.getParent()) {
            if (Files.exists(dir.resolve(".git"))) {
                Path run = dir.resolve(ScopeResolver.PROJECT_DIRECTORY).resolve("run");
                return Optional.of(new ProjectSocket(run, run.resolve("prompt.sock")));
            }
        }
        return Optional.empty();
    }

    /** The project's graph, beside the socket's directory. */
    Path graph() {
        return run.resolveSibling("graph.db");
    }

    /** The lock two servers starting together take before one of them binds the socket. */
    Path lock() {
        return run.resolve("prompt.lock");
    }

    /** Adds graphiti's folder to the repository's info/exclude before the socket's directory is made in it. */
    void keepOutOfGit() throws IOException {
        Optional<GitWorkTree> tree = GitWorkTree.containing(run.getParent().getParent());
        if (tree.isPresent()) {
            tree.get().excludeGraphiti();
        }
    }

    boolean fits() {
        return file.toString().getBytes(StandardCharsets.UTF_8).length <= MAX_PATH_BYTES;
    }
}
