package dev.graphiti.store;

import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** An {@link ItemFilter} as a SQL condition on {@code items i} and its parameters, for either store. */
public record SqlFilter(String condition, List<Object> parameters) {

    /**
     * On SQLite. The unary + keeps SQLite from driving the query by the superseded_by index: nearly every item is
     * current, so that index selects everything and forces a sort of the whole table (or, joined with items_fts,
     * one full-text probe per item); created_at order and the full-text match are the selective paths (10k items:
     * list 57 -> 0.4 ms, a 12-term file match 5 s -> 1 ms).
     */
    static SqlFilter of(ItemFilter filter) {
        return of(filter, "+i.superseded_by IS NULL");
    }

    /** With {@code current} as the condition that keeps current items only (PostgreSQL has no unary + on text). */
    public static SqlFilter of(ItemFilter filter, String current) {
        List<String> conditions = new ArrayList<>();
        List<Object> parameters = new ArrayList<>();
        if (!filter.includeSuperseded()) {
            conditions.add(current);
        }
        if (!filter.kinds().isEmpty()) {
            conditions.add("i.kind IN (" + filter.kinds().stream().map(k -> "?").collect(Collectors.joining(", ")) + ")");
            filter.kinds().stream().map(Kind::name).sorted().forEach(parameters::add);
        }
        filter.tag().ifPresent(tag -> {
            conditions.add("EXISTS (SELECT 1 FROM item_tags t WHERE t.tag = ? AND t.seq = i.seq)");
            parameters.add(tag);
        });
        filter.since().ifPresent(since -> {
            conditions.add("i.created_at >= ?");
            parameters.add(since.toEpochMilli());
        });
        filter.before().ifPresent(before -> {
            conditions.add("i.created_at < ?");
            parameters.add(before.toEpochMilli());
        });
        return new SqlFilter(conditions.isEmpty() ? "1 = 1" : String.join(" AND ", conditions), parameters);
    }
}
