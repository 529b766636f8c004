package dev.graphiti.cli;

import java.nio.file.Path;

/** What `graphiti capture --async` answers at once: which session's log is being captured, and where the outcome is logged. */
record CaptureStartedAnswer(String session, Path transcript, Path log) implements Answer {

    @Override
    public jakarta.json.JsonObject json() {
        return JsonShapes.JSON.createObjectBuilder().add("session", session).add("transcript", transcript.toString())
                .add("async", true).add("log", log.toString()).build();
    }
}
