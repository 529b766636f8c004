package dev.graphiti.graph;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * Restricts list, search and summaries: by kinds, a tag, a creation window, whether replaced items count, and
 * {@code asOf}: only what held at that moment (created by then, not yet superseded or ended then).
 */
public record ItemFilter(Set<Kind> kinds, Optional<String> tag, Optional<Instant> since, Optional<Instant> before,
                         boolean includeSuperseded, Optional<Instant> asOf) {

    public ItemFilter {
        kinds = Set.copyOf(kinds);
    }

    public ItemFilter(Set<Kind> kinds, Optional<String> tag, Optional<Instant> since, Optional<Instant> before,
                      boolean includeSuperseded) {
        this(kinds, tag, since, before, includeSuperseded, Optional.empty());
    }

    public static ItemFilter current() {
        return new ItemFilter(Set.of(), Optional.empty(), Optional.empty(), Optional.empty(), false);
    }

    public ItemFilter withSuperseded(boolean include) {
        return new ItemFilter(kinds, tag, since, before, include, asOf);
    }

    public ItemFilter asOf(Optional<Instant> moment) {
        return new ItemFilter(kinds, tag, since, before, includeSuperseded, moment);
    }

    /** The moment stale marks are read at: the as-of moment, or {@code now}. */
    public Instant moment(Instant now) {
        return asOf.orElse(now);
    }
}
