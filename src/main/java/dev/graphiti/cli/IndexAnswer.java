package dev.graphiti.cli;

import dev.graphiti.ingest.git.IndexReport;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.Map;

/** What `graphiti index` answers: the commits it stored and passed over (by reason), and the HEAD it reached. */
record IndexAnswer(IndexReport report) implements Answer {

    @Override
    public JsonObject json() {
        JsonObjectBuilder skippedBy = JsonShapes.JSON.createObjectBuilder();
        report.skippedBy().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(entry -> skippedBy.add(entry.getKey().name(), entry.getValue()));
        JsonObjectBuilder json = JsonShapes.JSON.createObjectBuilder()
                .add("commits_indexed", report.commitsIndexed())
                .add("skipped", report.skipped());
        if (report.head() == null) {
            json.addNull("head");
        } else {
            json.add("head", report.head());
        }
        return json.add("duplicates", report.duplicates())
                .add("already_indexed", report.alreadyIndexed())
                .add("diffs_unread", report.diffsUnread())
                .add("marked_stale", report.markedStale())
                .add("skipped_by", skippedBy).build();
    }
}
