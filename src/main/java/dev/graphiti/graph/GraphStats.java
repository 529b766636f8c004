package dev.graphiti.graph;

import java.util.List;
import java.util.Map;

/** Counts for summarize and health. */
public record GraphStats(int items, Map<Kind, Integer> byKind, List<EntityCount> topEntities) {

    public GraphStats {
        byKind = Map.copyOf(byKind);
        topEntities = List.copyOf(topEntities);
    }

    public record EntityCount(String name, String type, int count) {
    }
}
