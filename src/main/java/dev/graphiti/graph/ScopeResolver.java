package dev.graphiti.graph;

import dev.graphiti.config.GitWorkTree;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Picks the graph for a directory: the project graph ({@code <git root>/.graphiti/graph.db}) inside a git work
 * tree, the global one ({@code <graphiti home>/global.db}) elsewhere, unless the caller asks for one.
 */
public final class ScopeResolver {

    public static final String PROJECT_DIRECTORY = GitWorkTree.GRAPHITI_DIRECTORY;

    private final Path graphitiHome;

    public ScopeResolver(Path graphitiHome) {
        this.graphitiHome = graphitiHome;
    }

    public GraphLocation resolve(Path directory, Optional<Scope> requested) {
        Optional<GitWorkTree> workTree = GitWorkTree.containing(directory);
        Scope scope = requested.orElse(workTree.isPresent() ? Scope.project : Scope.global);
        if (scope == Scope.global) {
            return new GraphLocation(Scope.global, graphitiHome.resolve("global.db"), Optional.empty());
        }
        GitWorkTree tree = workTree.orElseThrow(() -> new InvalidInputException(
                "--project needs a git work tree, and " + directory + " is not inside one; use --global or -C DIR"));
        return new GraphLocation(Scope.project, tree.root().resolve(PROJECT_DIRECTORY).resolve("graph.db"), workTree);
    }
}
