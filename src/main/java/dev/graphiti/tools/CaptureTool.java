package dev.graphiti.tools;

import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.feature.ToolDescriptor;
import dev.graphiti.protocol.feature.ToolResult;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.util.List;

/**
 * graphiti_capture: `graphiti capture --async`. The CLI finds the transcript (the argument, the session's
 * file, or the project's newest) and fails at once when there is none; otherwise it starts the capture in
 * the background (in-process: a thread of this server; external runner: a detached process) and the tool
 * answers at once with which transcript is being captured and where the outcome is logged. A tool call has
 * no hook input on stdin, so the transcript comes from the arguments or the transcripts on disk. A transcript
 * argument must lie in the Claude Code projects folder of the server's user or under the allowed roots: a
 * call cannot make the server read any file it can reach.
 */
public class CaptureTool extends CliTool {

    private static final ToolDescriptor DESCRIPTOR = describe("graphiti_capture", "Capture session",
            "Read new turns of a Claude Code transcript and store the decisions, preferences and root causes in it. "
                    + "Returns at once; capture runs in the background.",
            new InputSchema().string("transcript", "JSONL path; default: latest").string("session_id", null)
                    .string("dir", null),
            // Idempotent: a turn captured once is never stored again, however often capture runs.
            false, writes(true));

    public CaptureTool(CliGateway gateway) {
        super(gateway, DESCRIPTOR);
    }

    @Override
    List<String> command(JsonObject arguments) {
        return new Argv(arguments, "capture", "--async").option("--transcript", "transcript")
                .option("--session-id", "session_id").build();
    }

    @Override
    public ToolResult call(JsonObject arguments, RequestContext context) {
        ProjectDirectory.Place place = gateway().place(arguments, context);
        gateway().projects().checkTranscript(arguments, place);
        CliOutcome outcome = gateway().run(command(arguments), arguments, place, context);
        if (!outcome.succeeded()) {
            return gateway().renderer().render("capture", outcome, ResultShape.OBJECT);
        }
        JsonObject started = InputSchema.JSON.createReader(new StringReader(outcome.stdout())).readObject();
        return ToolResult.text("capturing session " + started.getString("session", "?")
                + started.getString("transcript", "").transform(t -> t.isEmpty() ? "" : " from " + t)
                + " in the background; what it finds appears in graphiti_search when it is done (log: "
                + started.getString("log", "?") + ")");
    }
}
