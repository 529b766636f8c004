package dev.graphiti.tools;

import dev.graphiti.protocol.feature.ToolDescriptor;
import jakarta.json.JsonObject;
import java.nio.file.Path;
import java.util.List;

/**
 * graphiti_import: `graphiti import PATH [--as FORMAT]`. A tool call is untrusted: PATH must lie under the
 * directories the server serves. What it stores is redacted and checked as `add` does; importing again adds nothing.
 */
public class ImportTool extends FileTool {

    private static final ToolDescriptor DESCRIPTOR = describe("graphiti_import",
            "Load an export, notes folder or memory server JSONL.",
            new InputSchema().string("path", "file or folder").choice("as", ExportTool.FORMATS, "default: guessed")
                    .scope().require("path"),
            writes());

    public ImportTool(CliGateway gateway) {
        super(gateway, DESCRIPTOR);
    }

    @Override
    List<String> command(JsonObject arguments) {
        Argv argv = new Argv(arguments, "import").option("--as", "as");
        // a folder's notes are judged as the path was: by real path, within what the server may reach
        for (Path dir : gateway().projects().readReach()) {
            argv.fixed("--within", dir.toString());
        }
        return argv.words("path").build();
    }

    @Override
    Path confine(ProjectDirectory projects, JsonObject arguments, ProjectDirectory.Place place) {
        return projects.readable(arguments, "path", place);
    }
}
