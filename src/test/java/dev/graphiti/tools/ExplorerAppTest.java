package dev.graphiti.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.access.AllowedRoots;
import dev.graphiti.assembly.GraphitiProcess;
import dev.graphiti.assembly.GraphitiServer;
import dev.graphiti.protocol.feature.TransportKind;
import dev.graphiti.protocol.jsonrpc.JsonRpcCodec;
import dev.graphiti.protocol.session.McpServer;
import dev.graphiti.protocol.session.ResponseStream;
import dev.graphiti.toon.TokenCounter;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The explorer as an MCP App (io.modelcontextprotocol/ui), negotiated: a client that declares the extension learns
 * which tools show their results in ui://graphiti/explorer, finds the app in resources/list, reads it, and gets the
 * rows as structured content for it; an ordinary client sees none of it (tools/list, resources/list and the results
 * are as before, so its token budget is untouched), yet still gets the text, the mandatory fallback.
 */
class ExplorerAppTest {

    private static final String UI = "{\"extensions\":{\"io.modelcontextprotocol/ui\":{\"mimeTypes\":[\"text/html;profile=mcp-app\"]}}}";

    @TempDir
    Path temp;

    @Test
    void onlyAClientThatRendersAppsIsToldOfTheAppAndGetsRowsForIt() throws Exception {
        Path home = Files.createDirectories(temp.resolve("home"));
        var settings = ToolSettings.defaults().withSemantic(false).withAllowedRoots(AllowedRoots.of(List.of(temp.toRealPath())));
        try (var tools = GraphitiProcess.tools(settings, Map.of("GRAPHITI_HOME", home.toString(), "HOME", home.toString()), temp);
             var ordinary = new ServerSession(tools);
             var host = new ServerSession(tools)) {
            ordinary.initialize("{}");
            host.initialize(UI);
            ordinary.request("tools/call", call("graphiti_add", Json.createObjectBuilder().add("scope", "global")
                    .add("kind", "decision").add("title", "Queue on PostgreSQL")
                    .add("content", "We keep the job queue in PostgreSQL with SKIP LOCKED.").build()));

            ordinary.request("tools/list", JsonValue.EMPTY_JSON_OBJECT);
            String plainList = ordinary.lastResultText();
            assertFalse(plainList.contains("ui://"), plainList);
            JsonObject listed = host.request("tools/list", JsonValue.EMPTY_JSON_OBJECT);
            var withApp = listed.getJsonArray("tools").getValuesAs(JsonObject.class).stream()
                    .filter(tool -> tool.containsKey("_meta")).toList();
            assertEquals(List.of("graphiti_search", "graphiti_list", "graphiti_show"),
                    withApp.stream().map(tool -> tool.getString("name")).toList());
            withApp.forEach(tool -> assertEquals(ExplorerApp.URI, tool.getJsonObject("_meta").getJsonObject("ui").getString("resourceUri")));
            int plain = new TokenCounter().count(plainList).o200k();
            int rendered = new TokenCounter().count(host.lastResultText()).o200k();
            System.out.println("tools/list: " + plain + " o200k tokens for an ordinary client, " + rendered + " for one that renders apps");
            assertTrue(plain <= ToolListTokensTest.BUDGET, plain + " tokens");

            assertEquals(List.of("graphiti://context"), uris(ordinary.request("resources/list", JsonValue.EMPTY_JSON_OBJECT)));
            assertEquals(List.of("graphiti://context", ExplorerApp.URI), uris(host.request("resources/list", JsonValue.EMPTY_JSON_OBJECT)));

            JsonObject app = host.request("resources/read", Json.createObjectBuilder().add("uri", ExplorerApp.URI).build())
                    .getJsonArray("contents").getJsonObject(0);
            assertEquals("text/html;profile=mcp-app", app.getString("mimeType"));
            assertTrue(app.getJsonObject("_meta").getJsonObject("ui").getBoolean("prefersBorder"));
            String html = app.getString("text");
            assertTrue(html.startsWith("<!doctype html>"), html);
            var csp = Pattern.compile("http-equiv=\"Content-Security-Policy\" content=\"([^\"]+)\"").matcher(html);
            assertTrue(csp.find(), "the app states its own policy");
            assertTrue(csp.group(1).contains("connect-src 'none'") && csp.group(1).contains("default-src 'none'")
                    && csp.group(1).matches(".*script-src 'sha256-[A-Za-z0-9+/=]+';.*"), csp.group(1));
            assertFalse(html.contains("{{"), "every placeholder filled");
            assertFalse(html.contains("fetch("), "the app talks to the host only");

            JsonObject search = Json.createObjectBuilder().add("scope", "global").add("query", "job queue").build();
            JsonObject plainHit = ordinary.request("tools/call", call("graphiti_search", search));
            assertFalse(plainHit.containsKey("structuredContent"), plainHit.toString());
            JsonObject appHit = host.request("tools/call", call("graphiti_search", search));
            assertEquals(plainHit.getJsonArray("content"), appHit.getJsonArray("content"), "the same text fallback");
            JsonObject row = appHit.getJsonObject("structuredContent").getJsonArray("items").getJsonObject(0);
            assertEquals("Queue on PostgreSQL", row.getString("title"));
            assertEquals(List.of(), row.getJsonArray("tags").getValuesAs(JsonValue.class), "rows as the CLI printed them");
            assertEquals(0, host.request("tools/call", call("graphiti_search", Json.createObjectBuilder().add("scope", "global")
                    .add("query", "nothing like it").build())).getJsonObject("structuredContent").getJsonArray("items").size());
            assertFalse(ordinary.request("tools/call", call("graphiti_list", Json.createObjectBuilder().add("scope", "global").build()))
                    .containsKey("structuredContent"));
            assertEquals(1, host.request("tools/call", call("graphiti_list", Json.createObjectBuilder().add("scope", "global").build()))
                    .getJsonObject("structuredContent").getJsonArray("items").size());
        }
    }

    /** On 2026-07-28 there is no initialize: each request's own capabilities decide. */
    @Test
    void aStatelessRequestSaysItRendersAppsInItsOwnCapabilities() throws Exception {
        Path home = Files.createDirectories(temp.resolve("home"));
        var settings = ToolSettings.defaults().withSemantic(false).withAllowedRoots(AllowedRoots.of(List.of(temp.toRealPath())));
        try (var tools = GraphitiProcess.tools(settings, Map.of("GRAPHITI_HOME", home.toString(), "HOME", home.toString()), temp)) {
            McpServer server = GraphitiServer.builder(tools).build();
            try {
                JsonObject plain = statelessList(server, "{}");
                JsonObject rendered = statelessList(server, UI);
                assertFalse(plain.toString().contains("ui://"), plain.toString());
                assertEquals(ExplorerApp.URI, rendered.getJsonArray("tools").getValuesAs(JsonObject.class).stream()
                        .filter(tool -> tool.getString("name").equals("graphiti_search")).findFirst().orElseThrow()
                        .getJsonObject("_meta").getJsonObject("ui").getString("resourceUri"));
            } finally {
                server.close();
            }
        }
    }

    private static JsonObject statelessList(McpServer server, String capabilities) throws Exception {
        var connection = server.openStateless(TransportKind.HTTP, "", Map.of());
        var answer = new CompletableFuture<JsonObject>();
        connection.receive(new JsonRpcCodec().parse("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":"
                + capabilities + "}}}"), new ResponseStream() {
            @Override
            public void send(JsonObject message) {
                if (message.containsKey("id")) {
                    answer.complete(message);
                }
            }

            @Override
            public void close() {
            }
        });
        JsonObject message = answer.get(60, TimeUnit.SECONDS);
        connection.close();
        return message.getJsonObject("result");
    }

    private static List<String> uris(JsonObject listed) {
        return listed.getJsonArray("resources").getValuesAs(JsonObject.class).stream().map(r -> r.getString("uri")).toList();
    }

    private static JsonObject call(String name, JsonObject arguments) {
        return Json.createObjectBuilder().add("name", name).add("arguments", arguments).build();
    }
}
