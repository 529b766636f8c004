package dev.graphiti.conformance;

import dev.graphiti.protocol.feature.InputRequest;
import dev.graphiti.protocol.feature.InputRequired;
import dev.graphiti.protocol.feature.McpException;
import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.feature.TaskSupport;
import dev.graphiti.protocol.feature.ToolResult;
import dev.graphiti.protocol.jsonrpc.ErrorCode;
import dev.graphiti.protocol.session.McpServer;
import jakarta.json.Json;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The conformance suite's tasks-extension fixtures (greet, slow_compute, failing_job, protocol_error_job,
 * confirm_delete, multi_input, test_tool_with_task), written against {@link RequestContext#asTask}: each says
 * where its long part begins, and the server makes that a task when the request accepts tasks.
 */
final class TaskFixtures {

    private static final Duration ASK_TIMEOUT = Duration.ofSeconds(30);

    private TaskFixtures() {
    }

    static void register(McpServer.Builder b) {
        b.tool(FixtureTool.of("greet", "Greets by name (never a task)", FixtureTool.strings("name"),
                (args, ctx) -> ToolResult.text("Hello, " + args.getString("name", "World") + "!")));
        b.tool(FixtureTool.of("slow_compute", "Sleeps the given seconds, then answers (a task where accepted)", schema(),
                (args, ctx) -> ctx.asTask(() -> {
                    long seconds = args.get("seconds") instanceof JsonNumber n ? n.longValue() : 1;
                    for (long waited = 0; waited < seconds * 10; waited++) {
                        ctx.progress(waited, seconds * 10.0, "computing " + args.getString("label", "") + ": " + waited / 10 + " s");
                        TimeUnit.MILLISECONDS.sleep(100); // a tasks/cancel interrupts it
                    }
                    return ToolResult.text("Computed " + args.getString("label", "") + " after " + seconds + " s");
                })).tasks(TaskSupport.OPTIONAL));
        b.tool(FixtureTool.noArguments("failing_job", "Fails as a tool after a second (only as a task)",
                (args, ctx) -> ctx.asTask(() -> {
                    TimeUnit.SECONDS.sleep(1);
                    return ToolResult.error("the job failed");
                })).tasks(TaskSupport.REQUIRED));
        b.tool(FixtureTool.noArguments("protocol_error_job", "Fails with a JSON-RPC error (a task where accepted)",
                (args, ctx) -> ctx.asTask(() -> {
                    throw new McpException(ErrorCode.INTERNAL_ERROR, "Internal error: the job broke down");
                })).tasks(TaskSupport.OPTIONAL));
        b.tool(FixtureTool.of("confirm_delete", "Asks the user to confirm a deletion from inside the task", FixtureTool.strings("filename"),
                (args, ctx) -> ctx.asTask(() -> {
                    JsonObject answer = ask(ctx, "Delete " + args.getString("filename") + "?", "confirm", "boolean").get();
                    return ToolResult.text(confirmed(answer) ? "Deleted " + args.getString("filename") : "Kept " + args.getString("filename"));
                })).tasks(TaskSupport.OPTIONAL));
        b.tool(FixtureTool.noArguments("multi_input", "Asks two questions at once from inside the task",
                (args, ctx) -> ctx.asTask(() -> {
                    CompletableFuture<JsonObject> first = ask(ctx, "First name?", "name", "string");
                    CompletableFuture<JsonObject> second = ask(ctx, "Second name?", "name", "string");
                    return ToolResult.text("Got " + name(first.get()) + " and " + name(second.get()));
                })).tasks(TaskSupport.OPTIONAL));
        b.tool(FixtureTool.noArguments("test_tool_with_task", "Asks for a name (input-required), then answers as a task",
                (args, ctx) -> {
                    String name = ctx.inputResponse("user_name").map(TaskFixtures::name).orElseThrow(() -> InputRequired.of("user_name",
                            InputRequest.elicit("What is your name?", property("name", "string"))));
                    return ctx.asTask(() -> ToolResult.text("Hello, " + name + "!"));
                }).tasks(TaskSupport.REQUIRED));
    }

    private static CompletableFuture<JsonObject> ask(RequestContext ctx, String message, String property, String type) {
        return ctx.requestFromClient("elicitation/create", Json.createObjectBuilder().add("message", message)
                .add("requestedSchema", property(property, type)).build(), ASK_TIMEOUT);
    }

    private static JsonObject schema() {
        return Json.createObjectBuilder().add("type", "object").add("properties", Json.createObjectBuilder()
                .add("seconds", Json.createObjectBuilder().add("type", "number"))
                .add("label", Json.createObjectBuilder().add("type", "string"))).build();
    }

    private static JsonObject property(String name, String type) {
        return Json.createObjectBuilder().add("type", "object")
                .add("properties", Json.createObjectBuilder().add(name, Json.createObjectBuilder().add("type", type)))
                .add("required", Json.createArrayBuilder().add(name)).build();
    }

    private static boolean confirmed(JsonObject answer) {
        return "accept".equals(answer.getString("action", "")) && answer.get("content") instanceof JsonObject content
                && content.getBoolean("confirm", false);
    }

    private static String name(JsonObject answer) {
        return answer.get("content") instanceof JsonObject content && content.get("name") instanceof JsonString text
                ? text.getString() : "unknown";
    }
}
