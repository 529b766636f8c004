package dev.graphiti.graph;

import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToIntFunction;

/**
 * The durable knowledge a new agent session should start with, as Markdown within a token budget: decisions,
 * architecture, preferences, patterns, bug fixes, then notes; newest first within each.
 */
public final class ContextBuilder {

    private static final List<Kind> ORDER = List.of(Kind.decision, Kind.architecture, Kind.preference, Kind.pattern,
            Kind.bugfix, Kind.note);
    private static final int PER_KIND = 50;
    private static final int LINE_CHARS = 300;

    private final ItemRepository repository;
    private final ToIntFunction<String> tokens;

    public ContextBuilder(ItemRepository repository, ToIntFunction<String> tokens) {
        this.repository = repository;
        this.tokens = tokens;
    }

    public String build(Scope scope, int budget) {
        StringBuilder text = new StringBuilder();
        int used = append(text, "# Knowledge from graphiti (" + scope + " graph)\n", 0, budget);
        if (used < 0) {
            return "";
        }
        for (Kind kind : ORDER) {
            List<KnowledgeItem> items = repository.list(
                    new ItemFilter(Set.of(kind), Optional.empty(), Optional.empty(), Optional.empty(), false), PER_KIND);
            if (items.isEmpty()) {
                continue;
            }
            int afterHeading = append(text, "\n## " + heading(kind) + "\n", used, budget);
            if (afterHeading < 0) {
                break;
            }
            used = afterHeading;
            for (KnowledgeItem item : items) {
                int next = append(text, line(item), used, budget);
                if (next < 0) {
                    return text.toString();
                }
                used = next;
            }
        }
        return text.toString();
    }

    private int append(StringBuilder text, String piece, int used, int budget) {
        int cost = tokens.applyAsInt(piece);
        if (used + cost > budget) {
            return -1;
        }
        text.append(piece);
        return used + cost;
    }

    private static String line(KnowledgeItem item) {
        String body = item.content().strip().replaceAll("\\s+", " ");
        if (body.equals(item.title()) || body.startsWith(item.title().replace("…", ""))) {
            body = body.length() > item.title().length() ? body : "";
        }
        if (body.length() > LINE_CHARS) {
            body = body.substring(0, LINE_CHARS - 1) + "…";
        }
        String date = item.createdAt().truncatedTo(ChronoUnit.DAYS).toString().substring(0, 10);
        return "- **" + item.title() + "** (" + item.id() + ", " + date + ")" + (body.isEmpty() ? "" : ": " + body) + "\n";
    }

    private static String heading(Kind kind) {
        return switch (kind) {
            case decision -> "Decisions";
            case architecture -> "Architecture";
            case preference -> "Preferences";
            case pattern -> "Patterns";
            case bugfix -> "Bug fixes";
            default -> "Notes";
        };
    }
}
