package dev.graphiti.graph;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An item as an exported file holds it, to be stored again ({@link ItemService#restore}): what a full export keeps
 * (id, dates, supersession, provenance, place in a conversation) where the file has it, defaults where it does not.
 * {@code entities} and {@code anchors} are kept as given; with {@code extractEntities} those found in the text are added
 * to them. A file from before anchors existed has none; {@code ended} is what git time ended the item by (with
 * {@code validUntil}), kept so a stale item comes back marked; {@code occasion} the work a captured item was settled in
 * ("" for none, as in a file from before occasions), redacted and cut as an added item's.
 */
public record ItemRecord(Optional<String> id, Kind kind, Optional<String> title, String content, List<String> tags,
                         String source, List<Entity> entities, boolean extractEntities, Optional<Instant> createdAt,
                         Optional<Instant> validUntil, Optional<String> supersededBy, Optional<String> supersedes,
                         List<Provenance> provenance, Optional<ThreadPosition> place, List<Anchor> anchors,
                         Optional<Ending> ended, String occasion) {

    public ItemRecord {
        Objects.requireNonNull(ended, "ended");
        occasion = occasion == null ? "" : occasion;
        tags = List.copyOf(tags);
        entities = List.copyOf(entities);
        provenance = List.copyOf(provenance);
        anchors = List.copyOf(anchors);
    }

    /** The record that stores {@code item} again exactly as it is (an undone delete). */
    public static ItemRecord of(KnowledgeItem item, List<Provenance> provenance, Optional<ThreadPosition> place) {
        return new ItemRecord(Optional.of(item.id()), item.kind(), Optional.of(item.title()), item.content(), item.tags(),
                item.source(), item.entities(), false, Optional.of(item.createdAt()), item.validUntil(),
                item.supersededBy(), item.supersedes(), provenance, place, item.anchors(), item.ended(), item.occasion());
    }

    /** A new item from a file that says only this much; entities are found in its text. */
    public static ItemRecord of(Kind kind, Optional<String> title, String content, List<String> tags, String source,
                                List<Entity> entities) {
        return new ItemRecord(Optional.empty(), kind, title, content, tags, source, entities, true, Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), List.of(), Optional.empty(), List.of(), Optional.empty(), "");
    }
}
