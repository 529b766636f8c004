package dev.graphiti.graph;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One piece of stored knowledge. Content is always redacted before an item exists. An item replaced by a
 * newer one keeps its content and gets {@code validUntil} and {@code supersededBy}; nothing is overwritten.
 */
public record KnowledgeItem(String id, Scope scope, Kind kind, String title, String content, List<String> tags,
                            String source, List<Entity> entities, Instant createdAt,
                            Optional<Instant> validUntil, Optional<String> supersededBy,
                            Optional<String> supersedes) {

    public KnowledgeItem {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(createdAt, "createdAt");
        tags = List.copyOf(tags);
        entities = List.copyOf(entities);
        Objects.requireNonNull(validUntil, "validUntil");
        Objects.requireNonNull(supersededBy, "supersededBy");
        Objects.requireNonNull(supersedes, "supersedes");
    }

    /** True while no newer item has replaced this one. */
    public boolean current() {
        return supersededBy.isEmpty();
    }
}
