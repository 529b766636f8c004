package dev.graphiti.exchange;

import dev.graphiti.graph.Fingerprint;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.Kind;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/**
 * What the agents' own files are given of a graph: its current decisions and preferences, not replaced, not ended by
 * git time (stale) and not held for review, at most {@value #CAP} (the newest), in a stable order (decisions first,
 * then oldest first), so the same graph always gives the same bytes. Each is a Markdown bullet: its title, kind and
 * id, then its content indented under it.
 */
public final class SettledItems {

    /** The agents read these files into every prompt (Codex stops at 32 KiB of AGENTS.md): a bounded part of it. */
    public static final int CAP = 100;

    private SettledItems() {
    }

    /** The items of {@code items} an agent is told, {@code leftOut} passing over those it reads from its own files. */
    public static List<KnowledgeItem> of(List<KnowledgeItem> items, Instant now, Predicate<KnowledgeItem> leftOut) {
        return items.stream()
                .filter(item -> item.kind() == Kind.decision || item.kind() == Kind.preference)
                .filter(item -> item.current() && !item.staleAt(now) && !item.held() && !leftOut.test(item))
                .sorted(Comparator.comparing(KnowledgeItem::createdAt).reversed().thenComparing(KnowledgeItem::id))
                .limit(CAP)
                .sorted(Comparator.comparing(KnowledgeItem::kind).thenComparing(KnowledgeItem::createdAt)
                        .thenComparing(KnowledgeItem::id))
                .toList();
    }

    /** The bullets, each line ending with {@code newline}. */
    static String bullets(List<KnowledgeItem> items, String newline) {
        StringBuilder text = new StringBuilder();
        for (KnowledgeItem item : items) {
            text.append("- **").append(oneLine(item.title())).append("** (").append(item.kind()).append(", ")
                    .append(item.id()).append(')').append(newline);
            if (!Fingerprint.normalize(item.content()).equals(Fingerprint.normalize(item.title()))) {
                item.content().strip().lines().forEach(line -> text.append(line.isBlank() ? "" : "  " + safe(line))
                        .append(newline));
            }
        }
        return text.toString();
    }

    private static String oneLine(String title) {
        return safe(title.replaceAll("\\s+", " ").strip().replace("**", ""));
    }

    /** An item's text never closes or opens graphiti's part of a file. */
    private static String safe(String line) {
        return line.replace("<!-- graphiti:", "&lt;!-- graphiti:");
    }
}
