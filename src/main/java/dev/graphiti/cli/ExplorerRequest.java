package dev.graphiti.cli;

import dev.graphiti.graph.GraphLocation;
import java.nio.file.Path;

/**
 * `graphiti ui`: the graph the page shows (resolved from -C, --global and --project as every command resolves it),
 * the port (0: any free one) and the directory the command ran in.
 */
public record ExplorerRequest(GraphLocation location, int port, Path workingDirectory) {
}
