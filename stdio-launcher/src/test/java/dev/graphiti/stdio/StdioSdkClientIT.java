package dev.graphiti.stdio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The official Java SDK client drives the launcher (fixture registration) over stdio as a child process. */
class StdioSdkClientIT {

    private final List<McpSchema.ProgressNotification> progress = new CopyOnWriteArrayList<>();
    private final List<McpSchema.LoggingMessageNotification> logs = new CopyOnWriteArrayList<>();
    private final List<String> samplingPrompts = new CopyOnWriteArrayList<>();
    private McpSyncClient client;

    @BeforeEach
    void start() {
        List<String> command = ServerProcess.fixtureServer();
        var parameters = ServerParameters.builder(command.get(0)).args(command.subList(1, command.size())).build();
        var transport = new StdioClientTransport(parameters, McpJsonDefaults.getMapper());
        client = McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(30))
                .initializationTimeout(Duration.ofSeconds(30))
                .clientInfo(new McpSchema.Implementation("graphiti-it", "1.0"))
                .capabilities(McpSchema.ClientCapabilities.builder().roots(false).sampling().elicitation().build())
                .roots(new McpSchema.Root("file:///work/project", "project"))
                .progressConsumer(progress::add)
                .loggingConsumer(logs::add)
                .sampling(request -> {
                    samplingPrompts.add(((McpSchema.TextContent) request.messages().get(0).content()).text());
                    return McpSchema.CreateMessageResult.builder(McpSchema.Role.ASSISTANT, "sampled answer", "test-model").build();
                })
                .elicitation(request -> new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.ACCEPT,
                        Map.of("response", "yes: " + request.message())))
                .build();
        client.initialize();
    }

    @AfterEach
    void stop() {
        client.closeGracefully();
    }

    @Test
    void initializeNegotiatesTheLatestRevisionAndDescribesTheServer() {
        McpSchema.InitializeResult init = client.getCurrentInitializationResult();
        assertEquals("2025-11-25", init.protocolVersion());
        assertEquals("graphiti", init.serverInfo().name());
        assertTrue(init.capabilities().logging() != null && init.capabilities().tools() != null);
        assertTrue(init.capabilities().resources().subscribe());
        assertEquals("Conformance fixtures; not the graphiti product.", init.instructions());
    }

    @Test
    void toolsListCarriesEveryFixtureWithItsSchema() {
        var tools = client.listTools().tools();
        var names = tools.stream().map(McpSchema.Tool::name).toList();
        assertTrue(names.containsAll(List.of("test_simple_text", "test_image_content", "test_audio_content",
                "test_embedded_resource", "test_multiple_content_types", "test_tool_with_logging",
                "test_tool_with_progress", "test_error_handling", "test_sampling", "test_elicitation",
                "json_schema_2020_12_tool")), names.toString());
        var sampling = tools.stream().filter(t -> t.name().equals("test_sampling")).findFirst().orElseThrow();
        assertEquals("object", sampling.inputSchema().get("type"));
        assertEquals(List.of("prompt"), sampling.inputSchema().get("required"));
    }

    @Test
    void toolsCallReturnsTextImageAndEmbeddedResourceContent() {
        var text = client.callTool(new McpSchema.CallToolRequest("test_simple_text", Map.of()));
        assertFalse(text.isError());
        assertEquals("This is a simple text response for testing.", ((McpSchema.TextContent) text.content().get(0)).text());

        var mixed = client.callTool(new McpSchema.CallToolRequest("test_multiple_content_types", Map.of()));
        assertEquals(3, mixed.content().size());
        assertInstanceOf(McpSchema.ImageContent.class, mixed.content().get(1));
        var embedded = (McpSchema.EmbeddedResource) mixed.content().get(2);
        assertEquals("test://mixed-content-resource", embedded.resource().uri());
    }

    @Test
    void toolFailuresAreResultsWithIsErrorAndUnknownToolsAreInvalidParams() {
        var failed = client.callTool(new McpSchema.CallToolRequest("test_error_handling", Map.of()));
        assertTrue(failed.isError());
        assertTrue(((McpSchema.TextContent) failed.content().get(0)).text().contains("intentionally returns an error"));

        var invalid = client.callTool(new McpSchema.CallToolRequest("test_echo", Map.of("text", 42)));
        assertTrue(invalid.isError());
        assertTrue(((McpSchema.TextContent) invalid.content().get(0)).text().contains("argument \"text\" must be a string"));

        McpError unknown = assertThrows(McpError.class,
                () -> client.callTool(new McpSchema.CallToolRequest("no_such_tool", Map.of())));
        assertEquals(-32602, unknown.getJsonRpcError().code());
    }

    @Test
    void resourcesReadTextBinaryAndTemplatedUris() {
        var text = client.readResource(new McpSchema.ReadResourceRequest("test://static-text"));
        assertEquals("This is the content of the static text resource.",
                ((McpSchema.TextResourceContents) text.contents().get(0)).text());
        var binary = client.readResource(new McpSchema.ReadResourceRequest("test://static-binary"));
        assertEquals("image/png", binary.contents().get(0).mimeType());
        assertInstanceOf(McpSchema.BlobResourceContents.class, binary.contents().get(0));
        var templated = client.readResource(new McpSchema.ReadResourceRequest("test://template/abc/data"));
        assertTrue(((McpSchema.TextResourceContents) templated.contents().get(0)).text().contains("Data for ID: abc"));
        assertEquals("test://template/{id}/data", client.listResourceTemplates().resourceTemplates().get(0).uriTemplate());

        McpError missing = assertThrows(McpError.class,
                () -> client.readResource(new McpSchema.ReadResourceRequest("test://nothing-here")));
        assertEquals(-32002, missing.getJsonRpcError().code());
    }

    @Test
    void promptsAndCompletion() {
        var prompt = client.getPrompt(new McpSchema.GetPromptRequest("test_prompt_with_arguments",
                Map.of("arg1", "a", "arg2", "b")));
        assertEquals("Prompt with arguments: arg1='a', arg2='b'",
                ((McpSchema.TextContent) prompt.messages().get(0).content()).text());
        var completion = client.completeCompletion(new McpSchema.CompleteRequest(
                new McpSchema.PromptReference("test_prompt_with_arguments"),
                new McpSchema.CompleteRequest.CompleteArgument("arg1", "par")));
        assertEquals(List.of("paris", "park", "party"), completion.completion().values());
    }

    @Test
    void pingAnswers() {
        client.ping();
    }

    @Test
    void progressNotificationsEchoTheTokenAndIncrease() {
        var result = client.callTool(McpSchema.CallToolRequest.builder().name("test_tool_with_progress")
                .arguments(Map.of()).progressToken("progress-it").build());
        assertFalse(result.isError());
        // The SDK client hands notifications to its consumer asynchronously, so arrival order is not
        // observable here; StdioWireIT checks the order on the wire.
        awaitSize(progress, 3);
        var mine = progress.stream().filter(p -> "progress-it".equals(p.progressToken())).toList();
        assertEquals(List.of(0.0, 50.0, 100.0),
                mine.stream().map(McpSchema.ProgressNotification::progress).sorted().toList());
        assertTrue(mine.stream().allMatch(p -> p.total() == 100.0));
    }

    @Test
    void logMessagesFollowTheLevelTheClientSets() {
        client.setLoggingLevel(McpSchema.LoggingLevel.ERROR);
        client.callTool(new McpSchema.CallToolRequest("test_tool_with_logging", Map.of()));
        assertEquals(List.of(), logs, "info messages must be filtered at level error");

        client.setLoggingLevel(McpSchema.LoggingLevel.DEBUG);
        client.callTool(new McpSchema.CallToolRequest("test_tool_with_logging", Map.of()));
        // Delivered to the consumer asynchronously, possibly after the call returned and in any order.
        awaitSize(logs, 3);
        assertEquals(List.of("Tool execution completed", "Tool execution started", "Tool processing data"),
                logs.stream().map(McpSchema.LoggingMessageNotification::data).sorted().toList());
        assertTrue(logs.stream().allMatch(l -> l.level() == McpSchema.LoggingLevel.INFO), logs.toString());
    }

    @Test
    void samplingElicitationAndRootsRoundTripsThroughTheClient() {
        var sampled = client.callTool(new McpSchema.CallToolRequest("test_sampling", Map.of("prompt", "say hi")));
        assertEquals("LLM response: sampled answer", ((McpSchema.TextContent) sampled.content().get(0)).text());
        assertEquals(List.of("say hi"), samplingPrompts);

        var elicited = client.callTool(new McpSchema.CallToolRequest("test_elicitation", Map.of("message", "ok?")));
        String text = ((McpSchema.TextContent) elicited.content().get(0)).text();
        assertTrue(text.startsWith("User response: action=accept"), text);
        assertTrue(text.contains("yes: ok?"), text);

        var roots = client.callTool(new McpSchema.CallToolRequest("test_roots", Map.of()));
        assertTrue(((McpSchema.TextContent) roots.content().get(0)).text().contains("file:///work/project"));
    }

    @Test
    void twoMebibyteArgumentsAndResultsThroughTheSdk() {
        String text = "y".repeat(2 * 1024 * 1024);
        var echoed = client.callTool(new McpSchema.CallToolRequest("test_echo", Map.of("text", text)));
        assertEquals(text, ((McpSchema.TextContent) echoed.content().get(0)).text());
    }

    /** Waits (at most 10 s) until the SDK has handed {@code count} notifications to a consumer. */
    private static void awaitSize(List<?> received, int count) {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
        while (received.size() < count && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
