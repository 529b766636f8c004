package dev.graphiti.graph;

import java.time.Instant;
import java.util.Objects;

/**
 * What a one-line mention of an item needs, read without its entities and with only the start of its
 * content: {@code lead} is the content's first {@link #LEAD_CHARS} characters, {@code cut} says more followed;
 * {@code source} says who wrote it, {@code held} that it is flagged and not accepted (see {@link KnowledgeItem#held}).
 */
public record ItemBrief(String id, Kind kind, String title, String lead, boolean cut, Instant createdAt, String source,
                        boolean held) {

    /** Far more than a one-line mention shows, so collapsing whitespace rarely leaves it short. */
    public static final int LEAD_CHARS = 1024;

    /** The brief of an item read whole. */
    public static ItemBrief of(KnowledgeItem item) {
        String content = item.content();
        return new ItemBrief(item.id(), item.kind(), item.title(), content.substring(0, Math.min(content.length(), LEAD_CHARS)),
                content.length() > LEAD_CHARS, item.createdAt(), item.source(), item.held());
    }

    public ItemBrief {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(lead, "lead");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(source, "source");
    }
}
