package dev.graphiti.cli;

import dev.graphiti.graph.KnowledgeItem;
import jakarta.json.JsonArray;
import java.util.List;

/** What `graphiti list` answers: the items newest first. */
record ListAnswer(List<KnowledgeItem> items) implements Answer {

    @Override
    public JsonArray json() {
        var array = JsonShapes.JSON.createArrayBuilder();
        items.forEach(item -> array.add(JsonShapes.flagged(JsonShapes.summary(item), item)));
        return array.build();
    }
}
