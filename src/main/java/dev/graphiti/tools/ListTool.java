package dev.graphiti.tools;

import dev.graphiti.protocol.feature.ToolAnnotations;
import dev.graphiti.protocol.feature.ToolDescriptor;
import jakarta.json.JsonObject;
import java.util.List;

/** graphiti_list: `graphiti list`, newest first, trimmed from the oldest. */
public class ListTool extends CliTool {

    private static final DeclaredCommand LIST = DeclaredCommand.of("list");
    private static final ToolDescriptor DESCRIPTOR = describe("graphiti_list",
            "Browse items newest first.", LIST.schema().scope(),
            ToolAnnotations.readOnly());

    public ListTool(CliGateway gateway) {
        super(gateway, DESCRIPTOR);
    }

    @Override
    ResultShape shape() {
        return ResultShape.NEWEST_ROWS;
    }

    @Override
    List<String> command(JsonObject arguments) {
        return LIST.argv(arguments).build();
    }

    @Override
    public java.util.Optional<String> appUri() {
        return java.util.Optional.of(ExplorerApp.URI);
    }
}
