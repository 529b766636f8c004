package dev.graphiti.cli;

import dev.graphiti.service.SessionContext;
import jakarta.json.JsonObject;

/** What `graphiti context` answers: the session's context text within its budget, and whether HEAD is indexed. */
record ContextAnswer(SessionContext read) implements Answer {

    @Override
    public JsonObject json() {
        var json = JsonShapes.JSON.createObjectBuilder().add("text", read.text()).add("tokens", read.tokens())
                .add("budget", read.budget()).add("items", read.items())
                .add("database", read.database().toString());
        JsonShapes.add(json, "head", read.head());
        return json.add("head_indexed", read.headIndexed()).add("unindexed_commits", read.unindexedCommits()).build();
    }
}
