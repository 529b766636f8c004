package dev.graphiti.graph;

import java.nio.file.Path;

/**
 * Where graphs are kept: SQLite files, or a database server. A graph is named by its location's database path
 * (the file a SQLite graph is; a database server's graph takes that path as its name). Opening a graph makes it,
 * at the latest schema, when it is not there yet.
 */
public interface GraphStore {

    /** Opens a graph's items, its ingest state and its vectors on one connection; closing it closes all three. */
    GraphDatabase openGraph(Path database, Scope scope);

    /** Opens what git indexing and capture remember of a graph, on a connection of its own. */
    IngestState openIngest(Path database);

    /** Opens a graph's vectors on a connection of their own (a background embedding's, or a search's other thread). */
    VectorStore openVectors(Path database, Scope scope);

    /** Whether the graph was ever made; makes nothing. */
    boolean exists(Path database);

    /**
     * Whether background work may open the graph without bringing back one that was deleted: a SQLite graph is its
     * file (opening a deleted one makes it again); a database server's graph is never deleted under a server.
     */
    boolean stillThere(Path database);

    /** Where the graph is kept, for a message: its file, or its name and the database server. */
    String where(Path database);
}
