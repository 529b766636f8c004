package dev.graphiti.tools;

import dev.graphiti.protocol.RequestContext;
import dev.graphiti.protocol.ToolDescriptor;
import dev.graphiti.protocol.ToolResult;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * graphiti_capture: `graphiti capture` started in the background. The call waits a moment so a capture
 * that fails at once (a missing transcript, a CLI without capture) is reported as what happened; a
 * capture still running after that answers "started" and finishes on its own.
 */
@ApplicationScoped
public class CaptureTool extends CliTool {

    static final Duration EARLY_ANSWER = Duration.ofMillis(500);
    private static final System.Logger LOG = System.getLogger(CaptureTool.class.getName());

    private static final ToolDescriptor DESCRIPTOR = describe("graphiti_capture", "Capture session",
            "Read new turns of a Claude Code transcript and store the decisions, preferences and root causes in it. "
                    + "Returns at once; capture runs in the background.",
            new InputSchema().string("transcript", "JSONL path; default: latest").string("session_id", null)
                    .string("dir", null),
            false, writes(false));

    @Inject
    public CaptureTool(CliGateway gateway) {
        super(gateway, DESCRIPTOR);
    }

    /** For CDI's client proxy only. */
    protected CaptureTool() {
        super(null, DESCRIPTOR);
    }

    @Override
    List<String> command(JsonObject arguments) {
        return new Argv(arguments, "capture").option("--transcript", "transcript")
                .option("--session-id", "session_id").build();
    }

    @Override
    public ToolResult call(JsonObject arguments, RequestContext context) {
        List<String> command = command(arguments);
        // The background run must outlive this request, so it does not follow the request's cancellation.
        CompletableFuture<CliOutcome> capture = CompletableFuture.supplyAsync(
                () -> gateway().run(command, arguments, null), daemon());
        capture.thenAccept(outcome -> {
            if (!outcome.succeeded()) {
                LOG.log(System.Logger.Level.WARNING, "background capture failed: " + outcome.stderr().strip());
            }
        });
        try {
            CliOutcome early = capture.get(EARLY_ANSWER.toMillis(), TimeUnit.MILLISECONDS);
            return gateway().renderer().render("capture", early, ResultShape.OBJECT);
        } catch (TimeoutException e) {
            return ToolResult.text("capture of " + arguments.getString("transcript", "the latest transcript")
                    + " started in the background; its items appear in search when it finishes");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ToolResult.text("capture started in the background");
        } catch (ExecutionException e) {
            return ToolResult.error("capture could not start: " + e.getCause().getMessage());
        }
    }

    private static java.util.concurrent.Executor daemon() {
        return task -> {
            Thread thread = new Thread(task, "graphiti-capture");
            thread.setDaemon(true);
            thread.start();
        };
    }
}
