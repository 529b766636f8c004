package dev.graphiti.protocol.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.protocol.feature.Completion;
import dev.graphiti.protocol.feature.CompletionReference;
import dev.graphiti.protocol.feature.CompletionResult;
import dev.graphiti.protocol.feature.Prompt;
import dev.graphiti.protocol.feature.PromptArgument;
import dev.graphiti.protocol.feature.PromptDescriptor;
import dev.graphiti.protocol.feature.PromptMessage;
import dev.graphiti.protocol.feature.PromptResult;
import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.feature.Resource;
import dev.graphiti.protocol.feature.ResourceContents;
import dev.graphiti.protocol.feature.ResourceDescriptor;
import dev.graphiti.protocol.feature.ResourceTemplate;
import dev.graphiti.protocol.feature.ResourceTemplateDescriptor;
import dev.graphiti.protocol.feature.ToolResult;
import dev.graphiti.protocol.feature.TransportKind;
import dev.graphiti.protocol.jsonrpc.Jsonp;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Pagination, resources (read, templates, not found, subscribe), prompts and completion. */
class FeaturesTest {

    private static ServerHarness harness() throws Exception {
        var builder = McpServer.builder(new ServerInfo("t", "t", "1"))
                .options(new ServerOptions(2, Duration.ofSeconds(5), 2));
        for (int i = 0; i < 5; i++) {
            builder.tool(TestTool.of("tool" + i, (args, ctx) -> ToolResult.text("ok")));
        }
        builder.resource(new Resource() {
            @Override
            public ResourceDescriptor descriptor() {
                return new ResourceDescriptor("mem://a", "a", null, null, "text/plain");
            }

            @Override
            public List<ResourceContents> read(RequestContext context) {
                return List.of(ResourceContents.text("mem://a", "text/plain", "A"));
            }
        });
        builder.resourceTemplate(new ResourceTemplate() {
            @Override
            public ResourceTemplateDescriptor descriptor() {
                return new ResourceTemplateDescriptor("mem://items/{id}/v/{version}", "item", null, null, null);
            }

            @Override
            public List<ResourceContents> read(String uri, Map<String, String> variables, RequestContext context) {
                return List.of(ResourceContents.blob(uri, null, variables.get("id") + "@" + variables.get("version")));
            }
        });
        builder.prompt(new Prompt() {
            @Override
            public PromptDescriptor descriptor() {
                return new PromptDescriptor("greet", "Greet", null, List.of(new PromptArgument("name", null, true)));
            }

            @Override
            public PromptResult get(Map<String, String> arguments, RequestContext context) {
                return new PromptResult("greeting", List.of(PromptMessage.user("hello " + arguments.get("name"))));
            }
        });
        builder.completion(new Completion() {
            @Override
            public CompletionReference reference() {
                return CompletionReference.prompt("greet");
            }

            @Override
            public CompletionResult complete(String argument, String value, Map<String, String> context) {
                return new CompletionResult(java.util.stream.IntStream.range(0, 150).mapToObj(i -> value + i).toList(), 150, false);
            }
        });
        var h = new ServerHarness(builder.build(), TransportKind.STDIO);
        h.initialize("2025-11-25", "{}");
        return h;
    }

    private static JsonObject result(List<String> out) {
        try (var reader = Jsonp.PROVIDER.createReader(new StringReader(out.get(out.size() - 1)))) {
            JsonObject message = reader.readObject();
            assertTrue(message.containsKey("result"), message.toString());
            return message.getJsonObject("result");
        }
    }

    private static String request(String method, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"" + method + "\",\"params\":" + params + "}";
    }

    @Test
    void listsArePagedWithOpaqueCursorsUntilNoNextCursor() throws Exception {
        try (var h = harness()) {
            List<String> names = new ArrayList<>();
            String cursor = null;
            int pages = 0;
            do {
                JsonObject page = result(h.exchange(request("tools/list", cursor == null ? "{}" : "{\"cursor\":\"" + cursor + "\"}")));
                page.getJsonArray("tools").forEach(t -> names.add(t.asJsonObject().getString("name")));
                cursor = page.containsKey("nextCursor") ? page.getString("nextCursor") : null;
                pages++;
            } while (cursor != null);
            assertEquals(List.of("tool0", "tool1", "tool2", "tool3", "tool4"), names);
            assertEquals(3, pages);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"garbage", "Z3JhcGhpdGktcGFnZTo5OQ", "Z3JhcGhpdGktcGFnZTotMQ", "", "%%%"})
    void aCursorTheServerDidNotIssueIsInvalidParams(String cursor) throws Exception {
        try (var h = harness()) {
            String out = h.exchange(request("tools/list", "{\"cursor\":\"" + cursor + "\"}")).get(0);
            assertTrue(out.contains("\"code\":-32602"), out);
        }
    }

    @Test
    void resourcesReadFixedAndTemplatedUrisAndUnknownIsNotFound() throws Exception {
        try (var h = harness()) {
            assertEquals("{\"contents\":[{\"uri\":\"mem://a\",\"mimeType\":\"text/plain\",\"text\":\"A\"}]}",
                    result(h.exchange(request("resources/read", "{\"uri\":\"mem://a\"}"))).toString());
            assertEquals("{\"contents\":[{\"uri\":\"mem://items/x7/v/2\",\"blob\":\"x7@2\"}]}",
                    result(h.exchange(request("resources/read", "{\"uri\":\"mem://items/x7/v/2\"}"))).toString());
            String missing = h.exchange(request("resources/read", "{\"uri\":\"mem://items/x7/v/2/extra\"}")).get(0);
            assertEquals("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32002,\"message\":\"Resource not found: "
                    + "mem://items/x7/v/2/extra\",\"data\":{\"uri\":\"mem://items/x7/v/2/extra\"}}}", missing);
            assertEquals("{\"resourceTemplates\":[{\"uriTemplate\":\"mem://items/{id}/v/{version}\",\"name\":\"item\"}]}",
                    result(h.exchange(request("resources/templates/list", "{}"))).toString());
        }
    }

    @Test
    void subscribersHearAboutUpdatesOnTheUnsolicitedSink() throws Exception {
        try (var h = harness()) {
            h.server.resourceUpdated("mem://a");
            assertEquals(List.of(), h.unsolicited);
            result(h.exchange(request("resources/subscribe", "{\"uri\":\"mem://a\"}")));
            h.server.resourceUpdated("mem://a");
            h.server.resourceUpdated("mem://other");
            assertEquals(List.of("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/updated\",\"params\":{\"uri\":\"mem://a\"}}"),
                    h.unsolicited);
            result(h.exchange(request("resources/unsubscribe", "{\"uri\":\"mem://a\"}")));
            h.server.resourceUpdated("mem://a");
            assertEquals(1, h.unsolicited.size());
            assertTrue(h.exchange(request("resources/subscribe", "{\"uri\":\"mem://nothing\"}")).get(0).contains("-32002"));
        }
    }

    @Test
    void promptsNeedTheirRequiredArguments() throws Exception {
        try (var h = harness()) {
            assertEquals("{\"description\":\"greeting\",\"messages\":[{\"role\":\"user\",\"content\":{\"type\":\"text\",\"text\":\"hello Ada\"}}]}",
                    result(h.exchange(request("prompts/get", "{\"name\":\"greet\",\"arguments\":{\"name\":\"Ada\"}}"))).toString());
            assertTrue(h.exchange(request("prompts/get", "{\"name\":\"greet\"}")).get(0).contains("-32602"));
            assertTrue(h.exchange(request("prompts/get", "{\"name\":\"greet\",\"arguments\":{\"name\":1}}")).get(0).contains("-32602"));
            assertTrue(h.exchange(request("prompts/get", "{\"name\":\"nope\"}")).get(0).contains("-32602"));
            assertEquals("{\"prompts\":[{\"name\":\"greet\",\"title\":\"Greet\",\"arguments\":[{\"name\":\"name\",\"required\":true}]}]}",
                    result(h.exchange(request("prompts/list", "{}"))).toString());
        }
    }

    @Test
    void completionSendsAtMostOneHundredValues() throws Exception {
        try (var h = harness()) {
            JsonObject completion = result(h.exchange(request("completion/complete",
                    "{\"ref\":{\"type\":\"ref/prompt\",\"name\":\"greet\"},\"argument\":{\"name\":\"name\",\"value\":\"a\"}}")))
                    .getJsonObject("completion");
            assertEquals(100, completion.getJsonArray("values").size());
            assertEquals("a0", completion.getJsonArray("values").getString(0));
            assertEquals(150, completion.getInt("total"));
            assertTrue(completion.getBoolean("hasMore"));
            assertTrue(h.exchange(request("completion/complete",
                    "{\"ref\":{\"type\":\"ref/prompt\",\"name\":\"nope\"},\"argument\":{\"name\":\"x\",\"value\":\"\"}}")).get(0).contains("-32602"));
        }
    }

    @Test
    void capabilitiesAnnounceOnlyWhatIsRegistered() throws Exception {
        try (var h = harness()) {
            // harness() already initialized; a bare server declares logging only.
        }
        try (var bare = new ServerHarness(McpServer.builder(new ServerInfo("t", "t", "1")).build(), TransportKind.STDIO)) {
            String reply = bare.initialize("2025-11-25", "{}");
            assertTrue(reply.contains("\"capabilities\":{\"logging\":{}}"), reply);
            assertFalse(reply.contains("instructions"), reply);
            assertTrue(bare.exchange(request("tools/list", "{}")).get(0).contains("-32601"));
        }
    }
}
