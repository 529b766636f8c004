package dev.graphiti.service;

import dev.graphiti.exchange.AgentsSection;
import dev.graphiti.exchange.BridgeOutcome;
import dev.graphiti.exchange.ClaudeRules;
import dev.graphiti.exchange.SettledItems;
import dev.graphiti.graph.GraphLocation;
import dev.graphiti.graph.ItemFilter;
import dev.graphiti.graph.KnowledgeItem;
import dev.graphiti.graph.Kind;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The graph's settled knowledge written into the agents' own files, and taken out again: graphiti's part of an
 * AGENTS.md ({@link AgentsSection}) and Claude Code's path-scoped rules ({@link ClaudeRules}). An item imported from a
 * file the agent reads already is not told again: AGENTS.md's own items are not written into AGENTS.md, and what Claude
 * Code reads (CLAUDE.md files, its rules, its auto-memory, the user's) is not made into rules.
 */
public final class Bridges {

    /** Items read from the graph to choose from: the newest of each kind, far more than {@link SettledItems#CAP}. */
    private static final int READ = 5_000;

    private final Graphs graphs;
    private final Clock clock;
    private final int maxContentBytes;

    public Bridges(Graphs graphs, Clock clock, int maxContentBytes) {
        this.graphs = graphs;
        this.clock = clock;
        this.maxContentBytes = maxContentBytes;
    }

    public BridgeOutcome agentsMd(GraphLocation location, Path file, boolean remove) {
        AgentsSection section = new AgentsSection(file);
        return remove ? section.remove() : section.write(settled(location, fromMemory("AGENTS.md",
                "AGENTS.override.md")));
    }

    public BridgeOutcome claudeRules(GraphLocation location, Path folder, boolean remove) {
        ClaudeRules rules = new ClaudeRules(folder);
        return remove ? rules.remove() : rules.write(settled(location, fromMemory("CLAUDE.md", "CLAUDE.local.md",
                ".claude/rules/", "auto-memory/", "user/")));
    }

    private List<KnowledgeItem> settled(GraphLocation location, Predicate<KnowledgeItem> leftOut) {
        try (OpenGraph graph = graphs.open(location)) {
            List<KnowledgeItem> items = graph.items(clock, maxContentBytes).list(new ItemFilter(
                    Set.of(Kind.decision, Kind.preference), Optional.empty(), Optional.empty(), Optional.empty(), false),
                    READ);
            return SettledItems.of(items, clock.instant(), leftOut);
        }
    }

    /** Items a memory import took from a file whose label ends with, or starts with, one of {@code labels}. */
    private static Predicate<KnowledgeItem> fromMemory(String... labels) {
        return item -> {
            if (!item.source().startsWith("memory:")) {
                return false;
            }
            String label = item.source().substring("memory:".length()).split("#", 2)[0];
            for (String known : labels) {
                if (known.endsWith("/") ? label.startsWith(known) : label.equals(known) || label.endsWith("/" + known)) {
                    return true;
                }
            }
            return false;
        };
    }
}
