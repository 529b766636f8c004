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

    /** The same facts told in other words (a language model's prose). */
    public Summary withText(String prose) {
        return new Summary(scope, topic, itemCount, byKind, prose, topEntities, recentDecisions);
    }
}
