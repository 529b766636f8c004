package dev.graphiti.protocol.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.protocol.feature.RequestContext;
import dev.graphiti.protocol.feature.Resource;
import dev.graphiti.protocol.feature.ResourceContents;
import dev.graphiti.protocol.feature.ResourceDescriptor;
import dev.graphiti.protocol.feature.ToolResult;
import dev.graphiti.protocol.feature.TransportKind;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * 2026-07-28 on one stdio connection: requests whose _meta names the revision are served before (and
 * without) initialize, each with its own capabilities; initialize still opens a 2025 session afterwards.
 */
class StatelessRequestsTest {

    private static ServerHarness harness() {
        return new ServerHarness(McpServer.builder(new ServerInfo("t", "T", "1"))
                .instructions("use it well")
                .tool(new EchoTool())
                .tool(TestTool.of("ask", (args, ctx) -> {
                    ctx.requireClientCapability("sampling");
                    return ToolResult.text("may sample");
                }))
                .resource(new Resource() {
                    @Override
                    public ResourceDescriptor descriptor() {
                        return new ResourceDescriptor("mem://a", "a", null, null, "text/plain");
                    }

                    @Override
                    public List<ResourceContents> read(RequestContext context) {
                        return List.of(ResourceContents.text("mem://a", "text/plain", "A"));
                    }
                })
                .build(), TransportKind.STDIO);
    }

    static String request(int id, String method, String params, String version, String capabilities) {
        String inner = params.substring(1, params.length() - 1).strip();
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":{" + inner + (inner.isEmpty() ? "" : ",")
                + "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"" + version + "\","
                + "\"io.modelcontextprotocol/clientCapabilities\":" + capabilities + "}}}";
    }

    static String modern(int id, String method, String params) {
        return request(id, method, params, "2026-07-28", "{}");
    }

    static JsonObject json(String line) {
        return Json.createReader(new StringReader(line)).readObject();
    }

    @Test
    void discoverBeforeAnyInitializeNamesVersionsCapabilitiesAndIdentity() throws Exception {
        try (var h = harness()) {
            JsonObject result = json(h.exchange(modern(1, "server/discover", "{}")).get(0)).getJsonObject("result");
            assertEquals(List.of("2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"),
                    result.getJsonArray("supportedVersions").getValuesAs(jakarta.json.JsonString::getString));
            assertEquals("use it well", result.getString("instructions"));
            assertTrue(result.getJsonObject("capabilities").containsKey("tools"));
            assertTrue(result.getJsonObject("capabilities").getJsonObject("resources").getBoolean("subscribe"),
                    "subscriptions/listen watches mem://a");
            assertFalse(result.getJsonObject("capabilities").containsKey("prompts"), "only what is registered");
            assertEquals("T", result.getJsonObject("_meta").getJsonObject("io.modelcontextprotocol/serverInfo").getString("title"));
            assertEquals("complete", result.getString("resultType"));
            assertFalse(h.connection.isInitialized());
        }
    }

    @Test
    void statelessRequestsThenA2025SessionOnTheSameConnection() throws Exception {
        try (var h = harness()) {
            JsonObject modern = json(h.exchange(modern(2, "tools/call", "{\"name\":\"echo\",\"arguments\":{\"text\":\"hi\"}}")).get(0));
            assertEquals("complete", modern.getJsonObject("result").getString("resultType"));
            assertEquals("hi", modern.getJsonObject("result").getJsonArray("content").getJsonObject(0).getString("text"));
            assertTrue(json(h.initialize("2025-11-25", "{}")).getJsonObject("result").containsKey("protocolVersion"));
            JsonObject legacy = json(h.exchange("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":"
                    + "{\"name\":\"echo\",\"arguments\":{\"text\":\"again\"}}}").get(0)).getJsonObject("result");
            assertFalse(legacy.containsKey("resultType"), legacy.toString());
            assertEquals("{\"jsonrpc\":\"2.0\",\"id\":4,\"result\":{}}", h.exchange("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\"}").get(0));
        }
    }

    @Test
    void versionAndMetaErrors() throws Exception {
        try (var h = harness()) {
            JsonObject unsupported = json(h.exchange(request(5, "tools/list", "{}", "2099-01-01", "{}")).get(0)).getJsonObject("error");
            assertEquals(-32022, unsupported.getInt("code"));
            assertEquals("2099-01-01", unsupported.getJsonObject("data").getString("requested"));
            assertEquals(-32602, json(h.exchange("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"server/discover\",\"params\":{}}").get(0))
                    .getJsonObject("error").getInt("code"), "discover without _meta");
            assertEquals(-32602, json(h.exchange("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":{\"_meta\":"
                    + "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}}").get(0)).getJsonObject("error").getInt("code"),
                    "no client capabilities");
            assertEquals(-32601, json(h.exchange(modern(8, "ping", "{}")).get(0)).getJsonObject("error").getInt("code"));
            assertEquals(-32600, json(h.exchange("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/list\"}").get(0))
                    .getJsonObject("error").getInt("code"), "a request of neither era before initialize");
        }
    }

    @Test
    void capabilitiesAreEachRequestsOwn() throws Exception {
        try (var h = harness()) {
            JsonObject refused = json(h.exchange(modern(10, "tools/call", "{\"name\":\"ask\",\"arguments\":{}}")).get(0)).getJsonObject("error");
            assertEquals(-32021, refused.getInt("code"));
            assertEquals(Json.createObjectBuilder().add("sampling", JsonObject.EMPTY_JSON_OBJECT).build(),
                    refused.getJsonObject("data").getJsonObject("requiredCapabilities"));
            String allowed = h.exchange(request(11, "tools/call", "{\"name\":\"ask\",\"arguments\":{}}", "2026-07-28", "{\"sampling\":{}}")).get(0);
            assertTrue(allowed.contains("may sample"), allowed);
        }
    }

    @Test
    void anUnknownResourceIsInvalidParamsOn20260728AndResourceNotFoundBefore() throws Exception {
        try (var h = harness()) {
            JsonObject modern = json(h.exchange(modern(12, "resources/read", "{\"uri\":\"mem://none\"}")).get(0)).getJsonObject("error");
            assertEquals(-32602, modern.getInt("code"));
            assertEquals("mem://none", modern.getJsonObject("data").getString("uri"));
            JsonObject read = json(h.exchange(modern(13, "resources/read", "{\"uri\":\"mem://a\"}")).get(0)).getJsonObject("result");
            assertEquals("private", read.getString("cacheScope"));
            h.initialize("2025-11-25", "{}");
            assertEquals(-32002, json(h.exchange("{\"jsonrpc\":\"2.0\",\"id\":14,\"method\":\"resources/read\",\"params\":{\"uri\":\"mem://none\"}}")
                    .get(0)).getJsonObject("error").getInt("code"));
        }
    }
}
