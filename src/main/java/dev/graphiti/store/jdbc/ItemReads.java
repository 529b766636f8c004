package dev.graphiti.store.jdbc;

import dev.graphiti.graph.Entity;
import dev.graphiti.graph.GraphStats;
import dev.graphiti.graph.ItemBrief;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.Kind;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.PathRename;
import dev.graphiti.graph.Provenance;
import dev.graphiti.graph.RelatedItem;
import dev.graphiti.graph.StoredItem;
import dev.graphiti.graph.ThreadPosition;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The reads of {@link dev.graphiti.graph.ItemRepository} that are the same on both stores but for the dialect's
 * spelling: items by id, prefix, title and filter, briefs, neighbours in a thread, storage order, related items,
 * provenance and counts. Each store's repository hands these here and keeps its full-text search and upkeep.
 */
public final class ItemReads {

    /** The order of list and briefs: a brief's page follows the same newest-first order as a list. */
    public static final String NEWEST_FIRST = " ORDER BY i.created_at DESC, i.seq DESC";
    /** Renames followed back from a path: a file renamed more often than this is followed this far. */
    private static final int MAX_RENAMES = 32;

    private final Statements statements;
    private final ItemRows rows;
    private final GraphTransactions transactions;
    private final ItemDialect dialect;

    /** @param statements prepared for one use: reads run outside write transactions */
    public ItemReads(Statements statements, ItemRows rows, GraphTransactions transactions, ItemDialect dialect) {
        this.statements = statements;
        this.rows = rows;
        this.transactions = transactions;
        this.dialect = dialect;
    }

    /** {@code filter} as a condition on {@code items i}, in the dialect's terms for current items. */
    public SqlFilter filter(ItemFilter filter) {
        return SqlFilter.of(filter, dialect.spelling().current());
    }

    public Optional<KnowledgeItem> get(String id) {
        List<KnowledgeItem> found = select("i.id = ?", List.of(id));
        return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0));
    }

    public List<KnowledgeItem> getAll(Collection<String> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        Map<String, KnowledgeItem> byId = new HashMap<>();
        for (KnowledgeItem item : transactions.read(() -> {
            SqlFilter wanted = dialect.oneOf(statements, "i.id", "text", ids);
            return rows.items("SELECT " + ItemRows.COLUMNS + " FROM items i WHERE " + wanted.condition(),
                    wanted.parameters());
        })) {
            byId.put(item.id(), item);
        }
        return ids.stream().map(byId::get).filter(Objects::nonNull).toList();
    }

    public List<KnowledgeItem> findByIdPrefix(String prefix, int limit) {
        String low = prefix.toLowerCase(Locale.ROOT);
        // ids are lower-case base32, so a range scan on the unique index finds the prefix
        return select("i.id >= ? AND i.id < ? ORDER BY i.id LIMIT ?", List.of(low, low + '\uffff', limit));
    }

    public List<KnowledgeItem> findByTitle(String text, int limit) {
        List<KnowledgeItem> exact = select("lower(i.title) = lower(?) ORDER BY (i.superseded_by IS NULL) DESC, "
                + "i.created_at DESC LIMIT ?", List.of(text, limit));
        if (!exact.isEmpty()) {
            return exact;
        }
        return select(dialect.spelling().position() + "(lower(i.title), lower(?)) > 0 ORDER BY (i.superseded_by IS NULL) DESC, "
                + "i.created_at DESC LIMIT ?", List.of(text, limit));
    }

    public List<KnowledgeItem> list(ItemFilter filter, int limit) {
        SqlFilter sql = filter(filter);
        List<Object> parameters = new ArrayList<>(sql.parameters());
        parameters.add(limit);
        return select(sql.condition() + NEWEST_FIRST + " LIMIT ?", parameters);
    }

    public Map<String, List<KnowledgeItem>> neighbours(Collection<String> ids, ItemFilter filter) {
        if (ids.isEmpty()) {
            return Map.of();
        }
        String side = "(SELECT n.seq FROM items n WHERE n.thread = s.thread AND n.position %s s.position "
                + "ORDER BY n.position %s LIMIT 1)";
        return transactions.read(() -> {
            SqlFilter asked = dialect.oneOf(statements, "s.id", "text", ids);
            String pairs = "SELECT s.id, " + String.format(side, "<", "DESC") + ", " + String.format(side, ">", "ASC")
                    + " FROM items s WHERE " + asked.condition() + " AND s.thread IS NOT NULL";
            Map<String, List<Long>> seqsById = new HashMap<>();
            Set<Long> wanted = new LinkedHashSet<>();
            PreparedStatement statement = statements.bind(pairs, asked.parameters());
            try (ResultSet row = statement.executeQuery()) {
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
            } finally {
                statements.release(statement);
            }
            if (wanted.isEmpty()) {
                return Map.of();
            }
            SqlFilter sql = filter(filter);
            Map<Long, KnowledgeItem> items = bySeq(wanted, sql.condition(), sql.parameters());
            Map<String, List<KnowledgeItem>> result = new HashMap<>();
            seqsById.forEach((id, seqs) -> result.put(id, seqs.stream().map(items::get).filter(Objects::nonNull).toList()));
            return result;
        });
    }

    /** The items of {@code seqs} that pass {@code condition} on {@code items i}, by seq (inside a read). */
    public Map<Long, KnowledgeItem> bySeq(Collection<Long> seqs, String condition, List<Object> conditions)
            throws SQLException {
        SqlFilter wanted = dialect.oneOf(statements, "i.seq", "bigint", seqs);
        List<Object> parameters = new ArrayList<>(wanted.parameters());
        parameters.addAll(conditions);
        Map<Long, KnowledgeItem> items = new HashMap<>();
        rows.query("SELECT " + ItemRows.COLUMNS + " FROM items i WHERE " + wanted.condition() + " AND " + condition,
                parameters, 0, (item, extra, seq) -> items.put(seq, item));
        return items;
    }

    public List<ItemBrief> briefs(ItemFilter filter, int offset, int limit) {
        SqlFilter sql = filter(filter);
        List<Object> parameters = new ArrayList<>(sql.parameters());
        parameters.add(limit);
        parameters.add(offset);
        return transactions.read(() -> rows.briefs("SELECT " + dialect.spelling().briefColumns() + " FROM items i WHERE "
                + sql.condition() + NEWEST_FIRST + " LIMIT ? OFFSET ?", parameters));
    }

    public List<StoredItem> stored(long position, int limit) {
        return transactions.read(() -> rows.query("SELECT " + ItemRows.COLUMNS + ", i.thread, i.position FROM items i "
                + "WHERE i.seq > ? ORDER BY i.seq LIMIT ?", List.of(position, limit), 2, (item, extra, seq) -> {
                    String thread = (String) extra[0];
                    Optional<ThreadPosition> place = thread == null || thread.isBlank() ? Optional.empty()
                            : Optional.of(new ThreadPosition(thread, ((Number) extra[1]).longValue()));
                    return new StoredItem(seq, item, place);
                }));
    }

    public Optional<ThreadPosition> place(String id) {
        return transactions.read(() -> {
            PreparedStatement statement = statements.bind(
                    "SELECT thread, position FROM items WHERE id = ? AND thread IS NOT NULL", List.of(id));
            try (ResultSet row = statement.executeQuery()) {
                return row.next() && !row.getString(1).isBlank()
                        ? Optional.of(new ThreadPosition(row.getString(1), row.getLong(2))) : Optional.empty();
            } finally {
                statements.release(statement);
            }
        });
    }

    public List<RelatedItem> related(String id, int limit) {
        String sql = "SELECT i.id, i.kind, i.title, COUNT(*) AS shared FROM items self "
                + "JOIN item_entities e ON e.seq = self.seq JOIN item_entities o ON o.name = e.name AND o.seq <> e.seq "
                + "JOIN items i ON i.seq = o.seq WHERE self.id = ? AND i.superseded_by IS NULL "
                + "GROUP BY i.seq ORDER BY shared DESC, i.created_at DESC LIMIT ?";
        return transactions.read(() -> {
            List<RelatedItem> result = new ArrayList<>();
            PreparedStatement statement = statements.bind(sql, List.of(id, limit));
            try (ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    result.add(new RelatedItem(row.getString(1), Kind.valueOf(row.getString(2)), row.getString(3),
                            row.getInt(4)));
                }
            } finally {
                statements.release(statement);
            }
            return result;
        });
    }

    public List<Provenance> provenance(String id) {
        return transactions.read(() -> rows.provenance(id));
    }

    /** Counts of the items passing {@code filter} by kind, and their most frequent entities. */
    public GraphStats stats(ItemFilter filter, int topEntities) {
        SqlFilter sql = filter(filter);
        return stats("items i WHERE " + sql.condition(), "item_entities e JOIN items i ON i.seq = e.seq WHERE "
                + sql.condition(), sql.parameters(), topEntities);
    }

    /**
     * Counts by kind over {@code items} (a FROM clause on {@code items i}) and the most frequent entities over
     * {@code entities} (one on {@code item_entities e}), both taking {@code parameters}: a store may count faster
     * from other rows than {@link #stats(ItemFilter, int)}'s joins.
     */
    public GraphStats stats(String items, String entities, List<Object> parameters, int topEntities) {
        return transactions.read(() -> {
            Map<Kind, Integer> byKind = new EnumMap<>(Kind.class);
            int total = 0;
            PreparedStatement kinds = statements.bind("SELECT i.kind, COUNT(*) FROM " + items + " GROUP BY i.kind",
                    parameters);
            try (ResultSet row = kinds.executeQuery()) {
                while (row.next()) {
                    byKind.put(Kind.valueOf(row.getString(1)), row.getInt(2));
                    total += row.getInt(2);
                }
            } finally {
                statements.release(kinds);
            }
            List<Object> limited = new ArrayList<>(parameters);
            limited.add(topEntities);
            List<GraphStats.EntityCount> counts = new ArrayList<>();
            PreparedStatement top = statements.bind("SELECT e.name, e.type, COUNT(*) AS n FROM " + entities
                    + " GROUP BY e.name, e.type ORDER BY n DESC, e.name LIMIT ?", limited);
            try (ResultSet row = top.executeQuery()) {
                while (row.next()) {
                    counts.add(new GraphStats.EntityCount(row.getString(1), row.getString(2), row.getInt(3)));
                }
            } finally {
                statements.release(top);
            }
            return new GraphStats(total, byKind, counts);
        });
    }

    /**
     * Current items anchored to the file {@code path} or to a path git renamed to it (followed back through every rename
     * recorded), newest first, at most {@code limit}: by the anchors' index, never a scan of the items. An anchor counts
     * for the file its path named when the item was made ({@link Window}).
     */
    public List<KnowledgeItem> anchoredTo(String path, int limit) {
        return transactions.read(() -> {
            List<Window> windows = windows(path);
            List<Object> parameters = new ArrayList<>();
            List<String> terms = new ArrayList<>();
            for (Window window : windows) {
                terms.add("(i.seq IN (SELECT a.seq FROM item_anchors a WHERE a.value = ? AND a.kind = 'file')"
                        + " AND i.created_at > ? AND i.created_at <= ?)");
                parameters.addAll(List.of(window.path(), window.after(), window.until()));
            }
            parameters.add(limit);
            return rows.items("SELECT " + ItemRows.COLUMNS + " FROM items i WHERE (" + String.join(" OR ", terms) + ") AND "
                    + dialect.spelling().current() + NEWEST_FIRST + " LIMIT ?", parameters);
        });
    }

    /** Current items with a file anchor named one of {@code names} (lower-case file names), newest first. */
    public List<KnowledgeItem> anchoredToNames(Collection<String> names, int limit) {
        if (names.isEmpty()) {
            return List.of();
        }
        return transactions.read(() -> {
            SqlFilter anchored = dialect.oneOf(statements, "a.name", "text", names);
            List<Object> parameters = new ArrayList<>(anchored.parameters());
            parameters.add(limit);
            return rows.items("SELECT " + ItemRows.COLUMNS + " FROM items i WHERE i.seq IN (SELECT a.seq FROM item_anchors a "
                    + "WHERE " + anchored.condition() + " AND a.kind = 'file') AND " + dialect.spelling().current()
                    + NEWEST_FIRST + " LIMIT ?", parameters);
        });
    }

    /**
     * Items anchored to {@code path} made after {@code after} and at or before {@code until} (epoch milliseconds) are
     * about the file asked for: the path named it then. Before the path's last rename away (before {@code until}) it
     * named the file that went, and after {@code until} the file had left it (or, for the file asked for, not at all).
     */
    private record Window(String path, long after, long until) {
    }

    /**
     * The windows of {@code path} and of every path git renamed, step by step, to it (inside a read). A rename recorded
     * without its time bounds nothing, as before renames had one.
     */
    private List<Window> windows(String path) throws SQLException {
        List<Window> windows = new ArrayList<>();
        Set<Map.Entry<String, Long>> seen = new HashSet<>();
        List<Map.Entry<String, Long>> frontier = List.of(Map.entry(path, Long.MAX_VALUE));
        for (int step = 0; step < MAX_RENAMES && !frontier.isEmpty(); step++) {
            Set<String> paths = new LinkedHashSet<>();
            frontier.forEach(entry -> paths.add(entry.getKey()));
            List<PathRename> renames = renamesOf(paths);
            List<Map.Entry<String, Long>> next = new ArrayList<>();
            for (Map.Entry<String, Long> entry : frontier) {
                String to = entry.getKey();
                long until = entry.getValue();
                long after = Long.MIN_VALUE;
                for (PathRename rename : renames) {
                    long at = rename.at().map(Instant::toEpochMilli).orElse(until);
                    if (rename.from().equals(to) && at < until) {
                        after = Math.max(after, at);
                    }
                }
                windows.add(new Window(to, after, until));
                for (PathRename rename : renames) {
                    long at = rename.at().map(Instant::toEpochMilli).orElse(until);
                    Map.Entry<String, Long> from = Map.entry(rename.from(), at);
                    if (rename.to().equals(to) && at > after && at <= until && seen.add(from)) {
                        next.add(from);
                    }
                }
            }
            frontier = next;
        }
        return windows;
    }

    /** The renames recorded from or to one of {@code paths}. */
    private List<PathRename> renamesOf(Collection<String> paths) throws SQLException {
        SqlFilter from = dialect.oneOf(statements, "from_path", "text", paths);
        SqlFilter to = dialect.oneOf(statements, "to_path", "text", paths);
        List<Object> parameters = new ArrayList<>(from.parameters());
        parameters.addAll(to.parameters());
        List<PathRename> renames = new ArrayList<>();
        PreparedStatement statement = statements.bind("SELECT from_path, to_path, renamed_at FROM path_renames WHERE "
                + from.condition() + " OR " + to.condition(), parameters);
        try (ResultSet row = statement.executeQuery()) {
            while (row.next()) {
                Object at = row.getObject(3); // not getLong: its wasNull() said false for SQLite's NULL here
                renames.add(new PathRename(row.getString(1), row.getString(2), at instanceof Number millis
                        ? Optional.of(Instant.ofEpochMilli(millis.longValue())) : Optional.empty()));
            }
        } finally {
            statements.release(statement);
        }
        return renames;
    }

    /** Items matching {@code condition} on {@code items i} (which may end in ORDER BY and LIMIT). */
    public List<KnowledgeItem> select(String condition, List<Object> parameters) {
        return transactions.read(() -> rows.items("SELECT " + ItemRows.COLUMNS + " FROM items i WHERE " + condition,
                parameters));
    }
}
