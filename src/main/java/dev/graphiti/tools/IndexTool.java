package dev.graphiti.tools;

import dev.graphiti.protocol.feature.TaskSupport;
import dev.graphiti.protocol.feature.ToolDescriptor;
import jakarta.json.JsonObject;
import java.util.List;

/**
 * graphiti_index: `graphiti index [--full] [--since REF]`, or with {@code vectors} `graphiti embed`, the embedding
 * backfill (the server embeds new items in the background; this catches up a graph holding many without vectors).
 * One tool for both indexes keeps tools/list within its token budget.
 */
public class IndexTool extends CliTool {

    private static final ToolDescriptor DESCRIPTOR = describe("graphiti_index",
            "Store new git commits as items.",
            new InputSchema().flag("full", "reindex all").string("since", "git ref")
                    .flag("vectors", "embedding backfill").scope(),
            writes());

    public IndexTool(CliGateway gateway) {
        super(gateway, DESCRIPTOR);
    }

    /** Indexing walks the history (all of it on a first run or with full): a long job, a task where accepted. */
    @Override
    public TaskSupport taskSupport() {
        return TaskSupport.OPTIONAL;
    }

    @Override
    List<String> command(JsonObject arguments) {
        if (arguments.get("vectors") == jakarta.json.JsonValue.TRUE) {
            return new Argv(arguments, "embed").build();
        }
        return new Argv(arguments, "index").flag("--full", "full").option("--since", "since").build();
    }
}
