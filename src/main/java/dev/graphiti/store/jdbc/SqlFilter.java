package dev.graphiti.store.jdbc;

import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A SQL condition (on {@code items i}, for an {@link ItemFilter}) and its parameters, for either store. An as-of filter
 * reads validity (created_at, valid_until) instead of the current mark: an item superseded since was current then, and
 * one git time ended since was not stale then.
 */
public record SqlFilter(String condition, List<Object> parameters) {

    /** With {@code current} as the condition that keeps current items only (the dialect's, {@link Spelling#current}). */
    public static SqlFilter of(ItemFilter filter, String current) {
        List<String> conditions = new ArrayList<>();
        List<Object> parameters = new ArrayList<>();
        if (filter.asOf().isPresent()) {
            // What held then: created by then, and neither replaced nor ended by then (validity is kept per item).
            long moment = filter.asOf().get().toEpochMilli();
            conditions.add("i.created_at <= ?");
            parameters.add(moment);
            if (!filter.includeSuperseded()) {
                // A replaced item whose end is unknown (imported without it) never held at a given moment. One git
                // time ended by then stays in the answer (marked stale then, as at HEAD) unless only what held counts.
                conditions.add(filter.endedLeftOut()
                        ? "(i.valid_until IS NULL AND i.superseded_by IS NULL OR i.valid_until > ?)"
                        : "(i.superseded_by IS NULL OR i.valid_until > ?)");
                parameters.add(moment);
            }
        } else if (!filter.includeSuperseded()) {
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
