package dev.graphiti.tools;

import dev.graphiti.protocol.feature.ToolAnnotations;
import dev.graphiti.protocol.feature.ToolDescriptor;
import jakarta.json.JsonObject;
import java.util.List;

/**
 * graphiti_summarize: `graphiti summarize [TOPIC]`. Read-only, but not closed-world: with llm.endpoint set (by the
 * owner only, see ConfigTool) the summary sentence comes from that model, which receives the redacted facts.
 */
public class SummarizeTool extends CliTool {

    private static final ToolDescriptor DESCRIPTOR = describe("graphiti_summarize",
            "Counts by kind, top entities, latest decisions.",
            new InputSchema().string("topic", "optional focus").scope(),
            new ToolAnnotations(true, false, true, true));

    public SummarizeTool(CliGateway gateway) {
        super(gateway, DESCRIPTOR);
    }

    @Override
    List<String> command(JsonObject arguments) {
        return new Argv(arguments, "summarize").words("topic").build();
    }
}
