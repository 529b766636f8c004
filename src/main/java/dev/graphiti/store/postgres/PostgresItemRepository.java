package dev.graphiti.store.postgres;

import dev.graphiti.graph.HealthDepth;
import dev.graphiti.graph.ItemBrief;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.LexicalMatch;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.StoreHealth;
import dev.graphiti.graph.TermCounts;
import dev.graphiti.store.jdbc.ItemReads;
import dev.graphiti.store.jdbc.SharedReads;
import dev.graphiti.store.jdbc.ItemRows;
import dev.graphiti.store.jdbc.SharedWrites;
import dev.graphiti.store.jdbc.SqlFilter;
import dev.graphiti.store.jdbc.Statements;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** One graph on PostgreSQL, on a connection borrowed from the pool for as long as it is open. */
final class PostgresItemRepository implements SharedReads {

    /**
     * ts_rank's weights for D, C, B, A: content 1, entities 2, tags 3, title 4, as SQLite's BM25 weights. An item's
     * occasion shares D with its content (the four are taken); {@code LexicalRanking} counts its words at half.
     */
    static final String WEIGHTS = "'{0.25, 0.5, 0.75, 1.0}'";
    private static final String NEWEST_FIRST = ItemReads.NEWEST_FIRST;
    /** A filter's condition for current items only. */
    static final String CURRENT = PostgresDialect.CURRENT;
    /** How many times the count's cap the planner must expect before a word is taken as common uncounted. */
    static final int COMMON = 4;

    private final Connection connection;
    private final PostgresMigrations.GraphSchema graph;
    private final String name;
    private final Retries retries;
    private final Rows rows;
    private final ItemReads reads;
    private final Runnable release;
    /**
     * A match expression's tsquery, {@code ?} its text: the configuration is a literal (a regconfig constant), so
     * the planner folds the call into a constant; a parameter cast to regconfig would leave it a call per row.
     */
    private final String tsquery;
    private final FullTextCandidates candidates;

    PostgresItemRepository(Connection connection, PostgresMigrations.GraphSchema graph, String name, Scope scope,
                           Retries retries, Runnable release) {
        this.connection = connection;
        this.graph = graph;
        this.name = name;
        this.retries = retries;
        PostgresDialect dialect = new PostgresDialect();
        Statements perUse = Statements.perUse(connection);
        ItemRows shared = new ItemRows(perUse, scope, dialect);
        this.rows = new Rows(shared);
        this.reads = new ItemReads(perUse, shared, new PostgresTransactions(connection, graph.number(), retries), dialect);
        this.release = release;
        this.tsquery = "to_tsquery('" + graph.language().replace("'", "''") + "'::regconfig, ?)";
        this.candidates = new FullTextCandidates(connection, tsquery);
    }

    @Override
    public ItemReads reads() {
        return reads;
    }

    @Override
    public <T> T write(WriteWork<T> work) {
        return write(Set.of(), work);
    }

    @Override
    public <T> T write(Set<String> claims, WriteWork<T> work) {
        return retries.transaction(connection, () -> {
            try {
                return work.run(new PostgresItemWriter(connection, rows,
                        GraphLock.claims(graph.number(), new TreeSet<>(claims))));
            } catch (SharedWrites.SqlFailure e) {
                throw e.getCause();
            }
        });
    }

    @Override
    public List<LexicalMatch> lexical(String matchExpression, ItemFilter filter, Optional<String> exactPhrase, int limit) {
        SqlFilter sql = SqlFilter.of(filter, CURRENT);
        List<Object> conditions = new ArrayList<>(sql.parameters());
        String condition = sql.condition();
        if (exactPhrase.isPresent()) {
            condition += " AND (strpos(lower(i.title), ?) > 0 OR strpos(lower(i.content), ?) > 0)";
            String phrase = exactPhrase.get().toLowerCase(Locale.ROOT);
            conditions.add(phrase);
            conditions.add(phrase);
        }
        if (exactPhrase.isEmpty()) {
            String selected = condition;
            return read(() -> {
                Optional<FullTextCandidates.Ranked> ranked = candidates.ranked(Rows.COLUMNS, matchExpression, selected,
                        conditions, limit);
                return ranked.isEmpty() ? List.of() : rows.query(ranked.get().sql(), ranked.get().parameters(), 1,
                        (item, extra, seq) -> new LexicalMatch(item, ((Number) extra[0]).doubleValue()));
            });
        }
        return ranked(matchExpression, condition, conditions, limit);
    }

    /**
     * As {@link #lexical}: PostgreSQL bounds what a query ranks by how selective its words are at any size of graph
     * ({@link FullTextCandidates}), not by age, so an old item is found as a new one is.
     */
    @Override
    public List<LexicalMatch> lexicalAmongNewest(String matchExpression, ItemFilter filter, int newest, int limit) {
        return lexical(matchExpression, filter, Optional.empty(), limit);
    }

    /** The best matches (by ts_rank over the weighted fields) that pass the condition. */
    private List<LexicalMatch> ranked(String matchExpression, String condition, List<Object> conditions, int limit) {
        Optional<String> query = TsQuery.of(matchExpression);
        if (query.isEmpty()) {
            return List.of();
        }
        List<Object> parameters = new ArrayList<>();
        parameters.add(query.get());
        parameters.addAll(conditions);
        parameters.add(limit);
        return read(() -> rows.query("SELECT " + Rows.COLUMNS + ", ts_rank(" + WEIGHTS + ", i.search, q, 1) AS score"
                + " FROM items i, " + tsquery + " q WHERE i.search @@ q AND " + condition
                + " ORDER BY score DESC, i.seq DESC LIMIT ?", parameters, 1,
                (item, extra, seq) -> new LexicalMatch(item, ((Number) extra[0]).doubleValue())));
    }

    private long lastSeq() throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SELECT coalesce(max(seq), 0) FROM items");
             ResultSet row = statement.executeQuery()) {
            return row.next() ? row.getLong(1) : 0;
        }
    }

    /**
     * Counting a word's items reads a heap page per item (a GIN index cannot answer alone), 2,000 pages for a word
     * past the cap: most of a search at 1M items. So a word PostgreSQL's statistics put in at least {@link #COMMON}
     * times the cap is not counted: it is common, and the count would say the cap. The rest are counted.
     */
    @Override
    public TermCounts termCounts(List<String> matchExpressions, int cap) {
        return read(() -> {
            long items = lastSeq(); // as on SQLite: deleted rows still count
            List<Integer> documents = new ArrayList<>();
            for (String match : matchExpressions) {
                Optional<String> query = TsQuery.of(match);
                documents.add(query.isEmpty() ? 0 : candidates.estimated(query.get()) >= (long) COMMON * cap ? cap
                        : counted(query.get(), cap));
            }
            return new TermCounts(items, documents);
        });
    }

    private int counted(String query, int cap) throws SQLException {
        try (PreparedStatement statement = Rows.prepare(connection, "SELECT count(*) FROM (SELECT 1 FROM items i "
                + "WHERE i.search @@ " + tsquery + " LIMIT ?) matched", List.of(query, cap));
             ResultSet row = statement.executeQuery()) {
            return row.next() ? row.getInt(1) : 0;
        }
    }

    @Override
    public List<ItemBrief> newestMatching(String matchExpression, ItemFilter filter, int offset, int limit) {
        Optional<String> query = TsQuery.of(matchExpression);
        if (query.isEmpty()) {
            return List.of();
        }
        SqlFilter sql = SqlFilter.of(filter, CURRENT);
        List<Object> parameters = new ArrayList<>();
        parameters.add(query.get());
        parameters.addAll(sql.parameters());
        parameters.add(limit);
        parameters.add(offset);
        return read(() -> rows.briefs("SELECT " + Rows.BRIEF_COLUMNS + " FROM items i WHERE i.search @@ " + tsquery + " AND " + sql.condition() + " ORDER BY i.seq DESC LIMIT ? OFFSET ?", parameters));
    }

    @Override
    public List<KnowledgeItem> untagged(List<String> sourcePrefixes, String tag, int offset, int limit) {
        if (sourcePrefixes.isEmpty()) {
            return List.of();
        }
        List<Object> parameters = new ArrayList<>();
        List<String> sources = new ArrayList<>();
        for (String prefix : sourcePrefixes) {
            // left(), not LIKE: a prefix's % or _ are its own characters, and the comparison keeps case. Literals, so
            // that the review queue's sources match the WHERE of their partial index (schema 3, items_review).
            sources.add("left(i.source, " + prefix.length() + ") = '" + prefix.replace("'", "''") + "'");
        }
        parameters.add(tag);
        parameters.add(limit);
        parameters.add(offset);
        return select("i.superseded_by IS NULL AND (" + String.join(" OR ", sources) + " OR i.flag IS NOT NULL)"
                + " AND NOT EXISTS (SELECT 1 FROM item_tags t WHERE t.tag = ? AND t.seq = i.seq)"
                + NEWEST_FIRST + " LIMIT ? OFFSET ?", parameters);
    }

    /**
     * PostgreSQL checks its own pages (and keeps the full-text column in step itself: it is generated); what is
     * left to see is whether the graph is at this program's schema, how large it is and how many items it holds.
     */
    @Override
    public StoreHealth health(HealthDepth depth) {
        return read(() -> {
            List<String> problems = new ArrayList<>();
            int items;
            try (PreparedStatement statement = connection.prepareStatement("SELECT count(*), count(*) FILTER (WHERE "
                    + "i.search IS NULL) FROM items i"); ResultSet row = statement.executeQuery()) {
                row.next();
                items = row.getInt(1);
                if (row.getInt(2) > 0) {
                    problems.add(row.getInt(2) + " items have no full-text entry");
                }
            }
            // the URL without its query, where a password may be given
            String url = connection.getMetaData().getURL().replaceAll("[?;].*", "");
            return new StoreHealth(Path.of(name), depth, graph.version(), PostgresMigrations.latest(), problems, List.of(),
                    sizeOnDisk(), 0, items, Optional.of("PostgreSQL at " + url + ", schema " + graph.schema()));
        });
    }

    @Override
    public long sizeOnDisk() {
        return read(() -> {
            try (PreparedStatement statement = connection.prepareStatement("SELECT coalesce(sum(pg_total_relation_size(c.oid)),"
                    + " 0) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = ? AND c.relkind = 'r'")) {
                statement.setString(1, graph.schema());
                try (ResultSet row = statement.executeQuery()) {
                    return row.next() ? row.getLong(1) : 0L;
                }
            }
        });
    }

    /** VACUUM returns what it can (not the file to the system, as VACUUM FULL would, which locks readers out). */
    @Override
    public void reclaimSpace() {
        retries.run(() -> {
            for (String table : List.of("items", "item_tags", "item_entities", "provenance", "item_vectors")) {
                Retries.execute(connection, "VACUUM (ANALYZE) " + table);
            }
            return null;
        });
    }

    @Override
    public void close() {
        release.run();
    }

    private List<KnowledgeItem> select(String condition, List<Object> parameters) {
        return reads.select(condition, parameters);
    }

    private <T> T read(Retries.SqlWork<T> work) {
        return retries.run(work);
    }
}
