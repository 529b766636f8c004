package dev.graphiti.ingest.transcript;

import java.time.Instant;

/** One piece of durable knowledge found in a conversation: kind, a short title, the statement. */
public record Extraction(String kind, String title, String content, Instant at) {

    public static final String DECISION = "decision";
    public static final String PREFERENCE = "preference";
    public static final String BUGFIX = "bugfix";
    public static final String ARCHITECTURE = "architecture";

    public Extraction {
        if (title == null || title.isBlank() || content == null || content.isBlank()) {
            throw new IllegalArgumentException("title and content must not be blank");
        }
    }
}
