package dev.graphiti.protocol.jsonrpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonValue;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

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

    @Test
    void deepNestingIsAParseErrorNotACrash() throws Exception {
        for (String text : new String[] {"[".repeat(1000), "{\"a\":".repeat(5000), "[".repeat(100_000) + "]".repeat(100_000),
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":" + "[".repeat(70) + "]".repeat(70) + "}}"}) {
            var e = assertThrows(MalformedMessageException.class, () -> codec.parse(text));
            assertEquals(-32700, e.response().error().code(), e.getMessage());
            assertEquals("null", e.response().id().toString());
        }
        // Brackets inside strings are text, and 60 levels of arguments are still served.
        String nested = "[".repeat(60) + "\"[[[[{{{{\"" + "]".repeat(60);
        var request = (JsonRpcRequest) ((SingleMessage) codec.parse("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\","
                + "\"params\":{\"x\":" + nested + ",\"s\":\"" + "[".repeat(1000) + "\"}}")).message();
        assertEquals(1000, request.params().getString("s").length());
    }

    @Test
    void hugeNumbersAreRefusedAsInvalidRequestsAndLongIntegerIdsAreEchoedExactly() throws Exception {
        String digits = "9".repeat(1200);
        for (String text : new String[] {"{\"jsonrpc\":\"2.0\",\"id\":" + digits + ",\"method\":\"ping\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"n\":-" + digits + "}}",
                "[{\"jsonrpc\":\"2.0\",\"id\":" + digits + ",\"method\":\"ping\"}]"}) {
            var e = assertThrows(MalformedMessageException.class, () -> codec.parse(text));
            assertEquals(-32600, e.response().error().code());
            assertTrue(e.getMessage().contains("exceeds the limit of 100"), e.getMessage());
        }
        String longest = "-" + "7".repeat(99);
        var request = (JsonRpcRequest) ((SingleMessage) codec.parse("{\"jsonrpc\":\"2.0\",\"id\":" + longest
                + ",\"method\":\"ping\"}")).message();
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":" + longest + ",\"result\":{}}",
                codec.write(new JsonRpcResult(request.id(), JsonValue.EMPTY_JSON_OBJECT).toJson()));
        for (String odd : new String[] {"1e400", "1.0", "-0.5", "1E2"}) {
            var e = assertThrows(MalformedMessageException.class, () -> codec.parse("{\"jsonrpc\":\"2.0\",\"id\":" + odd
                    + ",\"method\":\"ping\"}"));
            assertEquals(-32600, e.response().error().code(), odd);
        }
    }

    @Test
    void anIdWithALoneSurrogateComesBackAsTheClientWroteIt() throws Exception {
        for (String wire : new String[] {"\\ud800", "a\\udfffb", "\\udc00\\ud800", "\\ud83d\\ude00x\\ud83d"}) {
            var request = (JsonRpcRequest) ((SingleMessage) codec.parse("{\"jsonrpc\":\"2.0\",\"id\":\"" + wire
                    + "\",\"method\":\"ping\"}")).message();
            String answer = codec.write(new JsonRpcResult(request.id(), JsonValue.EMPTY_JSON_OBJECT).toJson());
            byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
            assertEquals(answer, new String(bytes, StandardCharsets.UTF_8), "the answer survives UTF-8: " + answer);
            var echoed = (JsonRpcResult) ((SingleMessage) codec.parse(bytes, 0, bytes.length)).message();
            assertEquals(request.id(), echoed.id(), answer);
        }
        String pair = codec.write(new JsonRpcResult(Jsonp.PROVIDER.createValue("\ud83d\ude00"), JsonValue.EMPTY_JSON_OBJECT).toJson());
        assertTrue(pair.contains("\ud83d\ude00"), "a valid pair stays a character: " + pair);
    }

    @Test
    void bytesThatAreNotUtf8AreAParseError() throws Exception {
        byte[] prefix = "{\"jsonrpc\":\"2.0\",\"id\":\"".getBytes(StandardCharsets.UTF_8);
        byte[] suffix = "\",\"method\":\"ping\"}".getBytes(StandardCharsets.UTF_8);
        for (byte[] bad : new byte[][] {{(byte) 0xff}, {(byte) 0xc3}, {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, {(byte) 0xc0, (byte) 0xaf}}) {
            byte[] message = new byte[prefix.length + bad.length + suffix.length];
            System.arraycopy(prefix, 0, message, 0, prefix.length);
            System.arraycopy(bad, 0, message, prefix.length, bad.length);
            System.arraycopy(suffix, 0, message, prefix.length + bad.length, suffix.length);
            var e = assertThrows(MalformedMessageException.class, () -> codec.parse(message, 0, message.length));
            assertEquals(-32700, e.response().error().code());
            assertTrue(e.getMessage().contains("UTF-8"), e.getMessage());
        }
        byte[] replacement = "{\"jsonrpc\":\"2.0\",\"id\":\"\uFFFD\",\"method\":\"ping\"}".getBytes(StandardCharsets.UTF_8);
        var request = (JsonRpcRequest) ((SingleMessage) codec.parse(replacement, 0, replacement.length)).message();
        assertEquals("\"\uFFFD\"", request.id().toString(), "a real U+FFFD is text like any other");
    }
}
