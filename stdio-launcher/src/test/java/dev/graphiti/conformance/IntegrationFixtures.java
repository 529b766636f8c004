package dev.graphiti.conformance;

import dev.graphiti.protocol.feature.LogLevel;
import dev.graphiti.protocol.feature.ToolResult;
import dev.graphiti.protocol.session.McpServer;
import jakarta.json.Json;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Extra fixtures our own integration tests need beyond the conformance suite's: an echo for large
 * messages, a tool that runs until cancelled (and remembers how it ended), and a roots/list round trip.
 */
public final class IntegrationFixtures {

    private final AtomicReference<String> lastWaitOutcome = new AtomicReference<>("none");

    public McpServer.Builder register(McpServer.Builder b) {
        b.tool(FixtureTool.of("test_echo", "Answers its text argument unchanged", FixtureTool.strings("text"),
                (args, ctx) -> ToolResult.text(args.getString("text"))));
        b.tool(FixtureTool.noArguments("test_wait_for_cancel", "Reports progress until cancelled (at most 30 s)",
                (args, ctx) -> {
                    ctx.log(LogLevel.INFO, "it", Json.createValue("waiting for cancellation"));
                    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                    int step = 0;
                    while (!ctx.isCancelled() && System.nanoTime() < deadline) {
                        ctx.progress(++step, null, "step " + step);
                        try {
                            TimeUnit.MILLISECONDS.sleep(20);
                        } catch (InterruptedException e) {
                            break;
                        }
                    }
                    lastWaitOutcome.set(ctx.isCancelled() ? "cancelled" : "finished");
                    return ToolResult.text("finished without cancellation");
                }));
        b.tool(FixtureTool.noArguments("test_last_wait_outcome", "How the last test_wait_for_cancel ended",
                (args, ctx) -> ToolResult.text(lastWaitOutcome.get())));
        b.tool(FixtureTool.noArguments("test_noisy", "Prints to System.out and System.err, as careless libraries do",
                (args, ctx) -> {
                    System.out.println("noise on System.out");
                    System.out.print("{\"jsonrpc\":\"2.0\",\"method\":\"fake\"}\n");
                    System.err.println("noise on System.err");
                    return ToolResult.text("quiet");
                }));
        b.tool(FixtureTool.noArguments("test_roots", "Asks the client for its roots",
                (args, ctx) -> ToolResult.text(ctx.requestFromClient("roots/list", JsonValue.EMPTY_JSON_OBJECT, Duration.ofSeconds(10))
                        .get(10, TimeUnit.SECONDS).toString())));
        return b;
    }

}
