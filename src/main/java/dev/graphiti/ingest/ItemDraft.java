package dev.graphiti.ingest;

import java.time.Instant;
import java.util.List;

/**
 * An item the ingest side wants stored, before redaction and deduplication by the graph:
 * kind (commit, decision, bugfix, preference, architecture), title, content, tags, source
 * (git:&lt;sha&gt; or capture:&lt;session&gt;) and when it happened. The graph finds the entities (files,
 * modules, identifiers) in the content, so a draft names them there.
 */
public record ItemDraft(String kind, String title, String content, List<String> tags, String source,
                        Instant createdAt) {

    public ItemDraft {
        if (kind == null || kind.isBlank()) {
            throw new IllegalArgumentException("kind must not be blank");
        }
        if (title == null || title.isBlank()) {
            throw new IllegalArgumentException("title must not be blank");
        }
        if (content == null || content.isBlank()) {
            throw new IllegalArgumentException("content must not be blank");
        }
        tags = List.copyOf(tags);
    }
}
