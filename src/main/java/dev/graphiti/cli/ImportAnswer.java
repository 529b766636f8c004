package dev.graphiti.cli;

import dev.graphiti.service.ImportReport;
import jakarta.json.JsonObject;

/** What `graphiti import PATH` answers: what it read, stored, replaced and passed over, and the files it refused. */
record ImportAnswer(ImportReport report) implements Answer {

    @Override
    public JsonObject json() {
        return JsonShapes.JSON.createObjectBuilder().add("format", report.format().name())
                .add("path", report.from().toString()).add("read", report.read()).add("stored", report.stored())
                .add("replaced", report.replaced()).add("already_present", report.present())
                .add("duplicates", report.duplicates()).add("redactions", report.redactions())
                .add("skipped", report.skipped()).add("refused", JsonShapes.strings(report.refused())).build();
    }
}
