package dev.graphiti.graph;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * Restricts list, search and summaries: by kinds, a tag, a creation window, whether replaced items count, and
 * {@code asOf}: the answer of that moment (created by then, not yet superseded then; an item git time ended by then is
 * in it, stale at that moment, as at HEAD). {@code endedLeftOut} leaves those out too: what held then, alone (the brief).
 */
public record ItemFilter(Set<Kind> kinds, Optional<String> tag, Optional<Instant> since, Optional<Instant> before,
                         boolean includeSuperseded, Optional<Instant> asOf, boolean endedLeftOut) {

    public ItemFilter {
        kinds = Set.copyOf(kinds);
    }

    public ItemFilter(Set<Kind> kinds, Optional<String> tag, Optional<Instant> since, Optional<Instant> before,
                      boolean includeSuperseded, Optional<Instant> asOf) {
        this(kinds, tag, since, before, includeSuperseded, asOf, false);
    }

    public ItemFilter(Set<Kind> kinds, Optional<String> tag, Optional<Instant> since, Optional<Instant> before,
                      boolean includeSuperseded) {
        this(kinds, tag, since, before, includeSuperseded, Optional.empty());
    }

    public static ItemFilter current() {
        return new ItemFilter(Set.of(), Optional.empty(), Optional.empty(), Optional.empty(), false);
    }

    public ItemFilter withSuperseded(boolean include) {
        return new ItemFilter(kinds, tag, since, before, include, asOf, endedLeftOut);
    }

    public ItemFilter asOf(Optional<Instant> moment) {
        return new ItemFilter(kinds, tag, since, before, includeSuperseded, moment, endedLeftOut);
    }

    /** What held at the as-of moment alone: an item git time ended by then is left out, not shown stale. */
    public ItemFilter withoutEnded() {
        return new ItemFilter(kinds, tag, since, before, includeSuperseded, asOf, true);
    }

    /** The moment stale marks are read at: the as-of moment, or {@code now}. */
    public Instant moment(Instant now) {
        return asOf.orElse(now);
    }
}
