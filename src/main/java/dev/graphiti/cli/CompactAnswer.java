package dev.graphiti.cli;

import dev.graphiti.graph.CompactReport;
import jakarta.json.JsonObject;

/** What `graphiti compact` answers: what it merged, collapsed and removed (or would, in a dry run), and the file's size. */
record CompactAnswer(CompactReport report) implements Answer {

    @Override
    public JsonObject json() {
        return JsonShapes.JSON.createObjectBuilder().add("dry_run", report.dryRun())
                .add("merged", report.merged()).add("superseded", report.superseded())
                .add("removed", report.removed()).add("bytes_before", report.bytesBefore())
                .add("bytes_after", report.bytesAfter()).build();
    }
}
