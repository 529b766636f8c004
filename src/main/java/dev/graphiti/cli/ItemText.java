package dev.graphiti.cli;

import dev.graphiti.graph.KnowledgeItem;
import java.time.Instant;
import java.util.List;

/** Items as terminal text. */
final class ItemText {

    private ItemText() {
    }

    /** One aligned row per item: id, kind, age, title and tags (and the mark of one stale at {@code moment}). */
    static TextTable table(List<KnowledgeItem> items, Instant now, Instant moment, Colour colour) {
        TextTable table = new TextTable();
        for (KnowledgeItem item : items) {
            table.row(colour.id(item.id()), item.kind().name(), RelativeTime.since(item.createdAt(), now),
                    titleWithTags(item, moment));
        }
        return table;
    }

    /** The title, "(superseded)", "(flagged)" and "(stale since <commit>: <what>)" as they apply at {@code moment}, and tags. */
    static String titleWithTags(KnowledgeItem item, Instant moment) {
        String title = (item.current() ? item.title() : item.title() + " (superseded)") + (item.held() ? " (flagged)" : "")
                + (item.staleAt(moment) ? " (" + item.ended().orElseThrow().mark() + ")" : "");
        if (item.tags().isEmpty()) {
            return title;
        }
        StringBuilder text = new StringBuilder(title).append("  ");
        item.tags().forEach(tag -> text.append('#').append(tag).append(' '));
        return text.toString().strip();
    }
}
