package dev.graphiti.tools;

import dev.graphiti.protocol.feature.ToolAnnotations;
import dev.graphiti.protocol.feature.ToolDescriptor;
import jakarta.json.JsonObject;
import java.util.List;

/** graphiti_show: `graphiti show`. */
public class ShowTool extends CliTool {

    private static final DeclaredCommand SHOW = DeclaredCommand.of("show");
    private static final ToolDescriptor DESCRIPTOR = describe("graphiti_show",
            "One item in full.", SHOW.schema().scope(),
            ToolAnnotations.readOnly());

    public ShowTool(CliGateway gateway) {
        super(gateway, DESCRIPTOR);
    }

    @Override
    List<String> command(JsonObject arguments) {
        return SHOW.argv(arguments).build();
    }

    @Override
    public java.util.Optional<String> appUri() {
        return java.util.Optional.of(ExplorerApp.URI);
    }
}
