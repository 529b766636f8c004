package dev.graphiti.cli;

import dev.graphiti.graph.GraphStats;
import dev.graphiti.graph.Summary;
import jakarta.json.JsonObject;

/** What `graphiti summarize` answers: counts by kind, the top entities, recent decisions and the summary text. */
record SummaryAnswer(Summary summary) implements Answer {

    @Override
    public JsonObject json() {
        var counts = JsonShapes.JSON.createObjectBuilder();
        summary.byKind().entrySet().stream().sorted(java.util.Map.Entry.comparingByKey())
                .forEach(e -> counts.add(e.getKey().name(), e.getValue()));
        var entities = JsonShapes.JSON.createArrayBuilder();
        for (GraphStats.EntityCount entity : summary.topEntities()) {
            entities.add(JsonShapes.JSON.createObjectBuilder().add("name", entity.name()).add("type", entity.type())
                    .add("count", entity.count()));
        }
        var decisions = JsonShapes.JSON.createArrayBuilder();
        summary.recentDecisions().forEach(item -> decisions.add(JsonShapes.JSON.createObjectBuilder()
                .add("id", item.id()).add("title", item.title())
                .add("created_at", JsonShapes.timestamp(item.createdAt()))));
        var json = JsonShapes.JSON.createObjectBuilder().add("scope", summary.scope().name());
        JsonShapes.add(json, "topic", summary.topic());
        return json.add("item_count", summary.itemCount()).add("by_kind", counts).add("summary", summary.text())
                .add("top_entities", entities).add("recent_decisions", decisions).build();
    }
}
