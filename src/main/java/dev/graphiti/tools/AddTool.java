package dev.graphiti.tools;

import dev.graphiti.protocol.feature.ToolDescriptor;
import jakarta.json.JsonObject;
import java.util.List;

/** graphiti_add: `graphiti add`, always with source mcp. */
public class AddTool extends CliTool {

    static final List<String> KINDS = List.of("decision", "architecture", "bugfix", "preference", "pattern", "note",
            "commit", "conversation");

    private static final ToolDescriptor DESCRIPTOR = describe("graphiti_add", "Remember",
            "Store one durable fact once it is settled: a decision and why, an architecture note, a bug's root cause, "
                    + "a preference, a pattern. Secrets are redacted; a near-duplicate returns the stored item.",
            new InputSchema().string("content", null).string("title", "default: first line")
                    .choice("kind", KINDS, "note").strings("tags", null)
                    .string("supersedes", "id of the item this replaces").located().require("content"),
            true, writes(false));

    public AddTool(CliGateway gateway) {
        super(gateway, DESCRIPTOR);
    }

    @Override
    ResultShape shape() {
        return ResultShape.STORED_ITEM;
    }

    @Override
    List<String> command(JsonObject arguments) {
        return new Argv(arguments, "add").option("--kind", "kind").option("--title", "title")
                .repeated("--tag", "tags").option("--supersedes", "supersedes").fixed("--source", "mcp")
                .words("content").build();
    }
}
