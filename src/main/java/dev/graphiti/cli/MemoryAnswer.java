package dev.graphiti.cli;

import dev.graphiti.graph.Scope;
import dev.graphiti.ingest.memory.MemoryImport;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.util.List;

/**
 * What `graphiti capture --memory` answers: each memory file's parts added, updated and retired in its graph, the files
 * gone since the last import, the totals, and the files refused and notes.
 */
record MemoryAnswer(List<Imported> imported, List<String> refused, List<String> notes) implements Answer {

    /** One graph's import. */
    record Imported(Scope scope, MemoryImport.Outcome outcome) {
    }

    List<MemoryImport.FileReport> reports() {
        return imported.stream().flatMap(i -> i.outcome().files().stream()).toList();
    }

    int added() {
        return reports().stream().mapToInt(MemoryImport.FileReport::added).sum();
    }

    int updated() {
        return reports().stream().mapToInt(MemoryImport.FileReport::updated).sum();
    }

    int retired() {
        return reports().stream().mapToInt(MemoryImport.FileReport::retired).sum()
                + imported.stream().flatMap(i -> i.outcome().gone().stream()).mapToInt(MemoryImport.GoneFile::retired).sum();
    }

    @Override
    public JsonObject json() {
        JsonArrayBuilder files = JsonShapes.JSON.createArrayBuilder();
        JsonArrayBuilder gone = JsonShapes.JSON.createArrayBuilder();
        for (Imported one : imported) {
            one.outcome().files().forEach(report -> files.add(JsonShapes.JSON.createObjectBuilder()
                    .add("file", report.file().path().toString()).add("source", "memory:" + report.file().label())
                    .add("scope", one.scope().name()).add("chunks", report.chunks()).add("added", report.added())
                    .add("updated", report.updated()).add("unchanged", report.unchanged())
                    .add("duplicates", report.duplicates()).add("retired", report.retired())));
            one.outcome().gone().forEach(file -> gone.add(JsonShapes.JSON.createObjectBuilder()
                    .add("source", "memory:" + file.label()).add("scope", one.scope().name())
                    .add("retired", file.retired())));
        }
        List<MemoryImport.FileReport> reports = reports();
        return JsonShapes.JSON.createObjectBuilder().add("files", files).add("gone_files", gone)
                .add("items_added", added()).add("items_updated", updated()).add("items_retired", retired())
                .add("unchanged", reports.stream().mapToInt(MemoryImport.FileReport::unchanged).sum())
                .add("duplicates", reports.stream().mapToInt(MemoryImport.FileReport::duplicates).sum())
                .add("refused", JsonShapes.strings(refused))
                .add("notes", JsonShapes.strings(notes)).build();
    }
}
