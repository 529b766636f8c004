package dev.graphiti.tools;

import dev.graphiti.protocol.feature.ToolAnnotations;
import dev.graphiti.protocol.feature.ToolDescriptor;
import jakarta.json.JsonObject;
import java.util.List;

/** graphiti_search: `graphiti search`, best first, trimmed from the lowest rank. */
public class SearchTool extends CliTool {

    private static final ToolDescriptor DESCRIPTOR = describe("graphiti_search", "Search memory",
            "Find stored knowledge by words, best first. Use before deciding, designing or re-investigating a bug.",
            new InputSchema().string("query", null).integer("limit", 10, 1).flag("exact", "whole phrase")
                    .filters().located().require("query"),
            false, ToolAnnotations.readOnly());

    public SearchTool(CliGateway gateway) {
        super(gateway, DESCRIPTOR);
    }

    @Override
    ResultShape shape() {
        return ResultShape.RANKED_ROWS;
    }

    @Override
    List<String> command(JsonObject arguments) {
        return FilterArguments.add(new Argv(arguments, "search").option("--limit", "limit").flag("--exact", "exact"))
                .words("query").build();
    }
}
