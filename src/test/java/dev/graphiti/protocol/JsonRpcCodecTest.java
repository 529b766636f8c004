package dev.graphiti.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class JsonRpcCodecTest {

    private final JsonRpcCodec codec = new JsonRpcCodec();

    @Test
    void requestNotificationAndResponsesAreTellApartAndIdsStayRaw() throws Exception {
        var request = (JsonRpcRequest) ((SingleMessage) codec.parse(
                "{\"jsonrpc\":\"2.0\",\"id\":\"x-1\",\"method\":\"tools/list\",\"params\":{\"cursor\":\"c\"}}")).message();
        assertEquals("\"x-1\"", request.id().toString());
        assertEquals("c", request.params().getString("cursor"));
        var big = (JsonRpcRequest) ((SingleMessage) codec.parse(
                "{\"jsonrpc\":\"2.0\",\"id\":12345678901234567890,\"method\":\"ping\"}")).message();
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":12345678901234567890,\"method\":\"ping\"}", codec.write(big.toJson()));
        assertInstanceOf(JsonRpcNotification.class, ((SingleMessage) codec.parse(
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")).message());
        assertInstanceOf(JsonRpcResult.class, ((SingleMessage) codec.parse(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}")).message());
        var error = (JsonRpcErrorResponse) ((SingleMessage) codec.parse(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-1,\"message\":\"no\"}}")).message();
        assertEquals(-1, error.error().code());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "{", "{\"jsonrpc\":\"2.0\",}", "nul", "{\"a\":1} trailing", "\u0000"})
    void textThatIsNotJsonIsAParseError(String text) {
        var e = assertThrows(MalformedMessageException.class, () -> codec.parse(text));
        assertEquals(ErrorCode.PARSE_ERROR, e.code());
        assertEquals("null", e.response().id().toString());
        assertEquals(-32700, e.response().error().code());
    }

    /** JSON that is not a JSON-RPC message: the id is echoed when it could be read. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "42 | null",
            "\"text\" | null",
            "{\"id\":1,\"method\":\"ping\"} | 1",
            "{\"jsonrpc\":\"1.0\",\"id\":\"a\",\"method\":\"ping\"} | \"a\"",
            "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"} | null",
            "{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"} | null",
            "{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"ping\"} | null",
            "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":7} | 3",
            "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\",\"params\":[1]} | 3",
            "{\"jsonrpc\":\"2.0\",\"id\":4} | 4",
            "{\"jsonrpc\":\"2.0\",\"id\":4,\"result\":{},\"error\":{\"code\":1,\"message\":\"\"}} | 4",
            "{\"jsonrpc\":\"2.0\",\"result\":{}} | null",
            "{\"jsonrpc\":\"2.0\",\"id\":5,\"error\":{\"code\":\"x\",\"message\":\"m\"}} | 5",
            "[] | null"})
    void jsonThatIsNotAMessageIsAnInvalidRequest(String text, String id) {
        var e = assertThrows(MalformedMessageException.class, () -> codec.parse(text));
        assertEquals(ErrorCode.INVALID_REQUEST, e.code());
        assertEquals(-32600, e.response().error().code());
        assertEquals(id, e.response().id().toString());
    }

    @Test
    void aBatchKeepsGoodElementsAndTurnsBadOnesIntoErrors() throws Exception {
        var batch = (MessageBatch) codec.parse("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"},7,"
                + "{\"jsonrpc\":\"2.0\",\"method\":\"n\"},{\"jsonrpc\":\"2.0\",\"id\":2}]");
        assertEquals(2, batch.messages().size());
        assertEquals(2, batch.rejected().size());
        assertEquals("2", batch.rejected().get(1).id().toString());
    }

    @Test
    void writtenMessagesAreOneLineEvenWhenStringsHoldLineBreaks() {
        var result = new JsonRpcResult(Jsonp.PROVIDER.createValue(1),
                Jsonp.object().add("text", "a\nb\r\nc\u2028").build());
        String line = codec.write(result.toJson());
        assertEquals(-1, line.indexOf('\n'));
        assertEquals(-1, line.indexOf('\r'));
    }
}
