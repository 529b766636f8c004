package dev.graphiti.tools;

import dev.graphiti.protocol.feature.ToolDescriptor;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.util.List;

/** graphiti_compact: `graphiti compact [--dry-run]`. */
@ApplicationScoped
public class CompactTool extends CliTool {

    private static final ToolDescriptor DESCRIPTOR = describe("graphiti_compact", "Compact",
            "Merge duplicates and superseded chains, keeping provenance. Try dry_run first.",
            new InputSchema().flag("dry_run", null).located(),
            true, destroys());

    @Inject
    public CompactTool(CliGateway gateway) {
        super(gateway, DESCRIPTOR);
    }

    /** For CDI's client proxy only. */
    protected CompactTool() {
        super(null, DESCRIPTOR);
    }

    @Override
    List<String> command(JsonObject arguments) {
        return new Argv(arguments, "compact").flag("--dry-run", "dry_run").build();
    }
}
