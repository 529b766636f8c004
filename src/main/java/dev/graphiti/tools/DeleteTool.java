package dev.graphiti.tools;

import dev.graphiti.protocol.feature.ToolDescriptor;
import jakarta.json.JsonObject;
import java.util.List;

/** graphiti_delete: `graphiti delete --force` (the agent's client asks the person, not the CLI). */
public class DeleteTool extends CliTool {

    private static final ToolDescriptor DESCRIPTOR = describe("graphiti_delete", "Delete items",
            "Remove items that are wrong or private. To correct an item, add the new one with supersedes instead.",
            new InputSchema().strings("ids", null).located().require("ids"),
            true, destroys());

    public DeleteTool(CliGateway gateway) {
        super(gateway, DESCRIPTOR);
    }

    @Override
    List<String> command(JsonObject arguments) {
        return new Argv(arguments, "delete").fixed("--force").words("ids").build();
    }
}
