package dev.graphiti.graph;

import java.time.Instant;

/** An item compact folded into another: its id, why (merged or superseded), where it came from and when. */
public record Provenance(String formerId, String relation, String title, String source, Instant createdAt,
                         Instant recordedAt) {

    public static final String MERGED = "merged";
    public static final String SUPERSEDED = "superseded";
}
