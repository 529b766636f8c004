package dev.graphiti.store.postgres;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

/**
 * A query's full-text matches on PostgreSQL, picked by how selective its words are and scored as BM25 scores them.
 *
 * <p>Picked: ranking a row costs reading it and a ts_rank per word, so a query whose words are in most of a million
 * items cannot have every match ranked. Not the newest only, though: in a project's memory an old decision matters
 * as much as a new note. Rare words say most about what is asked (BM25's idf), so every item holding one of the
 * query's rare alternatives (the parts of its OR, each expected by the planner in at most {@link #RANKED} items) is
 * picked wherever it is; the common ones add the newest items holding all of them (as many as the first stage keeps:
 * the older ones hold the same words and would come after them), and the newest matches of the whole query fill
 * what those leave of the first stage: recency decides only among items that cover the query alike. A query the
 * planner expects in at most {@link #RANKED} items is ranked whole. The rule is the same at any size of graph.
 *
 * <p>Cheap: what a search costs is mostly the rows it reads (a page of a 2 GB buffer pool touched for the first time
 * by a connection costs about 50 us). The picked rows carry only their {@code seq} and {@code tsvector}; the items'
 * other columns are read for the results alone.
 *
 * <p>Scored: ts_rank has no idf, so an item repeating a common word would outrank one holding the rare word asked
 * for. Each alternative's ts_rank (fields weighted, length normalised) is weighted by its idf, from its number of
 * items counted among the picked rows when all of them are there, from the planner's estimate otherwise. Two
 * stages: the picked rows are ordered by the idf of the alternatives they hold (a containment test each), and the
 * best {@link #FIRST_STAGE} get the weighted ts_ranks.
 */
final class FullTextCandidates {

    /** Rows each way of picking ranks at most. */
    static final int RANKED = 2_000;
    /** How far back the newest matches of common words are looked for. */
    static final int WINDOW = 75_000;
    /**
     * Up to how many items holding all of the common words are read through the index to find the newest of them;
     * more are found walking back from the newest item (checking a row's words costs microseconds: a walk to the
     * newest matches is cheaper when they are dense).
     */
    static final int ALL_COMMON = 10 * RANKED;
    /** How many of the picked rows, those holding the most of the query's weight, get the full score. */
    static final int FIRST_STAGE = 200;
    /** A prefix mark in a tsquery's text, with the weights after it. */
    private static final Pattern PREFIX = Pattern.compile(":\\*([A-D]*)");
    private static final Pattern PLAN_ROWS = Pattern.compile(" rows=(\\d+) ");

    private final Connection connection;
    /** A tsquery's SQL with {@code ?} for its text (the configuration a literal, see PostgresItemRepository). */
    private final String tsquery;

    FullTextCandidates(Connection connection, String tsquery) {
        this.connection = connection;
        this.tsquery = tsquery;
    }

    /** A statement selecting {@code columns} of {@code items i} and a score, best first, and its parameters. */
    record Ranked(String sql, List<Object> parameters) {
    }

    /** The statement ranking the best {@code limit} matches of {@code matchExpression} that pass {@code condition}. */
    Optional<Ranked> ranked(String columns, String matchExpression, String condition, List<Object> conditions, int limit)
            throws SQLException {
        List<String> alternatives = TsQuery.alternatives(matchExpression);
        if (alternatives.isEmpty()) {
            return Optional.empty();
        }
        long[] expected = new long[alternatives.size()];
        for (int i = 0; i < expected.length; i++) {
            expected[i] = expected(alternatives.get(i));
        }
        long sum = LongStream.of(expected).sum();
        List<Integer> rare = IntStream.range(0, expected.length).filter(i -> sum <= RANKED || expected[i] <= RANKED)
                .boxed().toList();
        int first = Math.max(4 * limit, FIRST_STAGE);
        // one alternative: every picked row holds it, so the first stage keeps the newest; picking more is waste
        boolean single = alternatives.size() == 1;
        int recent = single ? first : RANKED;
        String whole = TsQuery.join(alternatives, "|");
        List<Object> ranks = new ArrayList<>();
        List<Object> parameters = new ArrayList<>();
        StringBuilder score = new StringBuilder();
        StringBuilder held = new StringBuilder();
        StringBuilder counts = new StringBuilder();
        StringBuilder weight = new StringBuilder();
        for (int i = 0; i < alternatives.size(); i++) {
            String idf = "greatest(0.1, ln(1 + (%1$s.n - %1$s.d" + i + " + 0.5) / (%1$s.d" + i + " + 0.5)))";
            score.append(i == 0 ? "" : " + ").append(String.format(idf, "s")).append(" * ts_rank(")
                    .append(PostgresItemRepository.WEIGHTS).append(", s.search, ").append(tsquery).append(", 1)");
            ranks.add(alternatives.get(i));
            if (single) {
                held.append(", 1 AS h0");
            } else {
                held.append(", (p.search @@ ").append(tsquery).append(")::int AS h").append(i);
                parameters.add(alternatives.get(i));
            }
            counts.append(", ").append(rare.contains(i) ? "(sum(h.h" + i + ") OVER ())::float8" : expected[i] + "::float8")
                    .append(" AS d").append(i);
            weight.append(i == 0 ? "" : " + ").append(String.format(idf, "c")).append(" * c.h").append(i);
        }
        String picked;
        if (sum <= RANKED) {
            picked = "SELECT i.seq, i.search FROM items i WHERE i.search @@ " + tsquery + " AND " + condition;
            parameters.add(whole);
            parameters.addAll(conditions);
        } else {
            // the window's bound as a value: the planner then knows it holds a few percent of the graph and walks it
            // back from the newest (as a subquery it was a third, and a common AND was read from the whole graph)
            long after = Math.max(0, newest() - WINDOW);
            List<String> picks = new ArrayList<>();
            if (!rare.isEmpty()) {
                picks.add(everyMatch(TsQuery.join(rare.stream().map(alternatives::get).toList(), "|"), condition,
                        conditions, parameters));
            }
            List<String> common = IntStream.range(0, alternatives.size()).filter(i -> !rare.contains(i))
                    .mapToObj(alternatives::get).toList();
            if (common.size() > 1) {
                // its rows hold the same common words (a rare one's are picked above): the newest come first. Whole
                // words: an AND of prefixes merges every word each covers before intersecting (200 ms at 1M items)
                String all = TsQuery.join(common.stream().map(FullTextCandidates::whole).toList(), "&");
                picks.add(estimated(all) <= ALL_COMMON ? newestMatches(all, first, condition, conditions, parameters)
                        : newestInWindow(all, Integer.toString(first), after, condition, conditions, parameters));
            }
            if (picks.isEmpty()) {
                picked = newestInWindow(whole, Integer.toString(recent), after, condition, conditions, parameters);
            } else {
                // The newest matches of the whole query only fill a first stage that the items holding a rare word
                // or every common word leave short (a word mistyped, a rare word's few items): those rank first, and
                // walking back through sparse words costs 30 ms at 1M items. A LIMIT of 0 does not run its plan.
                picked = "WITH f AS MATERIALIZED (" + String.join(" UNION ALL ", picks) + ") SELECT DISTINCT ON (u.seq)"
                        + " u.seq, u.search FROM (SELECT * FROM f UNION ALL " + newestInWindow(whole, "CASE WHEN (SELECT"
                        + " count(*) FROM f) < " + first + " THEN " + recent + " ELSE 0 END", after, condition,
                        conditions, parameters) + ") u";
            }
        }
        ranks.addAll(parameters);
        ranks.add(limit);
        // the picked rows carry only their words: the items' other columns are read for the best `limit` only
        return Optional.of(new Ranked("SELECT " + columns + ", r.score FROM (SELECT s.seq, " + score + " AS score FROM ("
                + "SELECT c.* FROM (SELECT h.*, (SELECT max(seq) FROM items)::float8 AS n" + counts
                + " FROM (SELECT p.seq, p.search" + held + " FROM (" + picked + ") p) h) c ORDER BY " + weight
                + " DESC, c.seq DESC LIMIT " + first + ") s ORDER BY score DESC, s.seq DESC LIMIT ?) r"
                + " JOIN items i ON i.seq = r.seq ORDER BY r.score DESC, r.seq DESC", ranks));
    }

    /** Every item matching {@code query} that passes the condition (a rare word's: found through the index). */
    private String everyMatch(String query, String condition, List<Object> conditions, List<Object> parameters) {
        parameters.add(query);
        parameters.addAll(conditions);
        return "(SELECT i.seq, i.search FROM items i WHERE i.search @@ " + tsquery + " AND " + condition + " LIMIT "
                + 2 * RANKED + ")";
    }

    /**
     * The newest {@code count} of the items matching {@code query}, found through the index: all of them are read
     * (checking a row's tsvector costs about 5 us, walking back until enough match costs that for every row passed).
     */
    private String newestMatches(String query, int count, String condition, List<Object> conditions,
                                 List<Object> parameters) {
        parameters.add(query);
        parameters.addAll(conditions);
        return "(SELECT m.seq, m.search FROM (SELECT i.seq, i.search FROM items i WHERE i.search @@ " + tsquery + " AND "
                + condition + " OFFSET 0) m ORDER BY m.seq DESC LIMIT " + count + ")";
    }

    /** The newest {@code count} matching {@code query} among the items after {@code after}: a bounded walk back. */
    private String newestInWindow(String query, String count, long after, String condition, List<Object> conditions,
                                  List<Object> parameters) {
        parameters.add(query);
        parameters.addAll(conditions);
        return "(SELECT i.seq, i.search FROM items i WHERE i.search @@ " + tsquery + " AND " + condition
                + " AND i.seq > " + after + " ORDER BY i.seq DESC LIMIT " + count + ")";
    }

    /** The newest item's seq. */
    private long newest() throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT coalesce(max(seq), 0) FROM items");
             ResultSet row = statement.executeQuery()) {
            return row.next() ? row.getLong(1) : 0;
        }
    }

    /**
     * How many items the planner expects to match an alternative, from its whole words: for a prefix it guesses a
     * small number whatever the word's own frequency (a word in two thirds of 4,500 items: 90), and planning a prefix
     * scans the index's entries it covers (milliseconds for a common stem).
     */
    private long expected(String alternative) throws SQLException {
        return estimated(whole(alternative));
    }

    /** A tsquery text with its prefixes made whole words (their weights kept). */
    private static String whole(String query) {
        return PREFIX.matcher(query).replaceAll(match -> match.group(1).isEmpty() ? "" : ":" + match.group(1));
    }

    /** The planner's estimate of the items matching {@code query} (from the column's most common lexemes). */
    long estimated(String query) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("EXPLAIN SELECT 1 FROM items i WHERE i.search @@ "
                + tsquery)) {
            statement.setString(1, query);
            try (ResultSet row = statement.executeQuery()) {
                Matcher rows = PLAN_ROWS.matcher(row.next() ? row.getString(1) : "");
                return rows.find() ? Long.parseLong(rows.group(1)) : 0;
            }
        }
    }
}
