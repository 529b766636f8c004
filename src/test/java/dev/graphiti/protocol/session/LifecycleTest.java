package dev.graphiti.protocol.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.graphiti.protocol.feature.TransportKind;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LifecycleTest {

    private static McpServer server() {
        return McpServer.builder(new ServerInfo("graphiti", "Graphiti", "1.2.3"))
                .instructions("Use graphiti_search first.")
                .tool(new EchoTool())
                .build();
    }

    @Test
    void initializeAnswersVersionCapabilitiesServerInfoAndInstructions() throws Exception {
        try (var h = new ServerHarness(server(), TransportKind.STDIO)) {
            assertFalse(h.connection.isInitialized());
            String reply = h.initialize("2025-11-25", "{}");
            assertEquals("{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":\"2025-11-25\","
                    + "\"capabilities\":{\"logging\":{},\"tools\":{\"listChanged\":false}},"
                    + "\"serverInfo\":{\"name\":\"graphiti\",\"title\":\"Graphiti\",\"version\":\"1.2.3\"},"
                    + "\"instructions\":\"Use graphiti_search first.\"}}", reply);
            assertTrue(h.connection.isInitialized());
            assertEquals("2025-11-25", h.connection.negotiatedVersion().orElseThrow());
        }
    }

    /** Requested revision, transport, negotiated revision. */
    @ParameterizedTest
    @CsvSource({
            "2025-11-25, STDIO, 2025-11-25",
            "2025-06-18, STDIO, 2025-06-18",
            "2025-03-26, STDIO, 2025-03-26",
            "2024-11-05, STDIO, 2024-11-05",
            "2025-11-25, HTTP, 2025-11-25",
            "2025-06-18, HTTP, 2025-06-18",
            "2025-03-26, HTTP, 2025-03-26",
            "2024-11-05, HTTP, 2025-11-25",
            "1999-01-01, STDIO, 2025-11-25",
            "2026-07-28, HTTP, 2025-11-25",
            "garbage, HTTP, 2025-11-25"})
    void versionNegotiationEchoesSupportedElseCounterOffersLatest(String requested, TransportKind kind, String expected)
            throws Exception {
        try (var h = new ServerHarness(server(), kind)) {
            String reply = h.initialize(requested, "{}");
            assertTrue(reply.contains("\"protocolVersion\":\"" + expected + "\""), reply);
            assertEquals(expected, h.connection.negotiatedVersion().orElseThrow());
        }
    }

    @Test
    void requestsBeforeInitializeAreRefusedButPingIsServed() throws Exception {
        try (var h = new ServerHarness(server(), TransportKind.HTTP)) {
            assertEquals(List.of("{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"result\":{}}"),
                    h.exchange("{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"ping\"}"));
            String refused = h.exchange("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/list\"}").get(0);
            assertTrue(refused.startsWith("{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":-32600,"), refused);
        }
    }

    @Test
    void secondInitializeIsAnInvalidRequest() throws Exception {
        try (var h = new ServerHarness(server(), TransportKind.STDIO)) {
            h.initialize("2025-06-18", "{}");
            String again = h.exchange("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\"}}").get(0);
            assertTrue(again.contains("\"code\":-32600"), again);
            assertEquals("2025-06-18", h.connection.negotiatedVersion().orElseThrow());
        }
    }

    @Test
    void initializeWithoutProtocolVersionIsInvalidParams() throws Exception {
        try (var h = new ServerHarness(server(), TransportKind.STDIO)) {
            String reply = h.exchange("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}").get(0);
            assertTrue(reply.contains("\"code\":-32602"), reply);
            assertFalse(h.connection.isInitialized());
        }
    }

    @Test
    void unknownMethodIsMethodNotFoundWithTheIdEchoedUnchanged() throws Exception {
        try (var h = new ServerHarness(server(), TransportKind.STDIO)) {
            h.initialize("2025-11-25", "{}");
            String reply = h.exchange("{\"jsonrpc\":\"2.0\",\"id\":\"abc-\\u00e9\",\"method\":\"nope/nothing\"}").get(0);
            assertTrue(reply.startsWith("{\"jsonrpc\":\"2.0\",\"id\":\"abc-é\",\"error\":{\"code\":-32601,"), reply);
        }
    }

    @Test
    void notificationsAreNeverAnsweredAndCloseTheStream() throws Exception {
        try (var h = new ServerHarness(server(), TransportKind.HTTP)) {
            h.initialize("2025-11-25", "{}");
            assertEquals(List.of(), h.exchange("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/whatever\"}"));
            assertEquals(List.of(), h.exchange("{\"jsonrpc\":\"2.0\",\"id\":77,\"result\":{}}"));
        }
    }
}
