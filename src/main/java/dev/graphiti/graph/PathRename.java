package dev.graphiti.graph;

import java.time.Instant;
import java.util.Optional;

/**
 * A rename git made: {@code from} became {@code to} at {@code at} (the renaming commit's author time, the time git items
 * carry). An item anchored to {@code from} made before then is about the file now at {@code to}; one made after is about
 * whatever file has that path since (a shim made again at the old name is another file). A rename recorded before the
 * time was kept has none, and is followed for every item.
 */
public record PathRename(String from, String to, Optional<Instant> at) {

    public PathRename(String from, String to, Instant at) {
        this(from, to, Optional.of(at));
    }
}
