package dev.graphiti.graph;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What a caller asks to store. The title defaults to the content's first line; {@code createdAt} defaults
 * to now (the git indexer passes the commit's date); {@code supersedes} is the full id of the item replaced;
 * {@code place} is where in a conversation it was said, for items captured from one; {@code anchors} the code it is
 * about as the caller knows it (the files a commit changed, a session touched, a person gave), to which the paths,
 * symbols and keys its text names are added; {@code occasion} what the work was when it was settled ({@link
 * KnowledgeItem#occasion}; "" for none).
 */
public record NewItem(Kind kind, Optional<String> title, String content, List<String> tags, String source,
                      Optional<String> supersedes, Optional<Instant> createdAt, Optional<ThreadPosition> place,
                      List<Anchor> anchors, String occasion) {

    public NewItem {
        tags = List.copyOf(tags);
        anchors = List.copyOf(anchors);
        occasion = occasion == null ? "" : occasion.strip();
    }

    public NewItem(Kind kind, Optional<String> title, String content, List<String> tags, String source,
                   Optional<String> supersedes, Optional<Instant> createdAt, Optional<ThreadPosition> place,
                   List<Anchor> anchors) {
        this(kind, title, content, tags, source, supersedes, createdAt, place, anchors, "");
    }

    public NewItem(Kind kind, Optional<String> title, String content, List<String> tags, String source,
                   Optional<String> supersedes, Optional<Instant> createdAt, Optional<ThreadPosition> place) {
        this(kind, title, content, tags, source, supersedes, createdAt, place, List.of());
    }

    public NewItem(Kind kind, Optional<String> title, String content, List<String> tags, String source,
                   Optional<String> supersedes, Optional<Instant> createdAt) {
        this(kind, title, content, tags, source, supersedes, createdAt, Optional.empty());
    }

    public static NewItem note(String content) {
        return new NewItem(Kind.note, Optional.empty(), content, List.of(), "manual", Optional.empty(), Optional.empty());
    }
}
