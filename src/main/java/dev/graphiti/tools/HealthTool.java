package dev.graphiti.tools;

import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.feature.ToolAnnotations;
import dev.graphiti.protocol.feature.ToolDescriptor;
import dev.graphiti.protocol.feature.ToolResult;
import jakarta.json.JsonObject;
import java.util.List;

/** graphiti_health: `graphiti health`; a failing check is a normal answer here, not a tool error. */
public class HealthTool extends CliTool {

    private static final DeclaredCommand HEALTH = DeclaredCommand.of("health");
    private static final ToolDescriptor DESCRIPTOR = describe("graphiti_health",
            "Check the database and the commit index.", HEALTH.schema().scope(),
            ToolAnnotations.readOnly());

    public HealthTool(CliGateway gateway) {
        super(gateway, DESCRIPTOR);
    }

    @Override
    List<String> command(JsonObject arguments) {
        return HEALTH.argv(arguments).build();
    }

    /** The CLI exits 1 when a check fails but still prints the report: that report is the answer. */
    @Override
    public ToolResult call(JsonObject arguments, RequestContext context) {
        CliOutcome outcome = gateway().run(command(arguments), arguments, context);
        boolean report = outcome.ending() == CliOutcome.Ending.EXITED && outcome.exitCode() == 1
                && (outcome.answer() != null || outcome.stdout().startsWith("{"));
        return gateway().renderer().render("health", outcome.countedOk(report), ResultShape.OBJECT);
    }
}
