package dev.graphiti.cli;

import dev.graphiti.exchange.ExchangeFormat;
import dev.graphiti.service.ExportReport;
import jakarta.json.JsonObject;

/** What `graphiti export PATH` answers: the format, the file or folder written, how many items and lines or notes. */
record ExportAnswer(ExchangeFormat format, ExportReport report) implements Answer {

    @Override
    public JsonObject json() {
        return JsonShapes.JSON.createObjectBuilder().add("format", format.name()).add("path", report.to().toString())
                .add("items", report.items()).add("written", report.written()).build();
    }
}
