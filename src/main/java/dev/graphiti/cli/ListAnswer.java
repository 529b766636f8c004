package dev.graphiti.cli;

import dev.graphiti.graph.KnowledgeItem;
import jakarta.json.JsonArray;
import java.time.Instant;
import java.util.List;

/** What `graphiti list` answers: the items newest first, each with its validity (stale at {@code moment}). */
record ListAnswer(List<KnowledgeItem> items, Instant moment) implements Answer {

    @Override
    public JsonArray json() {
        var array = JsonShapes.JSON.createArrayBuilder();
        items.forEach(item -> array.add(JsonShapes.flagged(JsonShapes.validity(JsonShapes.summary(item), item, moment), item)));
        return array.build();
    }
}
