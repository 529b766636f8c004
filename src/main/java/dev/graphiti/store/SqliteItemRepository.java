package dev.graphiti.store;

import dev.graphiti.graph.GraphStats;
import dev.graphiti.graph.HealthDepth;
import dev.graphiti.graph.ItemBrief;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.ItemRepository;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.LexicalMatch;
import dev.graphiti.graph.Provenance;
import dev.graphiti.graph.RelatedItem;
import dev.graphiti.graph.Scope;
import dev.graphiti.graph.StoreHealth;
import dev.graphiti.graph.StoredItem;
import dev.graphiti.graph.TermCounts;
import dev.graphiti.graph.ThreadPosition;
import dev.graphiti.store.jdbc.Statements;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/** One open graph database. Not shared between threads: each command opens its own. */
final class SqliteItemRepository implements ItemRepository {

    /** BM25 column weights: title, content, tags, entities. */
    private static final String BM25 = "bm25(items_fts, 4.0, 1.0, 3.0, 2.0)";
    /** How many best matches per wanted one the index hands over before an unselective filter runs on them. */
    private static final int OVER_FETCH = 4;
    /** The order of list and briefs: a brief's page follows the same newest-first order as a list. */
    private static final String NEWEST_FIRST = " ORDER BY i.created_at DESC, i.seq DESC";

    private final Connection connection;
    private final Consumer<Connection> release;
    private final Path database;
    private final BusyRetry retry;
    private final ItemRows rows;

    /** @param release what closing this does with the connection: close it, or keep it for the next command */
    SqliteItemRepository(Connection connection, Path database, Scope scope, BusyRetry retry, Consumer<Connection> release) {
        this.connection = connection;
        this.release = release;
        this.database = database;
        this.retry = retry;
        this.rows = new ItemRows(connection, scope);
    }

    @Override
    public <T> T write(WriteWork<T> work) {
        try (Statements kept = Statements.kept(connection)) {
            SqliteItemWriter writer = new SqliteItemWriter(connection, kept, rows.with(kept));
            return retry.run(() -> Transactions.immediate(connection, () -> {
                try {
                    return work.run(writer);
                } catch (SqliteItemWriter.SqlFailure e) {
                    throw e.getCause();
                }
            }));
        }
    }

    @Override
    public Optional<KnowledgeItem> get(String id) {
        List<KnowledgeItem> found = select("i.id = ?", List.of(id));
        return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0));
    }

    @Override
    public List<KnowledgeItem> getAll(Collection<String> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        Map<String, KnowledgeItem> byId = new HashMap<>();
        for (KnowledgeItem item : select("i.id IN (" + placeholders(ids.size()) + ")", new ArrayList<>(ids))) {
            byId.put(item.id(), item);
        }
        return ids.stream().map(byId::get).filter(java.util.Objects::nonNull).collect(Collectors.toList());
    }

    @Override
    public List<KnowledgeItem> findByIdPrefix(String prefix, int limit) {
        String low = prefix.toLowerCase(Locale.ROOT);
        // ids are lower-case base32, so a range scan on the unique index finds the prefix
        return select("i.id >= ? AND i.id < ? ORDER BY i.id LIMIT ?", List.of(low, low + '\uffff', limit));
    }

    @Override
    public List<KnowledgeItem> findByTitle(String text, int limit) {
        List<KnowledgeItem> exact = select("lower(i.title) = lower(?) ORDER BY (i.superseded_by IS NULL) DESC, "
                + "i.created_at DESC LIMIT ?", List.of(text, limit));
        if (!exact.isEmpty()) {
            return exact;
        }
        return select("instr(lower(i.title), lower(?)) > 0 ORDER BY (i.superseded_by IS NULL) DESC, "
                + "i.created_at DESC LIMIT ?", List.of(text, limit));
    }

    @Override
    public List<KnowledgeItem> list(ItemFilter filter, int limit) {
        SqlFilter sql = SqlFilter.of(filter);
        List<Object> parameters = new ArrayList<>(sql.parameters());
        parameters.add(limit);
        return select(sql.condition() + NEWEST_FIRST + " LIMIT ?", parameters);
    }

    @Override
    public List<LexicalMatch> lexical(String matchExpression, ItemFilter filter, Optional<String> exactPhrase, int limit) {
        SqlFilter sql = SqlFilter.of(filter);
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
        SqlFilter sql = SqlFilter.of(filter);
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
        return filter.kinds().isEmpty() && filter.tag().isEmpty() && filter.since().isEmpty() && filter.before().isEmpty();
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
        try (PreparedStatement statement = ItemRows.prepare(connection, query, parameters);
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
        Map<Long, KnowledgeItem> items = bySeq(scores.keySet(), SqlFilter.of(ItemFilter.current().withSuperseded(true)));
        List<LexicalMatch> matches = new ArrayList<>(scores.size());
        scores.forEach((seq, relevance) -> {
            KnowledgeItem item = items.get(seq);
            if (item != null) {
                matches.add(new LexicalMatch(item, relevance));
            }
        });
        return matches;
    }

    /** The items of {@code seqs} that pass {@code filter}, by seq. */
    private Map<Long, KnowledgeItem> bySeq(Collection<Long> seqs, SqlFilter filter) throws SQLException {
        return bySeq(seqs, filter.condition(), filter.parameters());
    }

    /** The items of {@code seqs} that pass {@code condition} on {@code items i}, by seq. */
    private Map<Long, KnowledgeItem> bySeq(Collection<Long> seqs, String condition, List<Object> conditions)
            throws SQLException {
        List<Object> parameters = new ArrayList<>(seqs);
        parameters.addAll(conditions);
        Map<Long, KnowledgeItem> items = new HashMap<>();
        rows.query("SELECT " + ItemRows.COLUMNS + " FROM items i WHERE i.seq IN (" + placeholders(seqs.size()) + ") AND "
                + condition, parameters, new ItemRows.Extra<Void>() {
                    @Override
                    public Object read(ResultSet row) throws SQLException {
                        return row.getLong("seq");
                    }

                    @Override
                    public Void combine(KnowledgeItem item, Object seq) {
                        items.put((Long) seq, item);
                        return null;
                    }
                });
        return items;
    }

    @Override
    public TermCounts termCounts(List<String> matchExpressions, int cap) {
        return read(() -> {
            long items = lastSeq(); // exact enough: deleted rows still count
            List<Integer> documents = new ArrayList<>();
            for (String match : matchExpressions) {
                try (PreparedStatement statement = ItemRows.prepare(connection,
                        "SELECT count(*) FROM (SELECT 1 FROM items_fts WHERE items_fts MATCH ? LIMIT ?)", List.of(match, cap));
                     ResultSet row = statement.executeQuery()) {
                    documents.add(row.next() ? row.getInt(1) : 0);
                }
            }
            return new TermCounts(items, documents);
        });
    }

    @Override
    public Map<String, List<KnowledgeItem>> neighbours(Collection<String> ids, ItemFilter filter) {
        if (ids.isEmpty()) {
            return Map.of();
        }
        String side = "(SELECT n.seq FROM items n WHERE n.thread = s.thread AND n.position %s s.position "
                + "ORDER BY n.position %s LIMIT 1)";
        String pairs = "SELECT s.id, " + String.format(side, "<", "DESC") + ", " + String.format(side, ">", "ASC")
                + " FROM items s WHERE s.id IN (" + placeholders(ids.size()) + ") AND s.thread IS NOT NULL";
        return read(() -> {
            Map<String, List<Long>> seqsById = new HashMap<>();
            java.util.Set<Long> wanted = new java.util.LinkedHashSet<>();
            try (PreparedStatement statement = ItemRows.prepare(connection, pairs, new ArrayList<>(ids));
                 ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    List<Long> sides = new ArrayList<>(2);
                    for (int column = 2; column <= 3; column++) {
                        long seq = row.getLong(column);
                        if (!row.wasNull()) {
                            sides.add(seq);
                            wanted.add(seq);
                        }
                    }
                    seqsById.put(row.getString(1), sides);
                }
            }
            if (wanted.isEmpty()) {
                return Map.of();
            }
            Map<Long, KnowledgeItem> items = bySeq(wanted, SqlFilter.of(filter));
            Map<String, List<KnowledgeItem>> result = new HashMap<>();
            seqsById.forEach((id, seqs) -> result.put(id, seqs.stream().map(items::get).filter(java.util.Objects::nonNull).toList()));
            return result;
        });
    }

    @Override
    public List<ItemBrief> briefs(ItemFilter filter, int offset, int limit) {
        SqlFilter sql = SqlFilter.of(filter);
        List<Object> parameters = new ArrayList<>(sql.parameters());
        parameters.add(limit);
        parameters.add(offset);
        return read(() -> rows.briefs("SELECT " + ItemRows.BRIEF_COLUMNS + " FROM items i WHERE " + sql.condition()
                + NEWEST_FIRST + " LIMIT ? OFFSET ?", parameters));
    }

    @Override
    public List<ItemBrief> newestMatching(String matchExpression, ItemFilter filter, int offset, int limit) {
        SqlFilter sql = SqlFilter.of(filter);
        List<Object> parameters = new ArrayList<>();
        parameters.add(matchExpression);
        parameters.addAll(sql.parameters());
        parameters.add(limit);
        parameters.add(offset);
        // CROSS JOIN keeps items_fts the outer loop, so its rowid order serves ORDER BY and LIMIT ends the scan.
        return read(() -> rows.briefs("SELECT " + ItemRows.BRIEF_COLUMNS + " FROM items_fts CROSS JOIN items i"
                + " ON i.seq = items_fts.rowid WHERE items_fts MATCH ? AND " + sql.condition()
                + " ORDER BY items_fts.rowid DESC LIMIT ? OFFSET ?", parameters));
    }

    @Override
    public List<RelatedItem> related(String id, int limit) {
        String sql = "SELECT i.id, i.kind, i.title, COUNT(*) AS shared FROM items self "
                + "JOIN item_entities e ON e.seq = self.seq JOIN item_entities o ON o.name = e.name AND o.seq <> e.seq "
                + "JOIN items i ON i.seq = o.seq WHERE self.id = ? AND i.superseded_by IS NULL "
                + "GROUP BY i.seq ORDER BY shared DESC, i.created_at DESC LIMIT ?";
        return read(() -> {
            List<RelatedItem> result = new ArrayList<>();
            try (PreparedStatement statement = ItemRows.prepare(connection, sql, List.of(id, limit));
                 ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    result.add(new RelatedItem(row.getString(1), Kind.valueOf(row.getString(2)), row.getString(3), row.getInt(4)));
                }
            }
            return result;
        });
    }

    @Override
    public List<StoredItem> stored(long position, int limit) {
        return read(() -> rows.query("SELECT " + ItemRows.COLUMNS + ", i.thread, i.position FROM items i WHERE i.seq > ?"
                + " ORDER BY i.seq LIMIT ?", List.of(position, limit), new ItemRows.Extra<StoredItem>() {
                    @Override
                    public Object read(ResultSet row) throws SQLException {
                        String thread = row.getString("thread");
                        Optional<ThreadPosition> place = thread == null || thread.isBlank() ? Optional.empty()
                                : Optional.of(new ThreadPosition(thread, row.getLong("position")));
                        return new Object[] {row.getLong("seq"), place};
                    }

                    @Override
                    @SuppressWarnings("unchecked")
                    public StoredItem combine(KnowledgeItem item, Object extra) {
                        Object[] values = (Object[]) extra;
                        return new StoredItem((Long) values[0], item, (Optional<ThreadPosition>) values[1]);
                    }
                }));
    }

    @Override
    public Optional<ThreadPosition> place(String id) {
        return read(() -> {
            try (PreparedStatement statement = connection.prepareStatement(
                    "SELECT thread, position FROM items WHERE id = ? AND thread IS NOT NULL")) {
                statement.setString(1, id);
                try (ResultSet row = statement.executeQuery()) {
                    return row.next() && !row.getString(1).isBlank()
                            ? Optional.of(new ThreadPosition(row.getString(1), row.getLong(2))) : Optional.empty();
                }
            }
        });
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
        // The review queue's sources have their own index (schema 6): named, since without statistics the planner
        // would rather read every current item by superseded_by and sort them.
        String from = sourcePrefixes.equals(AUTOMATIC_SOURCES) ? "items i INDEXED BY items_review" : "items i";
        return read(() -> rows.items("SELECT " + ItemRows.COLUMNS + " FROM " + from
                + " WHERE i.superseded_by IS NULL AND (" + String.join(" OR ", sources) + ")"
                + " AND NOT EXISTS (SELECT 1 FROM item_tags t WHERE t.tag = ? AND t.seq = i.seq)"
                + NEWEST_FIRST + " LIMIT ? OFFSET ?", List.<Object>of(tag, limit, offset)));
    }

    @Override
    public List<Provenance> provenance(String id) {
        return read(() -> ProvenanceRows.of(connection, id));
    }

    @Override
    public GraphStats stats(ItemFilter filter, int topEntities) {
        SqlFilter sql = SqlFilter.of(filter);
        // Without a narrowing filter, counts run on schema 3's covering indexes alone: kinds of current items on
        // (superseded_by, kind), searched here, not scanned as SqlFilter's "+" would have it; entities on (name,
        // type), the few superseded items left out by set. Joining every entity to its wide item row costs six
        // times as much (100k items: 1.6 s).
        boolean broad = broad(filter);
        List<Object> filterParameters = broad ? List.of() : sql.parameters();
        String counted = !broad ? "items i WHERE " + sql.condition()
                : filter.includeSuperseded() ? "items i" : "items i WHERE i.superseded_by IS NULL";
        String entityRows = !broad ? "item_entities e JOIN items i ON i.seq = e.seq WHERE " + sql.condition()
                : filter.includeSuperseded() ? "item_entities e"
                : "item_entities e WHERE e.seq NOT IN (SELECT seq FROM items WHERE superseded_by IS NOT NULL)";
        return read(() -> {
            Map<Kind, Integer> byKind = new EnumMap<>(Kind.class);
            int total = 0;
            try (PreparedStatement statement = ItemRows.prepare(connection,
                    "SELECT i.kind, COUNT(*) FROM " + counted + " GROUP BY i.kind", filterParameters);
                 ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    byKind.put(Kind.valueOf(row.getString(1)), row.getInt(2));
                    total += row.getInt(2);
                }
            }
            List<Object> parameters = new ArrayList<>(filterParameters);
            parameters.add(topEntities);
            List<GraphStats.EntityCount> entities = new ArrayList<>();
            try (PreparedStatement statement = ItemRows.prepare(connection, "SELECT e.name, e.type, COUNT(*) AS n FROM "
                    + entityRows + " GROUP BY e.name, e.type ORDER BY n DESC, e.name LIMIT ?", parameters);
                 ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    entities.add(new GraphStats.EntityCount(row.getString(1), row.getString(2), row.getInt(3)));
                }
            }
            return new GraphStats(total, byKind, entities);
        });
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

    private List<KnowledgeItem> select(String condition, List<Object> parameters) {
        return read(() -> rows.items("SELECT " + ItemRows.COLUMNS + " FROM items i WHERE " + condition, parameters));
    }

    private <T> T read(Transactions.SqlWork<T> work) {
        return retry.run(work);
    }

    private static String placeholders(int count) {
        return String.join(", ", java.util.Collections.nCopies(count, "?"));
    }

    private static long fileSize(Path file) {
        try {
            return Files.exists(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            return 0;
        }
    }
}
