package dev.graphiti.conformance;

import dev.graphiti.protocol.feature.InputRequest;
import dev.graphiti.protocol.feature.InputRequired;
import dev.graphiti.protocol.feature.Prompt;
import dev.graphiti.protocol.feature.PromptDescriptor;
import dev.graphiti.protocol.feature.PromptMessage;
import dev.graphiti.protocol.feature.PromptResult;
import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.feature.ToolResult;
import dev.graphiti.protocol.session.McpServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.io.StringReader;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The conformance suite's input-required (multi round-trip) fixtures, as its everything-server has them,
 * written against {@link InputRequired}: each asks for what it needs and answers once the retry carries it.
 */
final class InputRequiredFixtures {

    private InputRequiredFixtures() {
    }

    static void register(McpServer.Builder b) {
        b.tool(FixtureTool.noArguments("test_input_required_result_elicitation", "MRTR: returns InputRequiredResult with elicitation request",
                (args, ctx) -> ctx.inputResponse("user_name")
                        .map(answer -> ToolResult.text("Hello, " + field(answer, "name") + "!"))
                        .orElseThrow(() -> InputRequired.of("user_name", askName("What is your name?")))));
        b.tool(FixtureTool.noArguments("test_input_required_result_sampling", "MRTR: returns InputRequiredResult with sampling request",
                (args, ctx) -> ctx.inputResponse("sample_request")
                        .map(answer -> ToolResult.text("Sampling result: " + sampled(answer, "no response")))
                        .orElseThrow(() -> InputRequired.of("sample_request", sample("What is the capital of France?", 100)))));
        b.tool(FixtureTool.noArguments("test_input_required_result_list_roots", "MRTR: returns InputRequiredResult with roots/list request",
                (args, ctx) -> ctx.inputResponse("roots_request")
                        .map(answer -> ToolResult.text("Found " + roots(answer) + " root(s)"))
                        .orElseThrow(() -> InputRequired.of("roots_request", InputRequest.listRoots()))));
        b.tool(FixtureTool.noArguments("test_input_required_result_request_state", "MRTR: returns InputRequiredResult with requestState",
                (args, ctx) -> {
                    Optional<JsonObject> state = ctx.openState().map(InputRequiredFixtures::json);
                    Optional<JsonObject> confirm = ctx.inputResponse("confirm");
                    if (state.isPresent() && "request-state".equals(state.get().getString("kind", ""))
                            && confirm.isPresent() && confirm.get().getJsonObject("content") != null
                            && confirm.get().getJsonObject("content").getBoolean("ok", false)) {
                        return ToolResult.text("state-ok: requestState validated");
                    }
                    throw new InputRequired(Map.of("confirm", confirm()), seal(ctx, "request-state", ""));
                }));
        b.tool(FixtureTool.noArguments("test_input_required_result_multiple_inputs", "MRTR: returns InputRequiredResult with multiple input requests",
                (args, ctx) -> {
                    Optional<JsonObject> state = ctx.openState().map(InputRequiredFixtures::json);
                    var name = ctx.inputResponse("user_name");
                    var greeting = ctx.inputResponse("greeting");
                    var roots = ctx.inputResponse("client_roots");
                    if (state.isPresent() && "multiple-inputs".equals(state.get().getString("kind", ""))
                            && name.isPresent() && greeting.isPresent() && roots.isPresent()) {
                        return ToolResult.text("Name: " + field(name.get(), "name") + "; Greeting: " + sampled(greeting.get(), "Hello there!")
                                + "; Roots: " + roots(roots.get()));
                    }
                    var requests = new LinkedHashMap<String, InputRequest>();
                    requests.put("user_name", askName("What is your name?"));
                    requests.put("greeting", sample("Generate a greeting", 50));
                    requests.put("client_roots", InputRequest.listRoots());
                    throw new InputRequired(requests, seal(ctx, "multiple-inputs", ""));
                }));
        b.tool(FixtureTool.noArguments("test_input_required_result_multi_round", "MRTR: multi-round InputRequiredResult workflow",
                (args, ctx) -> {
                    JsonObject state = ctx.openState().map(InputRequiredFixtures::json).orElse(JsonObject.EMPTY_JSON_OBJECT);
                    String round = state.getString("kind", "");
                    if (round.equals("round-1") && ctx.inputResponse("step1").isPresent()) {
                        throw new InputRequired(Map.of("step2", InputRequest.elicit("Step 2: What is your favorite color?",
                                schema("color"))), seal(ctx, "round-2", field(ctx.inputResponse("step1").get(), "name")));
                    }
                    if (round.equals("round-2") && ctx.inputResponse("step2").isPresent()) {
                        return ToolResult.text("Multi-round complete for " + state.getString("name", "friend") + " who likes "
                                + field(ctx.inputResponse("step2").get(), "color"));
                    }
                    throw new InputRequired(Map.of("step1", askName("Step 1: What is your name?")), seal(ctx, "round-1", ""));
                }));
        b.tool(FixtureTool.noArguments("test_input_required_result_tampered_state", "MRTR: HMAC-signed requestState integrity test",
                (args, ctx) -> {
                    Optional<JsonObject> state = ctx.openState().map(InputRequiredFixtures::json); // altered: -32602
                    if (state.isPresent() && "tamper-test".equals(state.get().getString("kind", "")) && ctx.inputResponse("confirm").isPresent()) {
                        return ToolResult.text("integrity-ok: state verified");
                    }
                    throw new InputRequired(Map.of("confirm", confirm()), seal(ctx, "tamper-test", ""));
                }));
        b.tool(FixtureTool.noArguments("test_input_required_result_capabilities", "MRTR: respects client capabilities in inputRequests",
                (args, ctx) -> {
                    var received = List.of("elicit_input", "sample_input").stream().filter(k -> ctx.inputResponse(k).isPresent()).toList();
                    if (!received.isEmpty()) {
                        return ToolResult.text("capabilities-ok: received " + String.join(",", received));
                    }
                    var requests = new LinkedHashMap<String, InputRequest>();
                    if (ctx.clientCapabilities().containsKey("elicitation")) {
                        requests.put("elicit_input", InputRequest.elicit("Elicitation input", schema("value")));
                    }
                    if (ctx.clientCapabilities().containsKey("sampling")) {
                        requests.put("sample_input", sample("Sample request", 50));
                    }
                    if (requests.isEmpty()) {
                        return ToolResult.text("No supported capabilities declared");
                    }
                    throw new InputRequired(requests, seal(ctx, "capabilities-test", ""));
                }));
        b.prompt(new Prompt() {
            @Override
            public PromptDescriptor descriptor() {
                return new PromptDescriptor("test_input_required_result_prompt", null, "MRTR: prompt that requires elicitation input", List.of());
            }

            @Override
            public PromptResult get(Map<String, String> arguments, RequestContext ctx) {
                JsonObject answer = ctx.inputResponse("user_context").orElseThrow(() -> InputRequired.of("user_context",
                        InputRequest.elicit("What context should the prompt use?", schema("context"))));
                return new PromptResult(null, List.of(PromptMessage.user("Prompt with context: " + field(answer, "context"))));
            }
        });
    }

    private static InputRequest askName(String message) {
        return InputRequest.elicit(message, schema("name"));
    }

    private static InputRequest confirm() {
        return InputRequest.elicit("Please confirm", Json.createObjectBuilder().add("type", "object")
                .add("properties", Json.createObjectBuilder().add("ok", Json.createObjectBuilder().add("type", "boolean")))
                .add("required", Json.createArrayBuilder().add("ok")).build());
    }

    /** An object schema of one required string property. */
    private static JsonObject schema(String property) {
        return Json.createObjectBuilder().add("type", "object")
                .add("properties", Json.createObjectBuilder().add(property, Json.createObjectBuilder().add("type", "string")))
                .add("required", Json.createArrayBuilder().add(property)).build();
    }

    private static InputRequest sample(String text, int maxTokens) {
        return InputRequest.sample(Json.createObjectBuilder()
                .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder().add("role", "user")
                        .add("content", Json.createObjectBuilder().add("type", "text").add("text", text))))
                .add("maxTokens", maxTokens).build());
    }

    private static String seal(RequestContext ctx, String kind, String name) {
        return ctx.sealState(Json.createObjectBuilder().add("kind", kind).add("name", name)
                .add("nonce", UUID.randomUUID().toString()).build().toString());
    }

    /** An elicitation answer's content field, as the suite's server reads it. */
    private static String field(JsonObject answer, String name) {
        return answer.get("content") instanceof JsonObject content && content.get(name) instanceof JsonString text
                ? text.getString() : "unknown";
    }

    private static String sampled(JsonObject answer, String otherwise) {
        return answer.get("content") instanceof JsonObject content && content.get("text") instanceof JsonString text
                ? text.getString() : otherwise;
    }

    private static int roots(JsonObject answer) {
        return answer.get("roots") instanceof jakarta.json.JsonArray list ? list.size() : 0;
    }

    private static JsonObject json(String text) {
        try (var reader = Json.createReader(new StringReader(text))) {
            return reader.readObject();
        }
    }
}
