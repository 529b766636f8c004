package dev.graphiti.cli;

import dev.graphiti.ingest.transcript.BackfillReport;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.List;
import java.util.Map;

/** What `graphiti capture --all` answers: the counts in all, each graph's, and the project folders passed over. */
record CaptureAllAnswer(Map<CaptureAll.Batch, BackfillReport> reports, List<CaptureAll.Skipped> skipped) implements Answer {

    static BackfillReport total(Map<CaptureAll.Batch, BackfillReport> reports) {
        return reports.values().stream().reduce(BackfillReport.EMPTY, BackfillReport::plus);
    }

    @Override
    public JsonObject json() {
        JsonArrayBuilder graphs = JsonShapes.JSON.createArrayBuilder();
        reports.forEach((batch, report) -> graphs.add(counts(report).add("agent", batch.agent().id())
                .add("directory", batch.directory().toString())
                .add("scope", batch.location().scope().name()).add("database", batch.location().database().toString())));
        JsonArrayBuilder passed = JsonShapes.JSON.createArrayBuilder();
        skipped.forEach(skip -> passed.add(JsonShapes.JSON.createObjectBuilder().add("folder", skip.folder().toString())
                .add("reason", skip.reason())));
        return counts(total(reports)).add("graphs", graphs).add("skipped_folders", passed).build();
    }

    private static JsonObjectBuilder counts(BackfillReport report) {
        return JsonShapes.JSON.createObjectBuilder().add("transcripts", report.transcripts()).add("read", report.read())
                .add("unchanged", report.unchanged()).add("unreadable", report.unreadable())
                .add("turns_read", report.turnsRead()).add("items_added", report.itemsAdded())
                .add("duplicates", report.duplicates()).add("malformed_lines", report.malformedLines());
    }
}
