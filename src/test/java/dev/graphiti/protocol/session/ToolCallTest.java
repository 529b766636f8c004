package dev.graphiti.protocol.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.protocol.feature.McpException;
import dev.graphiti.protocol.feature.Tool;
import dev.graphiti.protocol.feature.ToolResult;
import dev.graphiti.protocol.feature.TransportKind;
import dev.graphiti.protocol.jsonrpc.ErrorCode;
import dev.graphiti.protocol.jsonrpc.Jsonp;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ToolCallTest {

    private final AtomicReference<String> thread = new AtomicReference<>();

    private ServerHarness harness() throws Exception {
        var server = McpServer.builder(new ServerInfo("t", "t", "1"))
                .tool(new EchoTool())
                .tool(TestTool.of("boom", (args, ctx) -> {
                    throw new IllegalStateException("disk is full");
                }))
                .tool(TestTool.of("refuse", (args, ctx) -> {
                    throw new McpException(ErrorCode.INVALID_PARAMS, "Invalid params: refused");
                }))
                .tool(TestTool.of("where", (args, ctx) -> {
                    thread.set(Thread.currentThread().getName());
                    return ToolResult.structured(Jsonp.object().add("n", 1).build(), "{\"n\":1}");
                }))
                .build();
        var h = new ServerHarness(server, TransportKind.STDIO);
        h.initialize("2025-11-25", "{}");
        return h;
    }

    private static String call(ServerHarness h, String params) throws Exception {
        return h.exchange("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":" + params + "}").get(0);
    }

    @Test
    void resultCarriesContentStructuredContentAndIsError() throws Exception {
        try (var h = harness()) {
            assertEquals("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"{\\\"n\\\":1}\"}],"
                    + "\"structuredContent\":{\"n\":1},\"isError\":false}}", call(h, "{\"name\":\"where\"}"));
            assertTrue(thread.get().startsWith("mcp-worker-"), "tools run on the server's workers, not the caller: " + thread.get());
        }
    }

    @Test
    void unknownToolAndMalformedCallsAreInvalidParams() throws Exception {
        try (var h = harness()) {
            assertTrue(call(h, "{\"name\":\"nope\"}").contains("\"error\":{\"code\":-32602,\"message\":\"Invalid params: unknown tool \\\"nope\\\"\"}"));
            assertTrue(call(h, "{}").contains("\"code\":-32602"));
            assertTrue(call(h, "{\"name\":5}").contains("\"code\":-32602"));
            assertTrue(call(h, "{\"name\":\"echo\",\"arguments\":[1]}").contains("\"code\":-32602"));
        }
    }

    @Test
    void failuresInsideToolsAndBadArgumentsAreResultsWithIsError() throws Exception {
        try (var h = harness()) {
            assertEquals("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"content\":[{\"type\":\"text\",\"text\":"
                    + "\"Tool boom failed: disk is full\"}],\"isError\":true}}", call(h, "{\"name\":\"boom\"}"));
            String missing = call(h, "{\"name\":\"echo\",\"arguments\":{}}");
            assertTrue(missing.contains("Invalid arguments for tool echo: missing required argument \\\"text\\\"") && missing.contains("\"isError\":true"), missing);
            String wrongType = call(h, "{\"name\":\"echo\",\"arguments\":{\"text\":3}}");
            assertTrue(wrongType.contains("argument \\\"text\\\" must be a string, got the number 3"), wrongType);
        }
    }

    @Test
    void aToolMayChooseAJsonRpcError() throws Exception {
        try (var h = harness()) {
            assertEquals("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32602,\"message\":\"Invalid params: refused\"}}",
                    call(h, "{\"name\":\"refuse\"}"));
        }
    }

    @Test
    void anIdStillInUseIsRefused() throws Exception {
        var release = new java.util.concurrent.CountDownLatch(1);
        var server = McpServer.builder(new ServerInfo("t", "t", "1"))
                .tool(TestTool.of("hold", (args, ctx) -> {
                    release.await();
                    return ToolResult.text("released");
                })).build();
        try (var h = new ServerHarness(server, TransportKind.STDIO)) {
            h.initialize("2025-11-25", "{}");
            var first = h.send("{\"jsonrpc\":\"2.0\",\"id\":\"same\",\"method\":\"tools/call\",\"params\":{\"name\":\"hold\"}}");
            var second = h.exchange("{\"jsonrpc\":\"2.0\",\"id\":\"same\",\"method\":\"tools/call\",\"params\":{\"name\":\"hold\"}}");
            assertTrue(second.get(0).contains("\"code\":-32600") && second.get(0).contains("already in use"), second.toString());
            release.countDown();
            assertTrue(first.awaitClosed().get(0).contains("released"));
        }
    }
}
