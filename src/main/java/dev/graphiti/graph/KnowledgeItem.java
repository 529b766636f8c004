package dev.graphiti.graph;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One piece of stored knowledge. Content is always redacted before an item exists. An item replaced by a
 * newer one keeps its content and gets {@code validUntil} and {@code supersededBy}; nothing is overwritten.
 * {@code flag} says why its text reads as instructions to the agent (see {@link InstructionLike}), found when it was
 * written; such an item is {@link #held} out of the brief and recall until a person accepts it in the review queue.
 * {@code anchors} are the code it is about ({@link Anchor}).
 * An item git time ended (reverted, its files deleted, restated later) stays current but carries {@code ended} and
 * {@code validUntil}: it is {@link #staleAt} from then on, marked and ranked below current knowledge, never deleted.
 * {@code occasion} is what the work was when a conversation settled it (the request, the files and commands around it;
 * "" for none): evidence that a prompt for work of that kind is about it, searched and embedded beside the statement,
 * never told as the statement.
 */
public record KnowledgeItem(String id, Scope scope, Kind kind, String title, String content, List<String> tags,
                            String source, List<Entity> entities, Instant createdAt,
                            Optional<Instant> validUntil, Optional<String> supersededBy,
                            Optional<String> supersedes, Optional<String> flag, List<Anchor> anchors,
                            Optional<Ending> ended, String occasion) {

    /** The tag the review queue gives an item a person accepted. */
    public static final String REVIEWED = "reviewed";

    public KnowledgeItem {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(createdAt, "createdAt");
        tags = List.copyOf(tags);
        entities = List.copyOf(entities);
        Objects.requireNonNull(validUntil, "validUntil");
        Objects.requireNonNull(supersededBy, "supersededBy");
        Objects.requireNonNull(supersedes, "supersedes");
        Objects.requireNonNull(flag, "flag");
        anchors = anchors.stream().sorted(Anchor.ORDER).toList(); // as the stores read them back
        Objects.requireNonNull(ended, "ended");
        occasion = occasion == null ? "" : occasion;
    }

    /** An item without an occasion. */
    public KnowledgeItem(String id, Scope scope, Kind kind, String title, String content, List<String> tags,
                         String source, List<Entity> entities, Instant createdAt, Optional<Instant> validUntil,
                         Optional<String> supersededBy, Optional<String> supersedes, Optional<String> flag,
                         List<Anchor> anchors, Optional<Ending> ended) {
        this(id, scope, kind, title, content, tags, source, entities, createdAt, validUntil, supersededBy, supersedes,
                flag, anchors, ended, "");
    }

    /** An item nothing in git has ended. */
    public KnowledgeItem(String id, Scope scope, Kind kind, String title, String content, List<String> tags,
                         String source, List<Entity> entities, Instant createdAt, Optional<Instant> validUntil,
                         Optional<String> supersededBy, Optional<String> supersedes, Optional<String> flag,
                         List<Anchor> anchors) {
        this(id, scope, kind, title, content, tags, source, entities, createdAt, validUntil, supersededBy, supersedes,
                flag, anchors, Optional.empty());
    }

    /** An item anchored to nothing (yet). */
    public KnowledgeItem(String id, Scope scope, Kind kind, String title, String content, List<String> tags,
                         String source, List<Entity> entities, Instant createdAt, Optional<Instant> validUntil,
                         Optional<String> supersededBy, Optional<String> supersedes, Optional<String> flag,
                         Optional<Ending> ended) {
        this(id, scope, kind, title, content, tags, source, entities, createdAt, validUntil, supersededBy, supersedes,
                flag, List.of(), ended);
    }

    /** An item anchored to nothing that nothing in git has ended. */
    public KnowledgeItem(String id, Scope scope, Kind kind, String title, String content, List<String> tags,
                         String source, List<Entity> entities, Instant createdAt, Optional<Instant> validUntil,
                         Optional<String> supersededBy, Optional<String> supersedes, Optional<String> flag) {
        this(id, scope, kind, title, content, tags, source, entities, createdAt, validUntil, supersededBy, supersedes,
                flag, List.of(), Optional.empty());
    }

    /** An item nobody flagged. */
    public KnowledgeItem(String id, Scope scope, Kind kind, String title, String content, List<String> tags,
                         String source, List<Entity> entities, Instant createdAt, Optional<Instant> validUntil,
                         Optional<String> supersededBy, Optional<String> supersedes) {
        this(id, scope, kind, title, content, tags, source, entities, createdAt, validUntil, supersededBy, supersedes,
                Optional.empty(), List.of(), Optional.empty());
    }

    /** This item with {@code anchors} instead of its own. */
    public KnowledgeItem withAnchors(List<Anchor> anchors) {
        return new KnowledgeItem(id, scope, kind, title, content, tags, source, entities, createdAt, validUntil,
                supersededBy, supersedes, flag, anchors, ended, occasion);
    }

    /** Flagged as instructions and not accepted in the review queue: shown with a warning, never in brief or recall. */
    public boolean held() {
        return flag.isPresent() && !tags.contains(REVIEWED);
    }

    /** When the item started to hold: its commit's time for a git item, its creation for others. */
    public Instant validFrom() {
        return createdAt;
    }

    /** Whether something in git time ended the item by {@code moment}. */
    public boolean staleAt(Instant moment) {
        return ended.isPresent() && validUntil.isPresent() && !validUntil.get().isAfter(moment);
    }

    /** True while no newer item has replaced this one. */
    public boolean current() {
        return supersededBy.isEmpty();
    }
}
