package dev.graphiti.tools;

import dev.graphiti.protocol.feature.TaskSupport;
import dev.graphiti.protocol.feature.ToolDescriptor;
import jakarta.json.JsonObject;
import java.util.List;

/** graphiti_compact: `graphiti compact [--dry-run]`. */
public class CompactTool extends CliTool {

    private static final ToolDescriptor DESCRIPTOR = describe("graphiti_compact", "Compact",
            "Merge duplicates and superseded chains, keeping provenance. Try dry_run first.",
            new InputSchema().flag("dry_run", null).located(),
            true, destroys());

    public CompactTool(CliGateway gateway) {
        super(gateway, DESCRIPTOR);
    }

    /** Compaction reads every item (a dry run too): a long job, a task where accepted. */
    @Override
    public TaskSupport taskSupport() {
        return TaskSupport.OPTIONAL;
    }

    @Override
    List<String> command(JsonObject arguments) {
        return new Argv(arguments, "compact").flag("--dry-run", "dry_run").build();
    }
}
