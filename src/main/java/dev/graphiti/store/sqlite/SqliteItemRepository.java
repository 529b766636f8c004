package dev.graphiti.store.sqlite;

import dev.graphiti.graph.GraphStats;
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
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/** One open graph database. Not shared between threads: each command opens its own. */
final class SqliteItemRepository implements SharedReads {

    /**
     * BM25 column weights: title, content, tags, entities, and the occasion (the work an item was settled in) below
     * the content: evidence about the item, not its statement.
     */
    private static final String BM25 = "bm25(items_fts, 4.0, 1.0, 3.0, 2.0, 0.5)";
    /** How many best matches per wanted one the index hands over before an unselective filter runs on them. */
    private static final int OVER_FETCH = 4;
    private static final String NEWEST_FIRST = ItemReads.NEWEST_FIRST;

    private final Connection connection;
    private final Consumer<Connection> release;
    private final Path database;
    private final BusyRetry retry;
    private final ItemRows rows;
    private final ItemReads reads;

    /** @param release what closing this does with the connection: close it, or keep it for the next command */
    SqliteItemRepository(Connection connection, Path database, Scope scope, BusyRetry retry, Consumer<Connection> release) {
        this.connection = connection;
        this.release = release;
        this.database = database;
        this.retry = retry;
        SqliteDialect dialect = new SqliteDialect();
        Statements perUse = Statements.perUse(connection);
        this.rows = new ItemRows(perUse, scope, dialect);
        this.reads = new ItemReads(perUse, rows, new SqliteTransactions(connection, retry), dialect);
    }

    @Override
    public ItemReads reads() {
        return reads;
    }

    @Override
    public <T> T write(WriteWork<T> work) {
        try (Statements kept = Statements.kept(connection)) {
            SqliteItemWriter writer = new SqliteItemWriter(connection, kept, rows.with(kept));
            return retry.run(() -> Transactions.immediate(connection, () -> {
                try {
                    return work.run(writer);
                } catch (SharedWrites.SqlFailure e) {
                    throw e.getCause();
                }
            }));
        }
    }

    @Override
    public List<LexicalMatch> lexical(String matchExpression, ItemFilter filter, Optional<String> exactPhrase, int limit) {
        SqlFilter sql = reads.filter(filter);
        List<Object> conditions = new ArrayList<>(sql.parameters());
        String condition = sql.condition();
        if (exactPhrase.isPresent()) {
            condition += " AND (instr(lower(i.title), ?) > 0 OR instr(lower(i.content), ?) > 0)";
            String phrase = exactPhrase.get().toLowerCase(Locale.ROOT);
            conditions.add(phrase);
            conditions.add(phrase);
        }
        String where = condition;
        return read(() -> ranked(matchExpression, filter, where, conditions, 0, limit));
    }

    @Override
    public List<LexicalMatch> lexicalAmongNewest(String matchExpression, ItemFilter filter, int newest, int limit) {
        SqlFilter sql = reads.filter(filter);
        return read(() -> ranked(matchExpression, filter, sql.condition(), sql.parameters(),
                Math.max(0, lastSeq() - newest), limit));
    }

    /** The seq of the row stored last: the count of rows ever stored, in O(1). */
    private long lastSeq() throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("SELECT max(seq) FROM items")) {
            return row.next() ? row.getLong(1) : 0;
        }
    }

    /** The best matches of rowid above {@code after} (0: all) that pass the filter, best first. */
    private List<LexicalMatch> ranked(String match, ItemFilter filter, String condition, List<Object> conditions,
                                      long after, int limit) throws SQLException {
        Optional<List<LexicalMatch>> quick = broad(filter)
                ? bestThenFiltered(match, condition, conditions, after, limit) : Optional.empty();
        return quick.isPresent() ? quick.get() : withItems(bestOfFiltered(match, condition, conditions, after, limit));
    }

    /** FTS5 seeks to a rowid bound, so only the rows above it are scored. */
    private static String above(long after) {
        return after > 0 ? " AND items_fts.rowid > " + after : "";
    }

    /** Filters that keep most items (current ones only, or everything): the best matches mostly pass them. */
    private static boolean broad(ItemFilter filter) {
        return filter.kinds().isEmpty() && filter.tag().isEmpty() && filter.since().isEmpty() && filter.before().isEmpty()
                && filter.asOf().isEmpty();
    }

    /**
     * The index alone ranks every match on (rowid, score) and hands over the best few times {@code limit}; the
     * filter then runs on those rows only, as they are read whole, best first, a limit's worth at a time (most
     * pass, so one read is the rule). Exact when enough of them pass or when they were all the matches; empty
     * otherwise (then {@link #bestOfFiltered} decides). Joining every match to its item first costs as much as
     * the ranking again, since the item rows are wide.
     */
    private Optional<List<LexicalMatch>> bestThenFiltered(String match, String condition, List<Object> conditions,
                                                          long after, int limit) throws SQLException {
        int fetch = limit * OVER_FETCH;
        Map<Long, Double> best = scores("SELECT rowid, " + BM25 + " AS score FROM items_fts WHERE items_fts MATCH ?"
                + above(after) + " ORDER BY score LIMIT ?", List.of(match, fetch));
        List<Long> ranked = new ArrayList<>(best.keySet());
        Map<Long, KnowledgeItem> passing = new HashMap<>();
        int read = 0;
        while (passing.size() < limit && read < ranked.size()) {
            List<Long> next = ranked.subList(read, Math.min(ranked.size(), read + limit - passing.size()));
            read += next.size();
            passing.putAll(bySeq(next, condition, conditions));
        }
        if (passing.size() < limit && best.size() == fetch) {
            return Optional.empty();
        }
        List<LexicalMatch> matches = new ArrayList<>(passing.size());
        for (Long seq : ranked.subList(0, read)) {
            KnowledgeItem item = passing.get(seq);
            if (item != null) {
                matches.add(new LexicalMatch(item, best.get(seq)));
            }
        }
        return Optional.of(matches);
    }

    /**
     * Every match joined to its item and filtered, then ranked. CROSS JOIN keeps the full-text index as the outer
     * loop: left to itself SQLite 3.51 walks the items by an index on the filter columns and runs the MATCH once
     * per item (2 s instead of 7 ms at 10k items).
     */
    private Map<Long, Double> bestOfFiltered(String match, String condition, List<Object> conditions, long after,
                                             int limit) throws SQLException {
        List<Object> parameters = new ArrayList<>();
        parameters.add(match);
        parameters.addAll(conditions);
        parameters.add(limit);
        return scores("SELECT items_fts.rowid, " + BM25 + " AS score FROM items_fts CROSS JOIN items i "
                + "ON i.seq = items_fts.rowid WHERE items_fts MATCH ?" + above(after) + " AND " + condition
                + " ORDER BY score LIMIT ?", parameters);
    }

    /** (rowid, relevance) in rank order; relevance is the negated BM25 score, higher is better. */
    private Map<Long, Double> scores(String query, List<Object> parameters) throws SQLException {
        Map<Long, Double> scores = new java.util.LinkedHashMap<>();
        try (PreparedStatement statement = Statements.prepare(connection, query, parameters);
             ResultSet row = statement.executeQuery()) {
            while (row.next()) {
                scores.put(row.getLong(1), -row.getDouble(2));
            }
        }
        return scores;
    }

    /** Reads whole items for the ranked rows only, keeping the rank order. */
    private List<LexicalMatch> withItems(Map<Long, Double> scores) throws SQLException {
        if (scores.isEmpty()) {
            return List.of();
        }
        SqlFilter any = reads.filter(ItemFilter.current().withSuperseded(true));
        Map<Long, KnowledgeItem> items = bySeq(scores.keySet(), any.condition(), any.parameters());
        List<LexicalMatch> matches = new ArrayList<>(scores.size());
        scores.forEach((seq, relevance) -> {
            KnowledgeItem item = items.get(seq);
            if (item != null) {
                matches.add(new LexicalMatch(item, relevance));
            }
        });
        return matches;
    }

    /** The items of {@code seqs} that pass {@code condition} on {@code items i}, by seq. */
    private Map<Long, KnowledgeItem> bySeq(Collection<Long> seqs, String condition, List<Object> conditions)
            throws SQLException {
        return reads.bySeq(seqs, condition, conditions);
    }

    @Override
    public TermCounts termCounts(List<String> matchExpressions, int cap) {
        return read(() -> {
            long items = lastSeq(); // exact enough: deleted rows still count
            List<Integer> documents = new ArrayList<>();
            for (String match : matchExpressions) {
                try (PreparedStatement statement = Statements.prepare(connection,
                        "SELECT count(*) FROM (SELECT 1 FROM items_fts WHERE items_fts MATCH ? LIMIT ?)", List.of(match, cap));
                     ResultSet row = statement.executeQuery()) {
                    documents.add(row.next() ? row.getInt(1) : 0);
                }
            }
            return new TermCounts(items, documents);
        });
    }

    @Override
    public List<ItemBrief> newestMatching(String matchExpression, ItemFilter filter, int offset, int limit) {
        SqlFilter sql = reads.filter(filter);
        List<Object> parameters = new ArrayList<>();
        parameters.add(matchExpression);
        parameters.addAll(sql.parameters());
        parameters.add(limit);
        parameters.add(offset);
        // CROSS JOIN keeps items_fts the outer loop, so its rowid order serves ORDER BY and LIMIT ends the scan.
        return read(() -> rows.briefs("SELECT " + SqliteDialect.BRIEF_COLUMNS + " FROM items_fts CROSS JOIN items i"
                + " ON i.seq = items_fts.rowid WHERE items_fts MATCH ? AND " + sql.condition()
                + " ORDER BY items_fts.rowid DESC LIMIT ? OFFSET ?", parameters));
    }

    @Override
    public List<KnowledgeItem> untagged(List<String> sourcePrefixes, String tag, int offset, int limit) {
        if (sourcePrefixes.isEmpty()) {
            return List.of();
        }
        List<String> sources = new ArrayList<>();
        for (String prefix : sourcePrefixes) {
            // substr, not LIKE: a prefix's % or _ are its own characters, and the comparison keeps case. Literals, not
            // parameters: SQLite uses a partial index only for a query that states its WHERE in the same terms.
            sources.add("substr(i.source, 1, " + prefix.length() + ") = '" + prefix.replace("'", "''") + "'");
        }
        // The review queue's sources and flagged items have their own index (schema 7): named, since without statistics the planner
        // would rather read every current item by superseded_by and sort them.
        String from = sourcePrefixes.equals(AUTOMATIC_SOURCES) ? "items i INDEXED BY items_review" : "items i";
        return read(() -> rows.items("SELECT " + ItemRows.COLUMNS + " FROM " + from
                + " WHERE i.superseded_by IS NULL AND (" + String.join(" OR ", sources) + " OR i.flag IS NOT NULL)"
                + " AND NOT EXISTS (SELECT 1 FROM item_tags t WHERE t.tag = ? AND t.seq = i.seq)"
                + NEWEST_FIRST + " LIMIT ? OFFSET ?", List.<Object>of(tag, limit, offset)));
    }

    @Override
    public GraphStats stats(ItemFilter filter, int topEntities) {
        if (!broad(filter)) {
            return reads.stats(filter, topEntities);
        }
        // Without a narrowing filter, counts run on schema 3's covering indexes alone: kinds of current items on
        // (superseded_by, kind), searched here, not scanned as the filter's "+" would have it; entities on (name,
        // type), the few superseded items left out by set. Joining every entity to its wide item row costs six
        // times as much (100k items: 1.6 s).
        String counted = filter.includeSuperseded() ? "items i" : "items i WHERE i.superseded_by IS NULL";
        String entityRows = filter.includeSuperseded() ? "item_entities e"
                : "item_entities e WHERE e.seq NOT IN (SELECT seq FROM items WHERE superseded_by IS NOT NULL)";
        return reads.stats(counted, entityRows, List.of(), topEntities);
    }

    @Override
    public StoreHealth health(HealthDepth depth) {
        return read(() -> {
            // The checks list every damaged page; reading pages strictly (see SqliteStore) would stop them at the first.
            Transactions.execute(connection, "PRAGMA cell_size_check = OFF");
            try {
                List<String> problems = new ArrayList<>(StoreChecks.integrity(connection, depth));
                List<String> fullText = StoreChecks.fullText(connection, depth);
                fullText.forEach(problem -> problems.add("full-text index: " + problem));
                int items;
                try (Statement statement = connection.createStatement();
                     ResultSet row = statement.executeQuery("SELECT COUNT(*) FROM items")) {
                    items = row.next() ? row.getInt(1) : 0;
                }
                return new StoreHealth(database, depth, Migrations.version(connection), Migrations.latest(), problems,
                        fullText, fileSize(database), fileSize(Path.of(database + "-wal")), items, Optional.empty());
            } finally {
                Transactions.execute(connection, "PRAGMA cell_size_check = ON");
            }
        });
    }

    @Override
    public long sizeOnDisk() {
        return fileSize(database) + fileSize(Path.of(database + "-wal"));
    }

    @Override
    public void reclaimSpace() {
        retry.run(() -> {
            Transactions.execute(connection, "PRAGMA wal_checkpoint(TRUNCATE)");
            Transactions.execute(connection, "VACUUM");
            Transactions.execute(connection, "PRAGMA wal_checkpoint(TRUNCATE)");
            return null;
        });
    }

    @Override
    public void close() {
        release.accept(connection);
    }

    private <T> T read(Transactions.SqlWork<T> work) {
        return retry.run(work);
    }

    private static long fileSize(Path file) {
        try {
            return Files.exists(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            return 0;
        }
    }
}
