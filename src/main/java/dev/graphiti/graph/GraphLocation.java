package dev.graphiti.graph;

import dev.graphiti.config.GitWorkTree;
import java.nio.file.Path;
import java.util.Optional;

/** Which graph a command works on: its scope, its database file, and the work tree for a project graph. */
public record GraphLocation(Scope scope, Path database, Optional<GitWorkTree> workTree) {
}
