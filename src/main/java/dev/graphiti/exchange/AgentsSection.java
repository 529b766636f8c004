package dev.graphiti.exchange;

import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.Kind;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * `graphiti export --as agents-md`: the settled items as graphiti's part of an AGENTS.md (Codex, opencode, Copilot
 * and others read it into every session), between {@link GraphitiSection}'s markers; the rest of the file is kept byte
 * for byte. Exporting again replaces the part, and writes nothing when it holds those bytes already; removing it gives
 * the file back as it was before the first export (a file the export created is deleted).
 */
public final class AgentsSection {

    private final Path file;

    public AgentsSection(Path file) {
        this.file = file;
    }

    /** Writes {@code items} (already {@link SettledItems}) into the file's part. */
    public BridgeOutcome write(List<KnowledgeItem> items) {
        Optional<String> old = UserFile.read(file);
        String text = old.orElse("");
        String updated = GraphitiSection.replaced(text, section(items, GraphitiSection.newline(text)), file.toString());
        boolean written = UserFile.write(file, old, updated, true);
        return new BridgeOutcome(items.size(), written ? List.of(file) : List.of(), List.of(), written ? 0 : 1);
    }

    /** Takes graphiti's part out of the file; a file left empty is deleted (the export made it). */
    public BridgeOutcome remove() {
        Optional<String> old = UserFile.read(file);
        if (old.isEmpty()) {
            return new BridgeOutcome(0, List.of(), List.of(), 0);
        }
        String rest = GraphitiSection.removed(old.get(), file.toString());
        if (rest.isEmpty() && !old.get().isEmpty()) {
            UserFile.delete(file);
            return new BridgeOutcome(0, List.of(), List.of(file), 0);
        }
        boolean written = UserFile.write(file, old, rest, true);
        return new BridgeOutcome(0, written ? List.of(file) : List.of(), List.of(), written ? 0 : 1);
    }

    static String section(List<KnowledgeItem> items, String newline) {
        List<KnowledgeItem> decisions = items.stream().filter(item -> item.kind() == Kind.decision).toList();
        List<KnowledgeItem> preferences = items.stream().filter(item -> item.kind() == Kind.preference).toList();
        StringBuilder text = new StringBuilder(GraphitiSection.BEGIN).append(newline)
                .append("## Decisions and preferences (graphiti)").append(newline).append(newline)
                .append("Written by `graphiti export --as agents-md` from this project's graph: what holds now. An edit")
                .append(" here is replaced at the next export; change the item in graphiti instead.").append(newline);
        if (items.isEmpty()) {
            text.append(newline).append("No current decisions or preferences yet.").append(newline);
        }
        if (!decisions.isEmpty()) {
            text.append(newline).append("### Decisions").append(newline).append(newline)
                    .append(SettledItems.bullets(decisions, newline));
        }
        if (!preferences.isEmpty()) {
            text.append(newline).append("### Preferences").append(newline).append(newline)
                    .append(SettledItems.bullets(preferences, newline));
        }
        return text.append(GraphitiSection.END).append(newline).toString();
    }
}
