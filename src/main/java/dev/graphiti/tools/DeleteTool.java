package dev.graphiti.tools;

import dev.graphiti.protocol.feature.ToolDescriptor;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.util.List;

/** graphiti_delete: `graphiti delete --force` (the agent's client asks the person, not the CLI). */
@ApplicationScoped
public class DeleteTool extends CliTool {

    private static final ToolDescriptor DESCRIPTOR = describe("graphiti_delete", "Delete items",
            "Remove items that are wrong or private. To correct an item, add the new one with supersedes instead.",
            new InputSchema().strings("ids", null).located().require("ids"),
            true, destroys());

    @Inject
    public DeleteTool(CliGateway gateway) {
        super(gateway, DESCRIPTOR);
    }

    /** For CDI's client proxy only. */
    protected DeleteTool() {
        super(null, DESCRIPTOR);
    }

    @Override
    List<String> command(JsonObject arguments) {
        return new Argv(arguments, "delete").fixed("--force").words("ids").build();
    }
}
