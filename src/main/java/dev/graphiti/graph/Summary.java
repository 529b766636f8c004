package dev.graphiti.graph;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** An overview of a graph or of one topic in it. */
public record Summary(Scope scope, Optional<String> topic, int itemCount, Map<Kind, Integer> byKind, String text,
                      List<GraphStats.EntityCount> topEntities, List<KnowledgeItem> recentDecisions) {

    public Summary {
        byKind = Map.copyOf(byKind);
        topEntities = List.copyOf(topEntities);
        recentDecisions = List.copyOf(recentDecisions);
    }
}
