package dev.graphiti.cli;

import dev.graphiti.graph.AddResult;
import jakarta.json.JsonObject;

/** What `graphiti add` answers: the item as stored, how many secrets were redacted, what it duplicates or supersedes. */
record AddAnswer(AddResult result) implements Answer {

    @Override
    public JsonObject json() {
        var json = JsonShapes.whole(result.item()).add("redactions", result.redactions());
        JsonShapes.add(json, "duplicate_of", result.duplicateOf());
        JsonShapes.add(json, "superseded", result.superseded());
        return json.build();
    }
}
