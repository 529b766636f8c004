package dev.graphiti.store.postgres;

import dev.graphiti.graph.ItemRepository;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.LexicalMatch;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Other ways PostgreSQL could pick a query's full-text candidates, for the retrieval benchmark to compare with the
 * store's own on the same graph: a graph whose full-text methods are answered by plain SQL on {@code connection}
 * (search_path set to the graph's schema), everything else by the store. Only current items, no filter, no phrase.
 */
public final class RankingBaselines {

    /** Rank every item that matches. */
    public static final String EVERY_MATCH = "every";
    /** What the store did before ranking by selectivity: a large graph's newest 2,000 matches among its newest items. */
    public static final String NEWEST_MATCHES = "newest";

    private RankingBaselines() {
    }

    public static ItemRepository of(String mode, ItemRepository store, Connection connection) {
        return (ItemRepository) Proxy.newProxyInstance(ItemRepository.class.getClassLoader(),
                new Class<?>[] {ItemRepository.class}, (proxy, method, args) -> {
                    if (method.getName().equals("lexical") && ((Optional<?>) args[2]).isEmpty()) {
                        return ranked(store, connection, (String) args[0], 0, Integer.MAX_VALUE, (Integer) args[3]);
                    }
                    if (method.getName().equals("lexicalAmongNewest")) {
                        return mode.equals(EVERY_MATCH)
                                ? ranked(store, connection, (String) args[0], 0, Integer.MAX_VALUE, (Integer) args[3])
                                : ranked(store, connection, (String) args[0], lastSeq(connection) - (Integer) args[2],
                                2_000, (Integer) args[3]);
                    }
                    try {
                        return method.invoke(store, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    /** The best {@code limit} by ts_rank of the newest {@code newest} matches after {@code after}. */
    private static List<LexicalMatch> ranked(ItemRepository store, Connection connection, String expression, long after,
                                             int newest, int limit) throws SQLException {
        Optional<String> query = TsQuery.of(expression);
        if (query.isEmpty()) {
            return List.of();
        }
        String tsquery = "to_tsquery('english'::regconfig, ?)";
        String sql = "SELECT i.id, ts_rank(" + PostgresItemRepository.WEIGHTS + ", i.search, " + tsquery + ", 1) AS score"
                + " FROM (SELECT * FROM items i WHERE i.search @@ " + tsquery + " AND i.superseded_by IS NULL AND i.seq > ?"
                + (newest == Integer.MAX_VALUE ? "" : " ORDER BY i.seq DESC LIMIT " + newest) + ") i"
                + " ORDER BY score DESC, i.seq DESC LIMIT ?";
        List<String> ids = new ArrayList<>();
        Map<String, Double> scores = new HashMap<>();
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, query.get());
            statement.setString(2, query.get());
            statement.setLong(3, after);
            statement.setInt(4, limit);
            try (ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    ids.add(row.getString(1));
                    scores.put(row.getString(1), row.getDouble(2));
                }
            }
        }
        List<LexicalMatch> matches = new ArrayList<>();
        for (KnowledgeItem item : store.getAll(ids)) {
            matches.add(new LexicalMatch(item, scores.get(item.id())));
        }
        return matches;
    }

    private static long lastSeq(Connection connection) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT coalesce(max(seq), 0) FROM items");
             ResultSet row = statement.executeQuery()) {
            return row.next() ? row.getLong(1) : 0;
        }
    }
}
