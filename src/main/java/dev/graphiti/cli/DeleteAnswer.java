package dev.graphiti.cli;

import jakarta.json.JsonObject;
import java.util.List;

/** What `graphiti delete` answers: the ids it deleted. */
record DeleteAnswer(List<String> deleted) implements Answer {

    @Override
    public JsonObject json() {
        return JsonShapes.JSON.createObjectBuilder().add("deleted", deleted.size()).add("ids", JsonShapes.strings(deleted))
                .build();
    }
}
