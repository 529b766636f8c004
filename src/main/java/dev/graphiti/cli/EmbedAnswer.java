package dev.graphiti.cli;

import dev.graphiti.service.EmbedReport;
import jakarta.json.JsonObject;

/** What `graphiti embed` answers: the model, the items embedded and left, and the seconds it took (to the hundredth). */
record EmbedAnswer(EmbedReport report) implements Answer {

    @Override
    public JsonObject json() {
        return JsonShapes.JSON.createObjectBuilder().add("model", report.model()).add("embedded", report.embedded())
                .add("remaining", report.remaining()).add("seconds", Math.round(report.seconds() * 100) / 100.0).build();
    }
}
