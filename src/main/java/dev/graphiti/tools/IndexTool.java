package dev.graphiti.tools;

import dev.graphiti.protocol.feature.ToolDescriptor;
import jakarta.json.JsonObject;
import java.util.List;

/** graphiti_index: `graphiti index [--full] [--since REF]`. */
public class IndexTool extends CliTool {

    private static final ToolDescriptor DESCRIPTOR = describe("graphiti_index", "Index git history",
            "Turn commits not yet indexed into items; skips merges, bots and trivial commits.",
            new InputSchema().flag("full", "reindex all").string("since", "git ref").string("dir", null),
            true, writes(true));

    public IndexTool(CliGateway gateway) {
        super(gateway, DESCRIPTOR);
    }

    @Override
    List<String> command(JsonObject arguments) {
        return new Argv(arguments, "index").flag("--full", "full").option("--since", "since").build();
    }
}
