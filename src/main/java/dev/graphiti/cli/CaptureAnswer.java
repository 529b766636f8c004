package dev.graphiti.cli;

import dev.graphiti.ingest.transcript.CaptureReport;
import jakarta.json.JsonObject;

/** What `graphiti capture` answers for one session captured in the call: the turns it read and the items it stored. */
record CaptureAnswer(CaptureReport report) implements Answer {

    @Override
    public JsonObject json() {
        return JsonShapes.JSON.createObjectBuilder().add("session", report.session())
                .add("turns_read", report.turnsRead()).add("items_added", report.itemsAdded())
                .add("duplicates", report.duplicates()).build();
    }
}
