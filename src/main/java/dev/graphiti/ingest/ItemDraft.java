package dev.graphiti.ingest;

import dev.graphiti.graph.Anchor;
import dev.graphiti.graph.ThreadPosition;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * An item the ingest side wants stored, before redaction and deduplication by the graph:
 * kind (commit, decision, bugfix, preference, architecture), title, content, tags, source
 * (git:&lt;sha&gt; or capture:&lt;session&gt;) and when it happened. The graph finds the entities (files,
 * modules, identifiers) in the content, so a draft names them there. A draft from a conversation says where
 * in it it was said ({@code place}), so search can reach it through its neighbours, and the earlier item it
 * changes or extends, if any ({@code supersedes}, a full id). {@code anchors} are the code it is about as the ingest saw
 * it: the files a commit changed, or a session touched around the turn. {@code occasion} is what a conversation was doing
 * when it was settled (its request, files and commands; "" for none), kept beside the statement, never in it.
 */
public record ItemDraft(String kind, String title, String content, List<String> tags, String source,
                        Instant createdAt, Optional<ThreadPosition> place, Optional<String> supersedes,
                        List<Anchor> anchors, String occasion) {

    public ItemDraft(String kind, String title, String content, List<String> tags, String source, Instant createdAt) {
        this(kind, title, content, tags, source, createdAt, Optional.empty(), Optional.empty(), List.of());
    }

    /** A draft without an occasion. */
    public ItemDraft(String kind, String title, String content, List<String> tags, String source, Instant createdAt,
                     Optional<ThreadPosition> place, Optional<String> supersedes, List<Anchor> anchors) {
        this(kind, title, content, tags, source, createdAt, place, supersedes, anchors, "");
    }

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
        anchors = List.copyOf(anchors);
        occasion = occasion == null ? "" : occasion.strip();
    }
}
