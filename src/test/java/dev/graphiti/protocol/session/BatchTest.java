package dev.graphiti.protocol.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.protocol.feature.TransportKind;
import dev.graphiti.protocol.jsonrpc.JsonRpcCodec;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BatchTest {

    private static final String BATCH = "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"},"
            + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/whatever\"},"
            + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":{\"text\":\"hi\"}}},"
            + "{\"jsonrpc\":\"2.0\",\"id\":3}]";

    private static ServerHarness harness(TransportKind kind) {
        return new ServerHarness(McpServer.builder(new ServerInfo("t", "t", "1")).tool(new EchoTool()).build(), kind);
    }

    /** Negotiated revision, transport, whether a batch is served. */
    @ParameterizedTest
    @CsvSource({
            "2025-03-26, HTTP, true",
            "2025-03-26, STDIO, true",
            "2025-06-18, HTTP, false",
            "2025-11-25, STDIO, false",
            "2024-11-05, STDIO, false"})
    void batchesOnlyOn20250326(String version, TransportKind kind, boolean served) throws Exception {
        try (var h = harness(kind)) {
            h.initialize(version, "{}");
            assertEquals(served, h.connection.batchesAllowed());
            List<String> out = h.exchange(BATCH);
            if (served) {
                assertEquals(3, out.size(), out.toString());
                assertTrue(out.contains("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}"), out.toString());
                assertTrue(out.stream().anyMatch(l -> l.startsWith("{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32600")), out.toString());
                assertTrue(out.stream().anyMatch(l -> l.contains("\"id\":2,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"hi\"}]")), out.toString());
            } else {
                assertEquals(1, out.size(), out.toString());
                assertTrue(out.get(0).startsWith("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,"), out.get(0));
            }
        }
    }

    @Test
    void aBatchBeforeInitializeIsRejectedAndInitializeNeverRunsInsideOne() throws Exception {
        try (var h = harness(TransportKind.HTTP)) {
            var out = h.exchange("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-03-26\"}}]");
            assertTrue(out.get(0).contains("\"code\":-32600"), out.toString());
            assertFalse(h.connection.isInitialized());
            assertTrue(new JsonRpcCodec().parse("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}]").hasInitialize());
        }
        try (var h = harness(TransportKind.HTTP)) {
            h.initialize("2025-03-26", "{}");
            var out = h.exchange("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-03-26\"}}]");
            assertTrue(out.get(0).startsWith("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32600"), out.toString());
        }
    }

    @Test
    void aBatchOfNotificationsAndResponsesClosesWithoutOutput() throws Exception {
        try (var h = harness(TransportKind.HTTP)) {
            h.initialize("2025-03-26", "{}");
            var incoming = new JsonRpcCodec().parse("[{\"jsonrpc\":\"2.0\",\"method\":\"n\"},{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{}}]");
            assertFalse(incoming.hasRequests());
            assertEquals(List.of(), h.exchange("[{\"jsonrpc\":\"2.0\",\"method\":\"n\"},{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{}}]"));
        }
    }
}
