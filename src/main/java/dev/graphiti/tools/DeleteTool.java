package dev.graphiti.tools;

import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.feature.ToolDescriptor;
import dev.graphiti.protocol.feature.ToolResult;
import jakarta.json.JsonArray;
import jakarta.json.JsonValue;
import jakarta.json.JsonObject;
import java.util.List;

/**
 * graphiti_delete: `graphiti delete --force`, once the user said yes ({@link Confirmation}: asked through the client
 * where it can ask, otherwise refused until the call says confirm: true).
 */
public class DeleteTool extends CliTool {

    private static final DeclaredCommand DELETE = DeclaredCommand.of("delete");
    private static final ToolDescriptor DESCRIPTOR = describe("graphiti_delete",
            "Delete items; to correct one, add with supersedes.", DELETE.schema().confirmation().scope(),
            destroys());

    public DeleteTool(CliGateway gateway) {
        super(gateway, DESCRIPTOR);
    }

    @Override
    public ToolResult call(JsonObject arguments, RequestContext context) throws Exception {
        gateway().place(arguments, context); // a wrong dir is said before anyone is asked
        List<String> ids = arguments.get("ids") instanceof JsonArray list
                ? list.getValuesAs(JsonValue::toString).stream().map(s -> s.replace("\"", "")).toList()
                : List.of(String.valueOf(arguments.get("ids")));
        String named = ids.size() <= 10 ? String.join(", ", ids) : String.join(", ", ids.subList(0, 10)) + ", ...";
        var outcome = Confirmation.ask(context, arguments, "Delete " + ids.size() + (ids.size() == 1 ? " item" : " items")
                + " for good (" + named + ")?");
        if (outcome instanceof Confirmation.Stopped stopped) {
            return stopped.refused() ? ToolResult.error(stopped.message()) : ToolResult.text(stopped.message());
        }
        return super.call(arguments, context);
    }

    @Override
    List<String> command(JsonObject arguments) {
        return DELETE.argv(arguments).fixed("--force").build();
    }
}
