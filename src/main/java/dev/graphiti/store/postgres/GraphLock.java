package dev.graphiti.store.postgres;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;

/**
 * The advisory locks a write transaction of a graph takes before it reads or writes anything: the graph's lock alone
 * (writers take turns, as {@code BEGIN IMMEDIATE} makes them on SQLite), or, for a write that names its claims (an
 * add), the graph's lock shared and a lock per claim, so only writers with a claim in common take turns; stored
 * vectors take the graph's lock shared alone. A write holding the graph alone waits for those and they for it. A claim's key is its text hashed with the graph's number as the seed, in
 * the bigint key space, apart from the graph locks' (int, int) keys; two claims with one hash only take turns.
 */
final class GraphLock {

    // A function scan yields the array's elements in order: the graph's lock (row 1), then the claims' in their order.
    private static final String CLAIMS = "SELECT CASE WHEN n = 1 THEN pg_advisory_xact_lock_shared(?, ?) "
            + "ELSE pg_advisory_xact_lock(hashtextextended(claim, ?)) END FROM unnest(?::text[]) WITH ORDINALITY AS c (claim, n)";
    private static final String GRAPH = "SELECT pg_advisory_xact_lock(?, ?)";

    private final int graph;
    private final boolean shared;
    private final List<String> claims;

    private GraphLock(int graph, boolean shared, List<String> claims) {
        this.graph = graph;
        this.shared = shared;
        this.claims = claims;
    }

    /** The graph's lock, held alone. */
    static GraphLock exclusive(int graph) {
        return new GraphLock(graph, false, List.of());
    }

    /**
     * The graph's lock shared, for writes whose rows no add reads and that may run twice (storing vectors): beside the
     * adds, not beside a write holding the graph alone (a delete, compaction).
     */
    static GraphLock shared(int graph) {
        return new GraphLock(graph, true, List.of());
    }

    /** The graph's lock shared and each claim's, taken in one order by every writer; with no claims, {@link #exclusive}. */
    static GraphLock claims(int graph, SortedSet<String> claims) {
        return new GraphLock(graph, !claims.isEmpty(), List.copyOf(claims));
    }

    /** Takes the locks, in one statement. */
    void take(Connection connection) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(shared ? CLAIMS : GRAPH)) {
            statement.setInt(1, Retries.LOCK_SPACE);
            statement.setInt(2, graph);
            if (shared) {
                statement.setLong(3, graph);
                List<String> keys = new ArrayList<>(claims.size() + 1);
                keys.add("");
                keys.addAll(claims);
                statement.setArray(4, connection.createArrayOf("text", keys.toArray()));
            }
            statement.execute();
        }
    }
}
