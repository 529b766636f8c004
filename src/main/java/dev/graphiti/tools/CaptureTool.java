package dev.graphiti.tools;

import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.feature.TaskSupport;
import dev.graphiti.protocol.feature.ToolDescriptor;
import dev.graphiti.protocol.feature.ToolResult;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.nio.file.Path;
import java.util.List;

/**
 * graphiti_capture: `graphiti capture --async`, `capture --all` or `capture --memory`. One session:
 * the CLI finds the transcript (the argument, the session's file, or the project's newest) and fails at once when
 * there is none; otherwise it starts the capture in the background (in-process: a thread of this server; external
 * runner: a detached process) and the tool answers at once with which transcript is being captured and where the
 * outcome is logged. A tool call has no hook input on stdin, so the transcript comes from the arguments or the
 * transcripts on disk. {@code all} and {@code memory} run to the end and answer with the CLI's counts; {@code all},
 * which reads every kept transcript, is a long job: a task where the client accepts tasks, its progress in sessions.
 * A call cannot make the server read or write where it may not: a transcript argument must lie in the Claude Code
 * projects folder of the server's user or under the allowed roots; on a server with allowed roots, memory files
 * are read only from those and that projects folder (so not the server user's own ~/.claude/CLAUDE.md, nor an
 * auto-memory folder a project's settings point elsewhere). `capture --all --all-projects`, which writes into every
 * project the user ran Claude Code in, is the user's own command, not a tool call's.
 */
public class CaptureTool extends CliTool {

    private static final ToolDescriptor DESCRIPTOR = describe("graphiti_capture",
            "Capture a Claude Code transcript in the background.",
            new InputSchema().string("transcript", "JSONL path (default newest)").string("session_id", "Claude Code session id")
                    .flag("all", "every kept transcript").flag("memory", "CLAUDE.md files instead").scope(),
            writes());

    public CaptureTool(CliGateway gateway) {
        super(gateway, DESCRIPTOR);
    }

    /** Reading every kept transcript (all, without memory) may take minutes: a task where accepted. */
    @Override
    public TaskSupport taskSupport() {
        return TaskSupport.OPTIONAL;
    }

    @Override
    boolean longJob(JsonObject arguments) {
        return arguments.get("all") == JsonValue.TRUE && arguments.get("memory") != JsonValue.TRUE;
    }

    @Override
    List<String> command(JsonObject arguments) {
        if (arguments.get("memory") == JsonValue.TRUE) {
            Argv argv = new Argv(arguments, "capture", "--memory").flag("--all", "all")
                    .option("--transcript", "transcript").option("--session-id", "session_id");
            for (Path dir : gateway().projects().memoryReach()) {
                argv.fixed("--within", dir.toString());
            }
            return argv.build();
        }
        if (arguments.get("all") == JsonValue.TRUE) {
            return new Argv(arguments, "capture", "--all")
                    .option("--transcript", "transcript").option("--session-id", "session_id").build();
        }
        return new Argv(arguments, "capture", "--async").option("--transcript", "transcript")
                .option("--session-id", "session_id").build();
    }

    @Override
    public ToolResult call(JsonObject arguments, RequestContext context) throws Exception {
        boolean memory = arguments.get("memory") == JsonValue.TRUE;
        if (arguments.containsKey("all_projects")) {
            // --all-projects writes into every project the user ran Claude Code in: the user's own command, not a call's
            throw new IllegalArgumentException("all_projects is not a graphiti_capture argument: every project's"
                    + " transcripts go in with `graphiti capture --all --all-projects` on the command line; all takes this"
                    + " project's");
        }
        if (memory && !gateway().projects().unrestricted() && arguments.get("scope") instanceof JsonString scope
                && "global".equals(scope.getString())) {
            throw new IllegalArgumentException("memory with scope global reads the server user's own ~/.claude files,"
                    + " which lie outside the directories this server serves");
        }
        ProjectDirectory.Place place = gateway().place(arguments, context);
        gateway().projects().checkTranscript(arguments, place);
        if (longJob(arguments)) {
            return gateway().longJob(command(arguments), arguments, context, ResultShape.OBJECT);
        }
        if (memory) {
            return gateway().renderer().render("capture", gateway().run(command(arguments), arguments, place, context),
                    ResultShape.OBJECT);
        }
        CliOutcome outcome = gateway().run(command(arguments), arguments, place, context);
        if (!outcome.succeeded()) {
            return gateway().renderer().render("capture", outcome, ResultShape.OBJECT);
        }
        JsonObject started = outcome.json().asJsonObject();
        return ToolResult.text("capturing session " + started.getString("session", "?")
                + started.getString("transcript", "").transform(t -> t.isEmpty() ? "" : " from " + t)
                + " in the background; what it finds appears in graphiti_search when it is done (log: "
                + started.getString("log", "?") + ")");
    }
}
