package dev.graphiti.tools;

import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.feature.ToolDescriptor;
import dev.graphiti.protocol.feature.ToolResult;
import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.Optional;
import jakarta.json.JsonObject;
import java.util.List;

/**
 * graphiti_add: `graphiti add`, always with source mcp. A decision, architecture note, preference or pattern whose
 * title a current item of the same kind already has, with other content and no supersedes, would leave two truths
 * about one subject: the user is asked whether to replace the old one or keep both ({@link Confirmation}).
 */
public class AddTool extends CliTool {

    /** Kinds that state how something is: two current items on one subject contradict each other. */
    private static final java.util.Set<String> SUBJECTS = java.util.Set.of("decision", "architecture", "preference", "pattern");
    static final String KEEP_BOTH = "keep both";
    static final String REPLACE = "replace";

    private static final DeclaredCommand ADD = DeclaredCommand.of("add");
    private static final DeclaredCommand SEARCH = DeclaredCommand.of("search");
    private static final DeclaredCommand SHOW = DeclaredCommand.of("show");
    private static final ToolDescriptor DESCRIPTOR = describe("graphiti_add",
            "Store one settled fact.", ADD.schema().scope(),
            writes());

    public AddTool(CliGateway gateway) {
        super(gateway, DESCRIPTOR);
    }

    @Override
    ResultShape shape() {
        return ResultShape.STORED_ITEM;
    }

    @Override
    public ToolResult call(JsonObject arguments, RequestContext context) throws Exception {
        String kind = arguments.getString("kind", "note");
        if (arguments.containsKey("supersedes") || !SUBJECTS.contains(kind) || !(arguments.get("content") instanceof JsonString content)) {
            return super.call(arguments, context);
        }
        String title = arguments.get("title") instanceof JsonString given ? given.getString().strip()
                : content.getString().strip().lines().findFirst().orElse("").strip();
        Optional<JsonObject> same = sameSubject(arguments, context, kind, title, content.getString().strip());
        if (same.isEmpty()) {
            return super.call(arguments, context);
        }
        String id = same.get().getString("id");
        var outcome = Confirmation.ask(context, arguments, "The " + kind + " \"" + title + "\" is stored already (" + id
                + ") with other content. Keep both, or replace the stored one with this?", List.of(KEEP_BOTH, REPLACE),
                "to replace it, call again with supersedes: " + id + "; to keep both, give the new item a title of its own.");
        if (outcome instanceof Confirmation.Stopped stopped) {
            return stopped.refused() ? ToolResult.error(stopped.message()) : ToolResult.text(stopped.message());
        }
        if (((Confirmation.Agreed) outcome).choice().filter(REPLACE::equals).isPresent()) {
            return super.call(Jsonp.object(arguments).add("supersedes", id).build(), context);
        }
        return super.call(arguments, context);
    }

    /** A current item of this kind with this title (case aside) and other content, found by a search for the title. */
    private Optional<JsonObject> sameSubject(JsonObject arguments, RequestContext context, String kind, String title, String content) {
        if (title.isEmpty()) {
            return Optional.empty();
        }
        var query = Jsonp.object().add("kind", kind).add("limit", 5).add("query", title).build();
        List<String> search = SEARCH.argv(query).build();
        CliOutcome outcome = gateway().run(search, arguments, context);
        if (!outcome.succeeded()) {
            return Optional.empty(); // the add itself will say what is wrong
        }
        JsonValue rows = outcome.json();
        if (!(rows instanceof jakarta.json.JsonArray list)) {
            return Optional.empty();
        }
        Optional<JsonObject> titled = list.getValuesAs(JsonObject.class).stream()
                .filter(row -> title.equalsIgnoreCase(row.getString("title", "").strip())).findFirst();
        if (titled.isEmpty()) {
            return Optional.empty();
        }
        // Search rows carry a snippet: the stored content decides whether this is a restatement (stored once) or not.
        var id = Jsonp.object().add("id", titled.get().getString("id")).build();
        CliOutcome shown = gateway().run(SHOW.argv(id).build(), arguments, context);
        if (!shown.succeeded()) {
            return Optional.empty();
        }
        String stored = shown.json().asJsonObject().getString("content", "");
        return stored.strip().equals(content) ? Optional.empty() : titled;
    }

    @Override
    List<String> command(JsonObject arguments) {
        return ADD.argv(arguments).fixed("--source", "mcp").build();
    }
}
