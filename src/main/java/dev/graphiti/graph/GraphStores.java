package dev.graphiti.graph;

import java.util.Optional;

/**
 * The stores a process keeps graphs in: SQLite files always (one side of migrate), and the database server the
 * operator configured, when there is one, which then holds every graph.
 */
public record GraphStores(GraphStore files, Optional<GraphStore> server) {

    /** Where graphs are opened: the database server when configured, else the files. */
    public GraphStore chosen() {
        return server.orElse(files);
    }
}
