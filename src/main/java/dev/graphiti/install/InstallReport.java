package dev.graphiti.install;

import java.nio.file.Path;
import java.util.List;

/** The outcome of `graphiti mcp install` or `uninstall`: what was written where, and what was left alone and why. */
public record InstallReport(String action, ClaudeScope scope, List<String> command, List<FileChange> changes,
                            Path manifest, List<String> warnings, List<String> notes) {

    public InstallReport {
        command = List.copyOf(command);
        changes = List.copyOf(changes);
        warnings = List.copyOf(warnings);
        notes = List.copyOf(notes);
    }

    /** This report with what the user should know or do next. */
    public InstallReport withNotes(List<String> value) {
        return new InstallReport(action, scope, command, changes, manifest, warnings, value);
    }

    /** The report as the JSON object `--format json` prints (one line per key, like JSON.stringify(x, null, 2)). */
    public String toJson() {
        List<Json> files = changes.stream().map(c -> (Json) Json.object(
                "file", Json.string(c.file().toString()), "status", Json.string(c.status()),
                "entries", Json.strings(c.entries()),
                "backup", c.backup().<Json>map(b -> Json.string(b.toString())).orElse(new Json.JNull()))).toList();
        return JsonWriter.write(Json.object("action", Json.string(action), "scope", Json.string(scope.name()),
                "command", Json.strings(command), "changes", new Json.JArray(files),
                "manifest", Json.string(manifest.toString()), "warnings", Json.strings(warnings),
                "notes", Json.strings(notes)),
                JsonStyle.COMPACT, "");
    }
}
