package dev.graphiti.conformance;

import dev.graphiti.protocol.feature.Completion;
import dev.graphiti.protocol.feature.CompletionReference;
import dev.graphiti.protocol.feature.CompletionResult;
import dev.graphiti.protocol.feature.Content;
import dev.graphiti.protocol.feature.LogLevel;
import dev.graphiti.protocol.feature.PromptArgument;
import dev.graphiti.protocol.feature.PromptDescriptor;
import dev.graphiti.protocol.feature.PromptMessage;
import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.feature.ResourceContents;
import dev.graphiti.protocol.feature.ResourceDescriptor;
import dev.graphiti.protocol.feature.ResourceTemplate;
import dev.graphiti.protocol.feature.ResourceTemplateDescriptor;
import dev.graphiti.protocol.feature.ToolResult;
import dev.graphiti.protocol.session.McpServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The tools, resources, prompts and completion the MCP conformance suite's server scenarios call
 * (test_simple_text, test://static-text, test_prompt_with_arguments, ...), written against our
 * registration interfaces. Test-only: the product never carries them.
 */
public final class ConformanceFixtures {

    /** A 1x1 PNG. */
    static final String PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC";
    /** 16 samples of 8-bit silence as WAV. */
    static final String WAV = "UklGRjQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YRAAAACAgICAgICAgICAgICAgICA";
    static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(30);

    private ConformanceFixtures() {
    }

    public static McpServer.Builder register(McpServer.Builder builder) {
        tools(builder);
        InputRequiredFixtures.register(builder);
        TaskFixtures.register(builder);
        resources(builder);
        prompts(builder);
        return builder;
    }

    private static void tools(McpServer.Builder b) {
        b.tool(FixtureTool.noArguments("test_simple_text", "Tests simple text content response",
                (args, ctx) -> ToolResult.text("This is a simple text response for testing.")));
        b.tool(FixtureTool.noArguments("test_image_content", "Tests image content response",
                (args, ctx) -> ToolResult.of(List.of(Content.image(PNG, "image/png")))));
        b.tool(FixtureTool.noArguments("test_audio_content", "Tests audio content response",
                (args, ctx) -> ToolResult.of(List.of(Content.audio(WAV, "audio/wav")))));
        b.tool(FixtureTool.noArguments("test_embedded_resource", "Tests embedded resource content response",
                (args, ctx) -> ToolResult.of(List.of(Content.resource(ResourceContents.text(
                        "test://embedded-resource", "text/plain", "This is an embedded resource content."))))));
        b.tool(FixtureTool.noArguments("test_multiple_content_types",
                "Tests response with multiple content types (text, image, resource)",
                (args, ctx) -> ToolResult.of(List.of(
                        Content.text("Multiple content types test:"),
                        Content.image(PNG, "image/png"),
                        Content.resource(ResourceContents.text("test://mixed-content-resource", "application/json",
                                "{\"test\":\"data\",\"value\":123}"))))));
        b.tool(FixtureTool.noArguments("test_tool_with_logging", "Tests tool that emits log messages during execution",
                (args, ctx) -> {
                    for (String step : List.of("Tool execution started", "Tool processing data", "Tool execution completed")) {
                        ctx.log(LogLevel.INFO, "conformance-fixtures", Json.createValue(step));
                        TimeUnit.MILLISECONDS.sleep(50);
                    }
                    return ToolResult.text("Tool with logging executed successfully");
                }));
        b.tool(FixtureTool.noArguments("test_tool_with_progress", "Tests tool that reports progress notifications",
                (args, ctx) -> {
                    for (int step : new int[] {0, 50, 100}) {
                        ctx.progress(step, 100.0, "Completed step " + step + " of 100");
                        TimeUnit.MILLISECONDS.sleep(50);
                    }
                    return ToolResult.text("Progress reported");
                }));
        b.tool(FixtureTool.noArguments("test_error_handling", "Tests error response handling", (args, ctx) -> {
            throw new IllegalStateException("This tool intentionally returns an error for testing");
        }));
        b.tool(FixtureTool.noArguments("test_reconnection", "Answers after a short pause (SEP-1699 reconnection)",
                (args, ctx) -> {
                    TimeUnit.MILLISECONDS.sleep(100);
                    return ToolResult.text("Reconnection test completed successfully.");
                }));
        b.tool(FixtureTool.of("test_sampling", "Tests server-initiated sampling (LLM completion request)",
                FixtureTool.strings("prompt"), ConformanceFixtures::sample));
        b.tool(FixtureTool.of("test_elicitation", "Tests server-initiated elicitation (user input request)",
                FixtureTool.strings("message"), (args, ctx) -> elicit(ctx, args.getString("message"),
                        schema("{\"type\":\"object\",\"properties\":{\"response\":{\"type\":\"string\","
                                + "\"description\":\"User's response\"}},\"required\":[\"response\"]}"), "User response")));
        b.tool(FixtureTool.noArguments("test_elicitation_sep1034_defaults", "Tests elicitation with default values per SEP-1034",
                (args, ctx) -> elicit(ctx, "Please review and update the form fields with defaults", schema(
                        "{\"type\":\"object\",\"properties\":{"
                                + "\"name\":{\"type\":\"string\",\"description\":\"User name\",\"default\":\"John Doe\"},"
                                + "\"age\":{\"type\":\"integer\",\"description\":\"User age\",\"default\":30},"
                                + "\"score\":{\"type\":\"number\",\"description\":\"User score\",\"default\":95.5},"
                                + "\"status\":{\"type\":\"string\",\"description\":\"User status\","
                                + "\"enum\":[\"active\",\"inactive\",\"pending\"],\"default\":\"active\"},"
                                + "\"verified\":{\"type\":\"boolean\",\"description\":\"Verification status\",\"default\":true}},"
                                + "\"required\":[]}"), "Elicitation completed")));
        b.tool(FixtureTool.noArguments("test_elicitation_sep1330_enums", "Tests elicitation with enum schema improvements per SEP-1330",
                (args, ctx) -> elicit(ctx, "Please select options from the enum fields", schema(
                        "{\"type\":\"object\",\"properties\":{"
                                + "\"untitledSingle\":{\"type\":\"string\",\"description\":\"Select one option\","
                                + "\"enum\":[\"option1\",\"option2\",\"option3\"]},"
                                + "\"titledSingle\":{\"type\":\"string\",\"description\":\"Select one option with titles\","
                                + "\"oneOf\":[{\"const\":\"value1\",\"title\":\"First Option\"},"
                                + "{\"const\":\"value2\",\"title\":\"Second Option\"},{\"const\":\"value3\",\"title\":\"Third Option\"}]},"
                                + "\"legacyEnum\":{\"type\":\"string\",\"description\":\"Select one option (legacy)\","
                                + "\"enum\":[\"opt1\",\"opt2\",\"opt3\"],\"enumNames\":[\"Option One\",\"Option Two\",\"Option Three\"]},"
                                + "\"untitledMulti\":{\"type\":\"array\",\"description\":\"Select multiple options\","
                                + "\"minItems\":1,\"maxItems\":3,\"items\":{\"type\":\"string\",\"enum\":[\"option1\",\"option2\",\"option3\"]}},"
                                + "\"titledMulti\":{\"type\":\"array\",\"description\":\"Select multiple options with titles\","
                                + "\"minItems\":1,\"maxItems\":3,\"items\":{\"anyOf\":[{\"const\":\"value1\",\"title\":\"First Choice\"},"
                                + "{\"const\":\"value2\",\"title\":\"Second Choice\"},{\"const\":\"value3\",\"title\":\"Third Choice\"}]}}},"
                                + "\"required\":[]}"), "Elicitation completed")));
        // The 2026-07-28 scenarios' diagnostic tools (server-stateless).
        b.tool(FixtureTool.noArguments("test_missing_capability", "Test tool requiring sampling", (args, ctx) -> {
            ctx.requireClientCapability("sampling");
            return ToolResult.text("Success");
        }));
        b.tool(FixtureTool.noArguments("test_streaming_elicitation", "Diagnostic tool validating response progress streams",
                (args, ctx) -> {
                    ctx.requireClientCapability("elicitation");
                    ctx.progress(50, 100.0, "half way");
                    return ToolResult.text("Streaming complete");
                }));
        b.tool(FixtureTool.noArguments("test_logging_tool", "Diagnostic logging validator tool", (args, ctx) -> {
            ctx.log(LogLevel.INFO, "conformance-fixtures", Json.createValue("Diagnostic trace logging activated"));
            return ToolResult.text("Logging evaluated");
        }));
        b.tool(FixtureTool.of("test_header_param", "Echoes a region that 2026-07-28 clients also send as Mcp-Param-Region",
                schema("{\"type\":\"object\",\"properties\":{\"region\":{\"type\":\"string\",\"x-mcp-header\":\"Region\"},"
                        + "\"query\":{\"type\":\"string\"}},\"required\":[\"region\"]}"),
                (args, ctx) -> ToolResult.text("region " + args.getString("region", ""))));
        b.tool(FixtureTool.of("json_schema_2020_12_tool", "Tool with JSON Schema 2020-12 features", schema(
                "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"type\":\"object\","
                        + "\"$defs\":{\"address\":{\"$anchor\":\"addressDef\",\"type\":\"object\","
                        + "\"properties\":{\"street\":{\"type\":\"string\"},\"city\":{\"type\":\"string\"}}}},"
                        + "\"properties\":{\"name\":{\"type\":\"string\"},\"address\":{\"$ref\":\"#/$defs/address\"},"
                        + "\"contactMethod\":{\"type\":\"string\",\"enum\":[\"phone\",\"email\"]},"
                        + "\"phone\":{\"type\":\"string\"},\"email\":{\"type\":\"string\"}},"
                        + "\"allOf\":[{\"anyOf\":[{\"required\":[\"phone\"]},{\"required\":[\"email\"]}]}],"
                        + "\"if\":{\"properties\":{\"contactMethod\":{\"const\":\"phone\"}},\"required\":[\"contactMethod\"]},"
                        + "\"then\":{\"required\":[\"phone\"]},\"else\":{\"required\":[\"email\"]},"
                        + "\"additionalProperties\":false}"),
                (args, ctx) -> ToolResult.text("JSON Schema 2020-12 tool called with: " + args)));
    }

    private static ToolResult sample(JsonObject args, RequestContext ctx) throws Exception {
        JsonObject params = Json.createObjectBuilder()
                .add("messages", Json.createArrayBuilder().add(Json.createObjectBuilder()
                        .add("role", "user")
                        .add("content", Json.createObjectBuilder().add("type", "text").add("text", args.getString("prompt")))))
                .add("maxTokens", 100)
                .build();
        JsonObject result = ctx.requestFromClient("sampling/createMessage", params, CLIENT_TIMEOUT)
                .get(CLIENT_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        JsonObject content = result.getJsonObject("content");
        String text = content != null && content.containsKey("text") ? content.getString("text") : "No response";
        return ToolResult.text("LLM response: " + text);
    }

    private static ToolResult elicit(RequestContext ctx, String message, JsonObject requestedSchema, String label)
            throws Exception {
        JsonObject params = Json.createObjectBuilder().add("message", message).add("requestedSchema", requestedSchema).build();
        JsonObject result = ctx.requestFromClient("elicitation/create", params, CLIENT_TIMEOUT)
                .get(CLIENT_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        JsonObject content = result.containsKey("content") ? result.getJsonObject("content") : JsonObject.EMPTY_JSON_OBJECT;
        return ToolResult.text(label + ": action=" + result.getString("action", "") + ", content=" + content);
    }

    private static void resources(McpServer.Builder b) {
        b.resource(new FixtureResource(
                new ResourceDescriptor("test://static-text", "static-text", "Static Text Resource",
                        "A static text resource for testing", "text/plain"),
                ResourceContents.text("test://static-text", "text/plain", "This is the content of the static text resource.")));
        b.resource(new FixtureResource(
                new ResourceDescriptor("test://static-binary", "static-binary", "Static Binary Resource",
                        "A static binary resource (image) for testing", "image/png"),
                ResourceContents.blob("test://static-binary", "image/png", PNG)));
        b.resource(new FixtureResource(
                new ResourceDescriptor("test://watched-resource", "watched-resource", "Watched Resource",
                        "A resource clients may subscribe to", "text/plain"),
                ResourceContents.text("test://watched-resource", "text/plain", "Watched resource content")));
        b.resourceTemplate(new ResourceTemplate() {
            @Override
            public ResourceTemplateDescriptor descriptor() {
                return new ResourceTemplateDescriptor("test://template/{id}/data", "template", "Resource Template",
                        "A resource template with parameter substitution", "application/json");
            }

            @Override
            public List<ResourceContents> read(String uri, Map<String, String> variables, RequestContext context) {
                String id = variables.get("id");
                String json = Json.createObjectBuilder().add("id", id).add("templateTest", true)
                        .add("data", "Data for ID: " + id).build().toString();
                return List.of(ResourceContents.text(uri, "application/json", json));
            }
        });
    }

    private static void prompts(McpServer.Builder b) {
        b.prompt(new FixturePrompt(new PromptDescriptor("test_simple_prompt", "Simple Test Prompt",
                "A simple prompt without arguments", List.of()),
                args -> List.of(PromptMessage.user("This is a simple prompt for testing."))));
        b.prompt(new FixturePrompt(new PromptDescriptor("test_prompt_with_arguments", "Prompt With Arguments",
                "A prompt with required arguments", List.of(
                        new PromptArgument("arg1", "First test argument", true),
                        new PromptArgument("arg2", "Second test argument", true))),
                args -> List.of(PromptMessage.user("Prompt with arguments: arg1='" + args.get("arg1")
                        + "', arg2='" + args.get("arg2") + "'"))));
        b.prompt(new FixturePrompt(new PromptDescriptor("test_prompt_with_embedded_resource", "Prompt With Embedded Resource",
                "A prompt that includes an embedded resource", List.of(
                        new PromptArgument("resourceUri", "URI of the resource to embed", true))),
                args -> List.of(
                        new PromptMessage("user", Content.resource(ResourceContents.text(args.get("resourceUri"),
                                "text/plain", "Embedded resource content for testing."))),
                        PromptMessage.user("Please process the embedded resource above."))));
        b.prompt(new FixturePrompt(new PromptDescriptor("test_prompt_with_image", "Prompt With Image",
                "A prompt that includes image content", List.of()),
                args -> List.of(
                        new PromptMessage("user", Content.image(PNG, "image/png")),
                        PromptMessage.user("Please analyze the image above."))));
        b.completion(new Completion() {
            @Override
            public CompletionReference reference() {
                return CompletionReference.prompt("test_prompt_with_arguments");
            }

            @Override
            public CompletionResult complete(String argument, String value, Map<String, String> context) {
                return CompletionResult.of(List.of("paris", "park", "party").stream()
                        .filter(v -> v.startsWith(value)).toList());
            }
        });
    }

    private static JsonObject schema(String json) {
        try (var reader = Json.createReader(new StringReader(json))) {
            return reader.readObject();
        }
    }
}
