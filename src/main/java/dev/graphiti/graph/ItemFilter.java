package dev.graphiti.graph;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/** Restricts list, search and summaries: by kinds, a tag, a creation window, and whether replaced items count. */
public record ItemFilter(Set<Kind> kinds, Optional<String> tag, Optional<Instant> since, Optional<Instant> before,
                         boolean includeSuperseded) {

    public ItemFilter {
        kinds = Set.copyOf(kinds);
    }

    public static ItemFilter current() {
        return new ItemFilter(Set.of(), Optional.empty(), Optional.empty(), Optional.empty(), false);
    }

    public ItemFilter withSuperseded(boolean include) {
        return new ItemFilter(kinds, tag, since, before, include);
    }
}
