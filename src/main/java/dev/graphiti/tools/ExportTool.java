package dev.graphiti.tools;

import dev.graphiti.protocol.feature.ToolDescriptor;
import jakarta.json.JsonObject;
import java.nio.file.Path;
import java.util.List;

/**
 * graphiti_export: `graphiti export PATH --as FORMAT`. A tool call is untrusted: PATH must lie under the directories
 * the server serves (its folder existing there), outside any .git or .graphiti folder, and an existing file is never
 * replaced (the tool has no --force): a call can add a file, never rewrite one. So it offers no export into the
 * agents' own files (agents-md, claude-rules), which edits them in place.
 */
public class ExportTool extends FileTool {

    static final List<String> FORMATS = List.of("json", "markdown", "memory");

    private static final ToolDescriptor DESCRIPTOR = describe("graphiti_export",
            "Write the graph to a new file.",
            new InputSchema().string("path", "new file").choice("as", FORMATS, "default json").scope().require("path"),
            writes());

    public ExportTool(CliGateway gateway) {
        super(gateway, DESCRIPTOR);
    }

    @Override
    List<String> command(JsonObject arguments) {
        String as = arguments.getString("as", "json");
        if (!FORMATS.contains(as)) {
            // agents-md and claude-rules rewrite files people edit (AGENTS.md, .claude/rules): a call adds files only
            throw new IllegalArgumentException("as must be one of " + String.join(", ", FORMATS) + "; " + as + " rewrites"
                    + " files people edit, which a tool call may not: run `graphiti export --as " + as + "` in a terminal");
        }
        return new Argv(arguments, "export").option("--as", "as").words("path").build();
    }

    @Override
    Path confine(ProjectDirectory projects, JsonObject arguments, ProjectDirectory.Place place) {
        return projects.writable(arguments, "path", place);
    }
}
