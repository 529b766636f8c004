package dev.graphiti.tools;

import dev.graphiti.protocol.feature.ToolAnnotations;
import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.feature.ToolDescriptor;
import dev.graphiti.protocol.feature.ToolResult;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Optional;

/** graphiti_search: `graphiti search`, best first, trimmed from the lowest rank. */
public class SearchTool extends CliTool {

    private static final DeclaredCommand SEARCH = DeclaredCommand.of("search");
    private static final ToolDescriptor DESCRIPTOR = describe("graphiti_search",
            "Find stored knowledge, best first.", SEARCH.schema().scope(),
            ToolAnnotations.readOnly());

    public SearchTool(CliGateway gateway) {
        super(gateway, DESCRIPTOR);
    }

    @Override
    ResultShape shape() {
        return ResultShape.RANKED_ROWS;
    }

    /** Each row sent is followed by a resource link to the item (graphiti://item/{id}), to open only when needed. */
    @Override
    public ToolResult call(JsonObject arguments, RequestContext context) {
        CliOutcome outcome = gateway().run(command(arguments), arguments, context);
        return gateway().renderer().render("search", outcome, shape(), row -> ItemResource.link(row, arguments),
                context != null && context.rendersApps());
    }

    @Override
    public Optional<String> appUri() {
        return Optional.of(ExplorerApp.URI);
    }

    @Override
    List<String> command(JsonObject arguments) {
        return SEARCH.argv(arguments).build();
    }
}
