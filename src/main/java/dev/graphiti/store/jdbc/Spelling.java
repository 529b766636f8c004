package dev.graphiti.store.jdbc;

import dev.graphiti.graph.ItemBrief;

/**
 * How a store spells the parts of the shared item SQL that differ between engines.
 * @param current         the condition on {@code items i} that keeps current items only
 * @param briefColumns    what {@link ItemRows#briefs} reads: id, kind, title, the content's first lead, whether there
 *                        is more, created_at, source, and whether it is held ({@link ItemDialect#HELD})
 * @param position        the function giving where its second argument starts in its first (0: nowhere)
 * @param provenanceOrder the column of {@code provenance p} that orders an item's provenance as it was recorded
 */
public record Spelling(String current, String briefColumns, String position, String provenanceOrder) {

    /** @param lead the engine's call giving the first {@link ItemBrief#LEAD_CHARS} characters of {@code i.content} */
    public static Spelling of(String current, String lead, String position, String provenanceOrder) {
        return new Spelling(current, "i.id, i.kind, i.title, " + lead + ", length(i.content) > " + ItemBrief.LEAD_CHARS
                + ", i.created_at, i.source, " + ItemDialect.HELD, position, provenanceOrder);
    }
}
