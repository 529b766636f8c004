package dev.graphiti.graph;

import java.time.Instant;
import java.util.Objects;

/** A mark to write: item {@code id} ended by {@code ending} from {@code at} on (git time's, not the clock's). */
public record EndedItem(String id, Ending ending, Instant at) {

    public EndedItem {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(ending, "ending");
        Objects.requireNonNull(at, "at");
    }
}
