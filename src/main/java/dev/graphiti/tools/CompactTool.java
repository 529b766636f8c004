package dev.graphiti.tools;

import dev.graphiti.protocol.feature.TaskSupport;
import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.feature.ToolDescriptor;
import dev.graphiti.protocol.feature.ToolResult;
import jakarta.json.JsonValue;
import jakarta.json.JsonObject;
import java.util.List;

/** graphiti_compact: `graphiti compact [--dry-run]`. */
public class CompactTool extends CliTool {

    private static final DeclaredCommand COMPACT = DeclaredCommand.of("compact");
    private static final ToolDescriptor DESCRIPTOR = describe("graphiti_compact",
            "Merge duplicates and superseded chains. Try dry_run first.", COMPACT.schema().confirmation().scope(),
            destroys());

    public CompactTool(CliGateway gateway) {
        super(gateway, DESCRIPTOR);
    }

    /** Compaction reads every item (a dry run too): a long job, a task where accepted. */
    @Override
    public TaskSupport taskSupport() {
        return TaskSupport.OPTIONAL;
    }

    /** A dry run changes nothing; a compaction is asked about first ({@link Confirmation}), then runs as a long job. */
    @Override
    public ToolResult call(JsonObject arguments, RequestContext context) throws Exception {
        if (arguments.get("dry_run") != JsonValue.TRUE) {
            gateway().place(arguments, context);
            var outcome = Confirmation.ask(context, arguments, "Compact the graph: merge duplicate items and collapse "
                    + "superseded chains (provenance is kept, merged items are removed)? A dry_run shows what would change.");
            if (outcome instanceof Confirmation.Stopped stopped) {
                return stopped.refused() ? ToolResult.error(stopped.message()) : ToolResult.text(stopped.message());
            }
        }
        return super.call(arguments, context);
    }

    @Override
    List<String> command(JsonObject arguments) {
        return COMPACT.argv(arguments).build();
    }
}
