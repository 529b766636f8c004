package dev.graphiti.graph;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What a caller asks to store. The title defaults to the content's first line; {@code createdAt} defaults
 * to now (the git indexer passes the commit's date); {@code supersedes} is the full id of the item replaced;
 * {@code place} is where in a conversation it was said, for items captured from one.
 */
public record NewItem(Kind kind, Optional<String> title, String content, List<String> tags, String source,
                      Optional<String> supersedes, Optional<Instant> createdAt, Optional<ThreadPosition> place) {

    public NewItem {
        tags = List.copyOf(tags);
    }

    public NewItem(Kind kind, Optional<String> title, String content, List<String> tags, String source,
                   Optional<String> supersedes, Optional<Instant> createdAt) {
        this(kind, title, content, tags, source, supersedes, createdAt, Optional.empty());
    }

    public static NewItem note(String content) {
        return new NewItem(Kind.note, Optional.empty(), content, List.of(), "manual", Optional.empty(), Optional.empty());
    }
}
